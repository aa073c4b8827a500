/**
 * The client search of the open screens in Chromium: a surname shared by more clients than a page holds
 * (59 'Silva') is reached page by page with plain links, without JavaScript.
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
      const body = { name, phone1: '(11) 98888-7777', ...(i === 0 ? { cpf: '52998224725' } : {}) };
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

      await selecionar.last().click();
      expect(await page.locator('.selected-client').textContent()).toContain(last);
      await expect(page.getByLabel('Nome da peça').count()).resolves.toBe(1);
      expectNoProblems(page, 'the client search');
    } finally {
      await page.context().close();
    }
  });
});
