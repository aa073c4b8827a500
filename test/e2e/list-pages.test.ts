/**
 * A long list in Chromium with JavaScript off (decision 016, "Lists in pages"): Listar Pedidos for a
 * status holding 55 orders shows 50, 'Página 1 de 2' and '55 resultados'; Próxima and Anterior are plain
 * links that keep the status chosen.
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
  startSystem,
} from '../support/browser.ts';

describe('a list in pages, without JavaScript', () => {
  let system: RunningSystem;
  let browser: Browser;

  beforeAll(async () => {
    system = await startSystem();
    browser = await launchBrowser();
    const token = (await apiLogin(system.api, MANAGER.username, MANAGER.password)).token;
    const client = await apiCall<{ id: number }>(system.api, 'POST', '/clients', token, {
      name: 'Cliente dos Pedidos',
    });
    for (let i = 1; i <= 55; i++) {
      await apiCall(system.api, 'POST', '/orders', token, {
        client_id: client.body.id,
        piece_name: `Peça ${i}`,
      });
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('Listar shows the first 50, Próxima the last 5, Anterior the first again', async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    await login(page, system.url, MANAGER.username, MANAGER.password);
    await page.goto(`${system.url}/listar-pedido`);
    await page.getByLabel('Status').selectOption({ label: 'Aguardando pedido' });
    await page.getByRole('button', { name: 'Listar' }).click();

    const pager = page.getByRole('navigation', { name: 'Páginas' });
    const rows = page.locator('table.aged-orders tbody tr');
    await expect(pager.getByText('Página 1 de 2').count()).resolves.toBe(1);
    await expect(pager.getByText('55 resultados').count()).resolves.toBe(1);
    await expect(rows.count()).resolves.toBe(50);
    await expect(pager.getByRole('link', { name: 'Anterior' }).count()).resolves.toBe(0);

    await pager.getByRole('link', { name: 'Próxima' }).click();
    expect(new URL(page.url()).search).toBe('?status=100&pagina=2');
    await expect(pager.getByText('Página 2 de 2').count()).resolves.toBe(1);
    await expect(rows.count()).resolves.toBe(5);
    // The oldest five, the list being newest number first; the status is still the one chosen.
    await expect(page.getByRole('cell', { name: 'Peça 1', exact: true }).count()).resolves.toBe(1);
    await expect(page.getByLabel('Status').inputValue()).resolves.toBe('100');
    await expect(pager.getByRole('link', { name: 'Próxima' }).count()).resolves.toBe(0);

    await pager.getByRole('link', { name: 'Anterior' }).click();
    await expect(pager.getByText('Página 1 de 2').count()).resolves.toBe(1);
    await expect(page.getByRole('cell', { name: 'Peça 55', exact: true }).count()).resolves.toBe(1);
    expectNoProblems(page, 'list in pages');
  });
});
