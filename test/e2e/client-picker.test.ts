/**
 * The client search of the open screens in Chromium: a surname shared by more clients than a page holds
 * (59 'Silva') is reached page by page with plain links, without JavaScript; at the counter's screen
 * sizes the name has the room, the document and the phone fit on their line and Selecionar stays in
 * its row, under column headings.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import {
  expectNoProblems,
  launchBrowser,
  login,
  newPage,
  type RunningSystem,
  screenshot,
  startSystem,
} from '../support/browser.ts';

/** The 59 clients, in the api's order (by name); every seventh with a long name. */
const NAMES = Array.from({ length: 59 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return (i + 1) % 7 === 0
    ? `Cliente ${n} Maria Aparecida dos Santos Conceição de Albuquerque Silva`
    : `Cliente ${n} Silva`;
});

describe('the client search of the open screens', () => {
  let system: RunningSystem;
  let browser: Browser;

  beforeAll(async () => {
    system = await startSystem();
    browser = await launchBrowser();
    const token = (await apiLogin(system.api, MANAGER.username, MANAGER.password)).token;
    for (const [i, name] of NAMES.entries()) {
      const document = i === 0 ? { cpf: '52998224725' } : i === 1 ? { cnpj: '11222333000181' } : {};
      const body = { name, phone1: '(11) 98888-7777', ...document };
      expect((await apiCall(system.api, 'POST', '/clients', token, body)).status).toBe(201);
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('without JavaScript: 50 a page with the total, Próxima reaches the last 9, and one is selected', async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    try {
      await login(page, system.url, MANAGER.username, MANAGER.password);
      await page.goto(`${system.url}/abrir-pedido`);
      const search = page.getByRole('form', { name: 'Buscar cliente' });
      await search.getByLabel('Buscar cliente (nome, CPF ou CNPJ)').fill('silva');
      await search.getByRole('button', { name: 'Buscar' }).click();

      const pager = page.getByRole('navigation', { name: 'Páginas' });
      const selecionar = page.getByRole('link', { name: 'Selecionar' });
      await expect(pager.getByText('Página 1 de 2').count()).resolves.toBe(1);
      await expect(pager.getByText('59 resultados').count()).resolves.toBe(1);
      await expect(selecionar.count()).resolves.toBe(50);

      await pager.getByRole('link', { name: 'Próxima' }).click();
      expect(new URL(page.url()).search).toBe('?busca=silva&pagina=2');
      await expect(pager.getByText('Página 2 de 2').count()).resolves.toBe(1);
      await expect(selecionar.count()).resolves.toBe(9);
      const last = NAMES[58] as string;
      await expect(page.getByText(last, { exact: true }).count()).resolves.toBe(1);

      await page.getByRole('row', { name: last }).getByRole('link', { name: 'Selecionar' }).click();
      expect(await page.locator('.selected-client').textContent()).toContain(last);
      await expect(page.getByLabel('Nome da peça').count()).resolves.toBe(1);
      expectNoProblems(page, 'the client search');
    } finally {
      await page.context().close();
    }
  });

  it('at 1024×768 and 1366×768: headings, the name widest, document and phone on one line, Selecionar inside', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    try {
      await login(page, system.url, MANAGER.username, MANAGER.password);
      for (const width of [1024, 1366]) {
        await page.setViewportSize({ width, height: 768 });
        await page.goto(`${system.url}/abrir-os-normal?busca=silva`);
        const table = page.getByRole('table', { name: 'Clientes encontrados' });
        const headings = await table.getByRole('columnheader').allTextContents();
        expect(headings.map((h) => h.trim())).toEqual(['Nome', 'CPF / CNPJ', 'Telefone', 'Ação']);

        const rows = table.getByRole('row');
        await expect(rows.count()).resolves.toBe(51);
        const boxes = async (row: number) =>
          rows.nth(row).evaluate((tr) => ({
            row: tr.getBoundingClientRect().toJSON() as DOMRect,
            cells: [...tr.children].map((c) => c.getBoundingClientRect().toJSON() as DOMRect),
            lineHeight: Number.parseFloat(getComputedStyle(tr.children[0] as Element).lineHeight),
          }));
        // Row 1: the CPF; row 2: the CNPJ; row 7: the long name.
        for (const n of [1, 2, 7]) {
          const { row, cells, lineHeight } = await boxes(n);
          const [name, document, phone, action] = cells as [DOMRect, DOMRect, DOMRect, DOMRect];
          expect(name.width, `name widest at ${width}px`).toBeGreaterThan(
            Math.max(document.width, phone.width, action.width),
          );
          // The document, the phone and Selecionar each on one line (padding aside).
          for (const [what, cell] of [
            ['document', document],
            ['phone', phone],
            ['action', action],
          ] as const) {
            expect(cell.height, `${what} on one line at ${width}px`).toBeLessThan(lineHeight * 2);
          }
          const link = await rows.nth(n).getByRole('link', { name: 'Selecionar' }).boundingBox();
          expect(link && link.x + link.width <= row.right + 0.5, `Selecionar inside at ${width}px`).toBe(
            true,
          );
          expect(row.right).toBeLessThanOrEqual(width);
        }
        // The long name takes two lines at most.
        const long = await boxes(7);
        expect((long.cells[0] as DOMRect).height).toBeLessThan(long.lineHeight * 3);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `client-picker-${width}`);
      }
      expectNoProblems(page, 'the client search');
    } finally {
      await page.context().close();
    }
  });
});
