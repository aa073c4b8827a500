/**
 * The document every page and sheet is sent in (server/render.tsx): the charset first, the title
 * escaped, the app's or the print stylesheet, and the islands' scripts and preloads only when the page
 * used them.
 */
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../server/render.tsx';
import { PrintLink } from '../../views/components/PrintLink.tsx';
import { SubmitButton } from '../../views/components/SubmitButton.tsx';
import { HOSTILE_TEXT, HOSTILE_TEXT_ESCAPED } from '../support/html.ts';

const assets = {
  stylesheet: '/static/css/app.css?v=1',
  printStylesheet: '/static/css/print.css?v=2',
  islandScripts: (names: Iterable<string>) => {
    const used = [...names];
    return used.length
      ? { scripts: used.map((n) => `/build/${n}.js`), preloads: ['/build/runtime.js'] }
      : { scripts: [], preloads: [] };
  },
  sheetPrefetches: ['/static/css/print.css?v=2', '/build/print-button.js'],
};
const req = { path: '/os/1' } as Request;
const res = { locals: { cspNonce: 'n0nce' } } as unknown as Response;

function headOf(html: string): string {
  return html.slice(html.indexOf('<head>'), html.indexOf('</head>') + '</head>'.length);
}

describe('the document', () => {
  it('starts with the doctype, the language and the charset, and names the page in the title', () => {
    const html = renderPage(req, res, assets, <p>Oi</p>, { title: 'O.S. M00001' });
    // HTML attribute names ignore case: React writes charSet.
    expect(
      html.toLowerCase().startsWith('<!doctype html><html lang="pt-br"><head><meta charset="utf-8"/>'),
    ).toBe(true);
    expect(html).toContain('<title>O.S. M00001 · Bancada</title>');
    expect(headOf(html)).toContain('<link rel="stylesheet" href="/static/css/app.css?v=1"/>');
    expect(html).toContain('<main id="conteudo"><p>Oi</p></main>');
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('is titled Bancada alone when the page has no title', () => {
    expect(renderPage(req, res, assets, <p />, { title: '' })).toContain('<title>Bancada</title>');
  });

  it('escapes a title that came from data', () => {
    const head = headOf(renderPage(req, res, assets, <p />, { title: HOSTILE_TEXT }));
    expect(head).toContain(`<title>${HOSTILE_TEXT_ESCAPED} · Bancada</title>`);
    expect(head).not.toContain('<script');
  });

  it('ships no script and no preload for a page without islands', () => {
    const html = renderPage(req, res, assets, <p />, { title: 'Consulta' });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('modulepreload');
  });

  it("preloads and loads, under the response's nonce, the islands the page used", () => {
    const html = renderPage(req, res, assets, <SubmitButton label="Salvar" />, { title: 'Salvar' });
    expect(headOf(html)).toContain('<link rel="modulepreload" href="/build/runtime.js"/>');
    expect(html).toContain(
      '<script type="module" src="/build/busy-button.js" nonce="n0nce"></script></body>',
    );
  });

  it('fetches ahead what a print sheet needs only on a page that links to one', () => {
    const linking = renderPage(req, res, assets, <PrintLink href="/os/1/imprimir">Imprimir O.S.</PrintLink>, {
      title: 'O.S.',
    });
    expect(headOf(linking)).toContain('<link rel="prefetch" href="/static/css/print.css?v=2"/>');
    expect(headOf(linking)).toContain('<link rel="prefetch" href="/build/print-button.js"/>');
    // The sheet itself still opens in a tab of its own.
    expect(linking).toContain(
      '<a class="button" href="/os/1/imprimir" target="_blank" rel="noopener">Imprimir O.S.</a>',
    );
    expect(renderPage(req, res, assets, <p />, { title: 'Consulta' })).not.toContain('prefetch');
  });

  it('starts the body of a signed-in page with the menu, naming the user and marking the page', () => {
    const signedIn = {
      path: '/consulta',
      session: { auth: { user: { id: 1, username: 'ana' } } },
    } as unknown as Request;
    const html = renderPage(signedIn, res, assets, <p>Oi</p>, { title: 'Consulta' });
    expect(html).toMatch(
      /<body>(?:<link rel="preload" as="image" href="[^"]+"\/>)?<a class="skip-link" href="#conteudo">Pular para o conteúdo<\/a><nav class="menu" aria-label="Menu principal">[\s\S]*<\/nav><main id="conteudo"><p>Oi<\/p><\/main>/,
    );
    expect(html).toContain('<span class="who">ana</span>');
    expect(html).toContain('<a href="/consulta" aria-current="page">Consulta</a>');
  });

  it('shows no menu to a visitor who is not signed in', () => {
    expect(renderPage(req, res, assets, <p />, { title: 'Entrar' })).not.toContain('Menu principal');
  });

  it('gives a print sheet the print stylesheet and no menu', () => {
    const signedIn = { path: '/os/1/imprimir', session: { auth: { user: { username: 'ana' } } } };
    const html = renderPage(signedIn as unknown as Request, res, assets, <article>Folha</article>, {
      title: 'O.S.',
      sheet: true,
    });
    expect(headOf(html)).toContain('<link rel="stylesheet" href="/static/css/print.css?v=2"/>');
    expect(headOf(html)).not.toContain('app.css');
    expect(html).toContain('<body><article>Folha</article></body>');
  });
});
