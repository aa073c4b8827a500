/**
 * Dialogs with the keyboard in Chromium: a dialog opened by a link of its own (Caixa do dia's Excluir) is
 * a real modal like the others, closes with Escape, leaves the address and gives the keyboard back to
 * its link; the Finalizar dialog of an order not ready closes with Cancelar, with and without
 * JavaScript; a delete dialog that lists links above its fields starts in Usuário; the first Tab on a
 * page with the menu reaches a link past it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, MANAGER } from '../support/api.ts';
import {
  expectNoProblems,
  launchBrowser,
  login,
  newPage,
  type RunningSystem,
  startSystem,
} from '../support/browser.ts';

describe('dialogs with the keyboard in Chromium', () => {
  let system: RunningSystem;
  let browser: Browser;
  let token: string;

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${system.api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    [system, browser] = await Promise.all([startSystem(), launchBrowser()]);
    token = (await apiLogin(system.api, MANAGER.username, MANAGER.password)).token;
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it("Caixa do dia: an entry's Excluir opens a modal; Escape closes it, the address drops ?deletar, the keyboard is back on the link", async () => {
    const entry = await api<{ id: number }>('POST', '/transactions', {
      type: 201,
      value: 12.5,
      description: 'Compra de fita',
      payment_method: 'Dinheiro',
    });
    const page = await newPage(browser, { javaScriptEnabled: true });
    try {
      await login(page, system.url, MANAGER.username, MANAGER.password);
      await page.goto(`${system.url}/caixa-hoje`);
      const unlock = page.getByRole('dialog', { name: 'Acessar Caixa' });
      await unlock.getByLabel('Usuário').fill(MANAGER.username);
      await unlock.getByLabel('Senha').fill(MANAGER.password);
      await Promise.all([page.waitForEvent('load'), unlock.getByRole('button', { name: 'Entrar' }).click()]);

      const link = page.getByRole('link', { name: 'Excluir lançamento Compra de fita' });
      await link.focus();
      await Promise.all([page.waitForURL(/deletar=/), page.keyboard.press('Enter')]);
      const dialog = page.getByRole('dialog', { name: 'Excluir Lançamento: Compra de fita' });
      await expect.poll(() => dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
      // The keyboard starts in the dialog's first field.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
        'confirm_username',
      );
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(new URL(page.url()).search).not.toContain('deletar');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe(`excluir-lancamento-${entry.id}`);
      expectNoProblems(page, page.url());
    } finally {
      await page.context().close();
    }
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`Finalizar on an O.S. not ready: Cancelar closes the dialog (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const client = await api<{ id: number }>('POST', '/clients', { name: 'Cliente do Teclado' });
      const order = await api<{ id: number }>('POST', '/service-orders/normal', {
        client_id: client.id,
        product_name: 'Rádio',
      });
      const page = await newPage(browser, { javaScriptEnabled });
      try {
        await login(page, system.url, MANAGER.username, MANAGER.password);
        await page.goto(`${system.url}/os/${order.id}?dialogo=finalizar`);
        const dialog = page.getByRole('dialog', { name: 'Finalizar e Enviar para o caixa' });
        expect(
          await dialog.getByText('Para ir para o caixa, a O.S. precisa de Valor Final').isVisible(),
        ).toBe(true);
        await dialog.getByRole('button', { name: 'Cancelar' }).click();
        await expect.poll(() => dialog.isVisible()).toBe(false);
        expectNoProblems(page, page.url());
      } finally {
        await page.context().close();
      }
    });
  }

  it('Deletar Cliente with open orders listed above its fields: the keyboard starts in Usuário', async () => {
    const client = await api<{ id: number }>('POST', '/clients', { name: 'Cliente Com Ordens' });
    await api('POST', '/service-orders/normal', { client_id: client.id, product_name: 'TV' });
    const page = await newPage(browser, { javaScriptEnabled: true });
    try {
      await login(page, system.url, MANAGER.username, MANAGER.password);
      await page.goto(`${system.url}/editar-cliente/${client.id}`);
      await page.getByRole('button', { name: 'Deletar Cliente' }).click();
      const dialog = page.getByRole('dialog', { name: /Deletar Cliente/ });
      await expect.poll(() => dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
        .toBe('confirm_username');
      expectNoProblems(page, page.url());
    } finally {
      await page.context().close();
    }
  });

  it('the first Tab on a page with the menu reaches a visible link past it, which leads into the page', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    try {
      await login(page, system.url, MANAGER.username, MANAGER.password);
      await page.goto(`${system.url}/listar-os-normal`);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
      expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
      const box = await skip.boundingBox();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
      ).toBe(true);
      expectNoProblems(page, page.url());
    } finally {
      await page.context().close();
    }
  });
});
