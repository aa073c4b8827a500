/**
 * The top menu is rendered by React once per link marked current and username, and its markup kept
 * (menuHtml): what is kept must be what React writes for that page and that user, and never another
 * user's name.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Menu, menuHtml } from '../../views/layout/Menu.tsx';
import { expectHostileTextEscaped, HOSTILE_TEXT } from '../support/html.ts';

const currentLinks = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)" aria-current="page">/g)].map((m) => m[1]);

describe('the top menu', () => {
  it.each(['/consulta', '/cadastrar-cliente', '/abrir-os-retorno', '/listar-pedido', '/caixa-periodo'])(
    'marks %s as the current page, and only it',
    (path) => {
      const html = menuHtml(path, 'ana');
      expect(html).toBe(renderToStaticMarkup(<Menu current={path} username="ana" />));
      expect(currentLinks(html)).toEqual([path]);
    },
  );

  it('marks no link on a page the menu does not name', () => {
    for (const path of ['/os/1', '/consulta/', '/caixa-hoje/imprimir', '/']) {
      const html = menuHtml(path, 'ana');
      expect(currentLinks(html)).toEqual([]);
      expect(html).toBe(renderToStaticMarkup(<Menu current="" username="ana" />));
    }
  });

  it("shows each user's own name, whoever asked before", () => {
    const first = menuHtml('/consulta', 'ana');
    const other = menuHtml('/consulta', 'bruno');
    expect(first).toContain('<span class="who">ana</span>');
    expect(other).toContain('<span class="who">bruno</span>');
    expect(other).not.toContain('ana');
    expect(menuHtml('/consulta', 'ana')).toBe(first);
    // A name that reads like another key is still its own user.
    expect(menuHtml('/consulta', ' ana')).toContain('<span class="who"> ana</span>');
  });

  it('escapes the username', () => {
    expectHostileTextEscaped(menuHtml('/consulta', HOSTILE_TEXT));
  });
});
