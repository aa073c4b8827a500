/**
 * Work that is not lost, in Chromium, with JavaScript on and off: two tabs editing one O.S. (the later
 * save is refused and shows both, 'Salvar por cima' takes what this person changed and keeps the rest as
 * the other saved), and a session that ends mid-form (sign
 * in again, the form comes back with the typing).
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
  toasts,
} from '../support/browser.ts';

type Json = Record<string, unknown>;

describe('edits that lose nothing, in Chromium', () => {
  let system: RunningSystem;
  let browser: Browser;
  let token: string;
  let clientId: number;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startSystem(), launchBrowser()]);
    token = (await apiLogin(system.api, MANAGER.username, MANAGER.password)).token;
    clientId = (await api('POST', '/clients', { name: 'Iara Concorrente', phone1: '(11) 90000-2222' }))
      .id as number;
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  async function api(method: string, path: string, body?: unknown): Promise<Json> {
    const res = await fetch(`${system.api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as Json;
  }

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';

    it(`${mode}: tab B saves Consertada, Bia, R$ 500; tab A's serial is refused with both shown`, async () => {
      const { id } = await api('POST', '/service-orders/normal', {
        client_id: clientId,
        product_name: 'Som',
      });
      const url = system.url;
      const tabA = await newPage(browser, { javaScriptEnabled });
      const tabB = await newPage(browser, { javaScriptEnabled });
      await login(tabA, url, MANAGER.username, MANAGER.password);
      await login(tabB, url, MANAGER.username, MANAGER.password);
      await tabA.goto(`${url}/editar-os/${id}`);
      await tabB.goto(`${url}/editar-os/${id}`);

      await tabB.getByLabel('Status').selectOption({ label: 'Consertada' });
      await tabB.getByLabel('Técnico').fill('Bia');
      await tabB.getByLabel('Valor final').fill('500,00');
      await Promise.all([
        tabB.waitForURL(`${url}/os/${id}`),
        tabB.getByRole('button', { name: 'Salvar' }).click(),
      ]);

      await tabA.getByLabel('Número de série').fill('SN-DA-ABA-A');
      await Promise.all([
        tabA.waitForURL(new RegExp(`/editar-os/${id}\\?rascunho=`)),
        tabA.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      expect(await tabA.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Outra pessoa alterou esta O.S.',
      );
      const row = (label: string) => tabA.locator('table.conflict-table tr').filter({ hasText: label });
      // A changed only the serial: what B saved elsewhere stays on A's side too, not A's stale copy of it.
      expect(await row('Status').locator('td').allTextContents()).toEqual(['Consertada', 'Consertada']);
      expect(await row('Técnico').locator('td').allTextContents()).toEqual(['Bia', 'Bia']);
      expect(await row('Número de série').locator('td').nth(1).textContent()).toBe('SN-DA-ABA-A');
      expect(await row('Número de série').getAttribute('class')).toBe('differs');
      const saved = await api('GET', `/service-orders/normal/${id}`);
      expect(saved).toMatchObject({ status: 104, fix_technician_name: 'Bia', fix_value_final: 500 });

      // Descartar o meu: the order as B saved it.
      expect(await tabA.getByRole('link', { name: 'Descartar o meu' }).getAttribute('href')).toBe(
        `/os/${id}`,
      );
      // Salvar por cima: A's change over the version shown, B's repair kept.
      await Promise.all([
        tabA.waitForURL(`${url}/os/${id}`),
        tabA.getByRole('button', { name: 'Salvar por cima' }).click(),
      ]);
      expect(await toasts(tabA)).toEqual(['O.S. Editada com sucesso!']);
      expect(await api('GET', `/service-orders/normal/${id}`)).toMatchObject({
        product_serial: 'SN-DA-ABA-A',
        status: 104,
        fix_technician_name: 'Bia',
        fix_value_final: 500,
      });
      expectNoProblems(tabA, 'the edit conflict');
      await tabA.context().close();
      await tabB.context().close();
    });

    it(`${mode}: the session ends mid-form; after signing in the form is back with the typing`, async () => {
      const { id } = await api('POST', '/service-orders/normal', { client_id: clientId, product_name: 'TV' });
      const url = system.url;
      const page = await newPage(browser, { javaScriptEnabled });
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/editar-os/${id}`);
      await page.getByLabel('Acessórios').fill('Capinha\nCarregador');
      await page.getByLabel('Número de série').fill('SN-SESSAO');
      // The session cookie goes (expiry, a restart, Sair elsewhere).
      await page.context().clearCookies();
      await Promise.all([page.waitForURL(/\/\?next=/), page.getByRole('button', { name: 'Salvar' }).click()]);
      expect(await toasts(page)).toEqual([
        'Sua sessão expirou. Entre novamente: o que você digitou foi guardado e volta ao formulário.',
      ]);
      await page.getByLabel('Usuário', { exact: true }).fill(MANAGER.username);
      await page.getByLabel('Senha', { exact: true }).fill(MANAGER.password);
      await Promise.all([
        page.waitForURL(new RegExp(`/editar-os/${id}\\?rascunho=`)),
        page.getByRole('button', { name: 'Entrar', exact: true }).click(),
      ]);
      expect(await page.getByLabel('Número de série').inputValue()).toBe('SN-SESSAO');
      expect(await page.getByLabel('Acessórios').inputValue()).toBe('Capinha\nCarregador');
      await Promise.all([
        page.waitForURL(`${url}/os/${id}`),
        page.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      expect(await api('GET', `/service-orders/normal/${id}`)).toMatchObject({ product_serial: 'SN-SESSAO' });
      expectNoProblems(page, 'the restored form');
      await page.context().close();
    });

    it(`${mode}: a create form sent after the session ended comes back with the typing and creates once`, async () => {
      const url = system.url;
      const page = await newPage(browser, { javaScriptEnabled });
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/abrir-os-normal?cliente=${clientId}`);
      const product = `Vitrola ${javaScriptEnabled ? 'JS' : 'sem JS'}`;
      await page.getByLabel('Nome do produto').fill(product);
      await page.getByLabel('Acessórios').fill('Agulha\nTampa');
      await page.context().clearCookies();
      await Promise.all([page.waitForURL(/\/\?next=/), page.getByRole('button', { name: 'Salvar' }).click()]);
      expect(await toasts(page)).toEqual([
        'Sua sessão expirou. Entre novamente: o que você digitou foi guardado e volta ao formulário.',
      ]);
      await page.getByLabel('Usuário', { exact: true }).fill(MANAGER.username);
      await page.getByLabel('Senha', { exact: true }).fill(MANAGER.password);
      await Promise.all([
        page.waitForURL(/\/abrir-os-normal\?.*rascunho=/),
        page.getByRole('button', { name: 'Entrar', exact: true }).click(),
      ]);
      expect(await page.getByLabel('Nome do produto').inputValue()).toBe(product);
      expect(await page.getByLabel('Acessórios').inputValue()).toBe('Agulha\nTampa');
      await Promise.all([
        page.waitForURL(/\/os\/\d+$/),
        page.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      // Back to the restored form and Salvar again: the same key opens the order, no second one.
      await page.goBack();
      await page.waitForURL(/\/abrir-os-normal\?.*rascunho=/);
      await Promise.all([
        page.waitForURL(/\/os\/\d+$/),
        page.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      const client = await api('GET', `/clients/${clientId}`);
      const made = (client.normal_service_orders as Json[]).filter((o) => o.product_name === product);
      expect(made).toHaveLength(1);
      expect(page.url()).toBe(`${url}/os/${made[0]?.id}`);
      expectNoProblems(page, 'the restored create form');
      await page.context().close();
    });

    it(`${mode}: a refused create is shown by a GET: the focus on the field, no resubmission on reload`, async () => {
      const url = system.url;
      const page = await newPage(browser, { javaScriptEnabled });
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/cadastrar-cliente`);
      await page.getByLabel('Telefone 1').fill('(11) 97777-0000');
      await Promise.all([
        page.waitForURL(/\/cadastrar-cliente\?rascunho=/),
        page.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      expect(await page.getByText('Nome obrigatório').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-name');
      expect(await page.getByLabel('Telefone 1').inputValue()).toBe('(11) 97777-0000');
      // A reload is a GET: no 'Confirm Form Resubmission', the same typing and message.
      let dialogs = 0;
      page.on('dialog', (d) => {
        dialogs++;
        void d.dismiss();
      });
      await page.reload();
      expect(dialogs).toBe(0);
      expect(await page.getByLabel('Telefone 1').inputValue()).toBe('(11) 97777-0000');
      expectNoProblems(page, 'the refused create');
      await page.context().close();
    });
  }

  // A create form's page is kept by the browser for Back (private, no-cache), its one-use key with it;
  // with script, the sent key also comes back with the history entry (islands/busy-button.ts).
  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';
    it(`${mode}: Back to a sent Abrir O.S. and Salvar again opens the first order, no second one`, async () => {
      const url = system.url;
      const page = await newPage(browser, { javaScriptEnabled });
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/abrir-os-normal?cliente=${clientId}`);
      const product = `Rádio Philco ${mode}`;
      await page.getByLabel('Nome do produto').fill(product);
      await Promise.all([
        page.waitForURL(/\/os\/\d+$/),
        page.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      const first = page.url();
      await page.goBack();
      await page.waitForURL(/\/abrir-os-normal\?cliente=/);
      expect(await page.getByLabel('Nome do produto').inputValue()).toBe(product);
      await Promise.all([
        page.waitForURL(/\/os\/\d+$/),
        page.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      expect(page.url()).toBe(first);
      expect(await toasts(page)).toEqual([
        'Este formulário já tinha sido enviado: abrimos o que ele criou, nada foi duplicado.',
      ]);
      const client = await api('GET', `/clients/${clientId}`);
      const made = (client.normal_service_orders as Json[]).filter((o) => o.product_name === product);
      expect(made).toHaveLength(1);
      expectNoProblems(page, 'Back and Salvar');
      await page.context().close();
    });

    // The browser gives back no field marked autocomplete=off (the money): Salvar then sends the
    // same key with the value blank, which is still the form already sent.
    it(`${mode}: Back to a sent Abrir Pedido (its value not given back) and Salvar again opens the first`, async () => {
      const url = system.url;
      const page = await newPage(browser, { javaScriptEnabled });
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/abrir-pedido?cliente=${clientId}`);
      const piece = `Tela ${mode}`;
      await page.getByLabel('Nome da peça').fill(piece);
      await page.getByLabel('Valor', { exact: true }).fill('55,90');
      await Promise.all([
        page.waitForURL(/\/pedido\/\d+$/),
        page.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      const first = page.url();
      await page.goBack();
      await page.waitForURL(/\/abrir-pedido\?cliente=/);
      await Promise.all([
        page.waitForURL(/\/pedido\/\d+$/),
        page.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      expect(page.url()).toBe(first);
      expect(await toasts(page)).toEqual([
        'Este formulário já tinha sido enviado: abrimos o que ele criou, nada foi duplicado.',
      ]);
      const client = await api('GET', `/clients?filter=${encodeURIComponent('Iara Concorrente')}`);
      const orders = ((client as unknown as Json[])[0]?.orders ?? []) as Json[];
      expect(orders.filter((o) => o.piece_name === piece)).toHaveLength(1);
      await page.context().close();
    });

    // The form posts to an address other than the page's, so the browser still has the page for Back.
    it(`${mode}: Back to a sent Cadastrar Cliente (its name not given back) and Salvar again opens the first`, async () => {
      const url = system.url;
      const page = await newPage(browser, { javaScriptEnabled });
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/cadastrar-cliente`);
      const name = `Cliente Volta ${mode}`;
      await page.getByLabel('Nome', { exact: true }).fill(name);
      await page.getByLabel('Telefone 1').fill('11987650000');
      await Promise.all([
        page.waitForURL(/\/abrir-os-normal\?cliente=\d+$/),
        page.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      const first = page.url();
      await page.goBack();
      await page.waitForURL(/\/cadastrar-cliente$/);
      await Promise.all([
        page.waitForURL(/\/abrir-os-normal\?cliente=\d+$/),
        page.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      expect(page.url()).toBe(first);
      expect(await toasts(page)).toEqual([
        'Este formulário já tinha sido enviado: abrimos o que ele criou, nada foi duplicado.',
      ]);
      const found = (await api('GET', `/clients?filter=${encodeURIComponent(name)}`)) as unknown as Json[];
      expect(found).toHaveLength(1);
      await page.context().close();
    });

    it(`${mode}: Back to a sent Pagamento antecipado (its value typed again) and Enviar books it once`, async () => {
      const url = system.url;
      const order = await api('POST', '/service-orders/normal', {
        client_id: clientId,
        product_name: 'Rádio Sinal',
      });
      const page = await newPage(browser, { javaScriptEnabled });
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/os/${order.id}?dialogo=pagamento-antecipado`);
      const dialog = page.locator('dialog#pagamento-antecipado');
      await dialog.getByLabel('Descrição').fill('Sinal');
      await dialog.getByLabel('Valor').fill('10,00');
      await dialog.getByLabel('Forma de pagamento').selectOption('Pix');
      await Promise.all([
        page.waitForURL(new RegExp(`/os/${order.id}$`)),
        dialog.getByRole('button', { name: 'Enviar' }).click(),
      ]);
      await page.goBack();
      await page.waitForURL(/dialogo=pagamento-antecipado/);
      await dialog.getByLabel('Valor').fill('10,00');
      await Promise.all([
        page.waitForURL(new RegExp(`/os/${order.id}$`)),
        dialog.getByRole('button', { name: 'Enviar' }).click(),
      ]);
      const after = await api('GET', `/service-orders/normal/${order.id}`);
      expect((after.transactions as Json[]).filter((t) => t.type === 101)).toHaveLength(1);
      await page.context().close();
    });
  }
});
