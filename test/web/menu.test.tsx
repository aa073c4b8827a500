/**
 * The top menu (Menu): the link to the page shown marked current, and only it; the signed-in user's own
 * name, escaped.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Menu, menuCurrent } from '../../views/layout/Menu.tsx';
import { expectHostileTextEscaped, HOSTILE_TEXT } from '../support/html.ts';

const menuHtml = (path: string, username: string) =>
  renderToStaticMarkup(<Menu current={menuCurrent(path)} username={username} />);

const currentLinks = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)" aria-current="page">/g)].map((m) => m[1]);

describe('the top menu', () => {
  it.each(['/consulta', '/cadastrar-cliente', '/abrir-os-retorno', '/listar-pedido', '/caixa-periodo'])(
    'marks %s as the current page, and only it',
    (path) => {
      const html = menuHtml(path, 'ana');
      expect(currentLinks(html)).toEqual([path]);
    },
  );

  it('marks no link on a page the menu does not name', () => {
    for (const path of ['/os/1', '/consulta/', '/caixa-hoje/imprimir', '/']) {
      const html = menuHtml(path, 'ana');
      expect(currentLinks(html)).toEqual([]);
    }
  });

  it("shows each user's own name", () => {
    const first = menuHtml('/consulta', 'ana');
    const other = menuHtml('/consulta', 'bruno');
    expect(first).toContain('<span class="who">ana</span>');
    expect(other).toContain('<span class="who">bruno</span>');
    expect(other).not.toContain('ana');
    expect(menuHtml('/consulta', ' ana')).toContain('<span class="who"> ana</span>');
  });

  it('escapes the username', () => {
    expectHostileTextEscaped(menuHtml('/consulta', HOSTILE_TEXT));
  });
});
