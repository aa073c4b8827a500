/**
 * Orders in Chromium (SPEC §2 Open screens, Service order detail, Parts order detail, edit screens; §4
 * actions; §5; §8): a normal O.S. from the client search to the cash, a return against it, an external
 * service cancelled; a parts order to the cash and another cancelled with a manager's login. With
 * JavaScript (modal dialogs, the calendar, the busy button) and without it (dialogs by ?dialogo= links).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import {
  clickWhilePostHeld,
  expectNoProblems,
  heading,
  launchBrowser,
  login,
  newPage,
  type RunningSystem,
  screenshot,
  startSystem,
  toasts,
} from '../support/browser.ts';

const TZ = 'America/Sao_Paulo';

/** The value shown under a label of the detail lists (<dt>label</dt><dd>value</dd>), nth in page order. */
async function shown(page: Page, label: string, nth = 0): Promise<string> {
  const values = await page
    .locator('dl.details > div')
    .evaluateAll(
      (divs, wanted) =>
        divs
          .filter((d) => d.querySelector('dt')?.textContent?.trim() === wanted)
          .map((d) => d.querySelector('dd')?.textContent?.trim() ?? ''),
      label,
    );
  return values[nth] ?? '(none)';
}

/** Clicks and waits for the next page to load (a form post, a redirect, a link). */
async function submitAndLoad(page: Page, target: Locator, url?: RegExp | string) {
  // The new document's load, not the URL: a form often posts back to the page it stands on.
  await Promise.all([page.waitForEvent('load'), target.click()]);
  if (url) await page.waitForURL(url);
}

/** Searches a client on an open screen and follows Selecionar. */
async function pickClient(page: Page, name: string) {
  const search = page.getByRole('form', { name: 'Buscar cliente' });
  await search.getByLabel('Buscar cliente (nome, CPF ou CNPJ)').fill(name);
  await submitAndLoad(page, search.getByRole('button', { name: 'Buscar' }), /busca=/);
  const row = page
    .getByRole('table', { name: 'Clientes encontrados' })
    .getByRole('row')
    .filter({ hasText: name });
  await submitAndLoad(page, row.getByRole('link', { name: 'Selecionar' }), /cliente=/);
  expect(await page.locator('.selected-client').textContent()).toContain(name);
}

const orderIdOf = (page: Page, kind: 'os' | 'pedido') => {
  const m = new RegExp(`/${kind}/(\\d+)$`).exec(new URL(page.url()).pathname);
  if (!m?.[1]) throw new Error(`not on an order page: ${page.url()}`);
  return m[1];
};

describe('orders in Chromium', () => {
  let system: RunningSystem;
  let browser: Browser;
  let employee: { username: string; password: string };
  const clientName = 'Heloísa Bancada';

  beforeAll(async () => {
    [system, browser] = await Promise.all([startSystem(), launchBrowser()]);
    employee = await createEmployee(system.api, 'tecnica.e2e', 'senha-da-tecnica');
    const { token } = await apiLogin(system.api, MANAGER.username, MANAGER.password);
    for (const name of [clientName, 'Outro Cliente Qualquer']) {
      const res = await fetch(`${system.api.url}/clients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name,
          phone1: '(11) 90000-1111',
          cpf: name === clientName ? '529.982.247-25' : '',
        }),
      });
      if (res.status !== 201) throw new Error(`client: ${res.status} ${await res.text()}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('with JavaScript: a normal O.S. from the client search to the cash, a return, an external service cancelled', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    const { url } = system;
    try {
      await login(page, url, employee.username, employee.password);

      // --- Abrir O.S.: search, Selecionar, the client's details, the product ---
      await page.goto(`${url}/abrir-os-normal`);
      expect(await heading(page)).toBe('Abrir O.S.');
      expect(await page.getByText('Nenhum cliente encontrado').count()).toBe(0);
      await pickClient(page, clientName);
      const open = page.getByRole('form', { name: 'Abrir O.S.' });
      await open.getByLabel('Nome do produto').fill('Notebook');
      await open.getByLabel('Modelo').fill('Inspiron 15');
      await open.getByLabel('Marca').fill('Dell');
      await open.getByLabel('Número de série').fill('SN-123');
      await open.getByLabel('Acessórios').fill('Carregador');
      await open.getByLabel('Defeito Reclamado').fill('Não liga');
      await submitAndLoad(page, open.getByRole('button', { name: 'Salvar' }), /\/os\/\d+$/);
      expect(await toasts(page)).toEqual(['O.S. Cadastrada com sucesso!']);
      const osId = orderIdOf(page, 'os');
      const number = (await heading(page)).replace(/^O\.S\. /, '');
      expect(number).toMatch(/^F\d{5}$/); // opened by a filial employee
      expect(await shown(page, 'Defeito Reclamado')).toBe('Não liga');
      expect(await page.getByText('Sem pagamentos').count()).toBe(1);
      expectNoProblems(page, 'Abrir O.S.');

      // --- Editar: Consertada, values with a decimal comma, a date typed and one picked ---
      await submitAndLoad(page, page.getByRole('link', { name: 'Editar' }), `${url}/editar-os/${osId}`);
      expect(await heading(page)).toBe(`Editar O.S.: ${number}`);
      const edit = page.getByRole('form', { name: `Editar O.S.: ${number}` });
      await edit.getByLabel('Status').selectOption({ label: 'Consertada' });
      await edit.getByLabel('Técnico').fill('João Técnico');
      const fixDate = edit.getByRole('textbox', { name: 'Data do conserto', exact: true });
      await fixDate.fill('10/03/2026');
      // The calendar opens on the typed month; a click types the day and closes it.
      const calendarButton = edit.getByRole('button', { name: 'Escolher data: Data do conserto' });
      await calendarButton.click();
      const calendar = page.getByRole('dialog', { name: 'Calendário: Data do conserto' });
      await expect.poll(() => calendar.isVisible()).toBe(true);
      expect(await calendar.textContent()).toContain('Março 2026');
      await screenshot(page, 'orders-edit-calendar');
      await calendar.getByRole('button', { name: /^17 de / }).click();
      expect(await fixDate.inputValue()).toBe('17/03/2026');
      await expect.poll(() => calendar.count()).toBe(0);
      expect(await calendarButton.getAttribute('aria-expanded')).toBe('false');
      await edit.getByLabel('Peças (uma por linha)').fill('Tela\nBateria');
      await edit.getByLabel('Valor das peças').fill('1.234,56');
      await edit.getByLabel('Valor da mão de obra').fill('100,00');
      await edit.getByLabel('Valor final').fill('1.334,56');
      await edit.getByLabel('Forma de pagamento').selectOption('Pix');
      await submitAndLoad(page, edit.getByRole('button', { name: 'Salvar' }), `${url}/os/${osId}`);
      expect(await toasts(page)).toEqual(['O.S. Editada com sucesso!']);
      expect(await page.locator('.os-header .status').textContent()).toBe('Consertada');
      expect(await shown(page, 'Data do conserto')).toBe('17/03/2026');
      expect(await shown(page, 'Peças')).toBe('Tela; Bateria');
      expect(await shown(page, 'Valor das peças')).toBe('R$ 1.234,56');
      expect(await shown(page, 'Valor final')).toBe('R$ 1.334,56');
      expectNoProblems(page, 'Editar O.S.');

      // --- Pagamento antecipado through the modal ---
      const upfront = page.getByRole('dialog', { name: 'Pagamento antecipado' });
      expect(await upfront.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Pagamento antecipado' }).click();
      await expect.poll(() => upfront.isVisible()).toBe(true);
      expect(await upfront.evaluate((d) => d.matches(':modal'))).toBe(true);
      await upfront.getByLabel('Descrição').fill('Sinal');
      await upfront.getByLabel('Valor').fill('334,56');
      await upfront.getByLabel('Forma de pagamento').selectOption('Dinheiro');
      await page.waitForTimeout(600); // the 500 ms fade-in, for the picture
      await screenshot(page, 'orders-upfront-dialog');
      await submitAndLoad(page, upfront.getByRole('button', { name: 'Enviar' }), `${url}/os/${osId}`);
      expect(await toasts(page)).toEqual(['Pagamento antecipado enviado ao caixa!']);
      const payments = page.locator('table.payments tbody tr');
      expect(await payments.count()).toBe(1);
      expect(await payments.first().textContent()).toContain('R$ 334,56');
      // On a phone the payments scroll in their own box and the status link breaks: the page itself never
      // scrolls sideways.
      const viewport = page.viewportSize();
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (viewport) await page.setViewportSize(viewport);

      // --- Finalizar e Enviar para o caixa: a confirmation first, with what goes to the cash ---
      await page.getByRole('button', { name: 'Finalizar e Enviar para o caixa' }).click();
      const confirm = page.getByRole('dialog', { name: 'Finalizar e Enviar para o caixa' });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      expect(await confirm.textContent()).toContain('Pagamentos antecipados');
      expect(await confirm.textContent()).toContain('Vai para o caixa');
      // Cancelar books nothing.
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await expect.poll(() => confirm.isVisible()).toBe(false);
      expect(await page.locator('.os-header .status').textContent()).not.toBe('Finalizada');
      await page.getByRole('button', { name: 'Finalizar e Enviar para o caixa' }).click();
      await expect.poll(() => confirm.isVisible()).toBe(true);
      // 'Enviando...', disabled, while the post runs.
      const finish = confirm.getByRole('button', { name: 'Confirmar e enviar ao caixa' });
      await clickWhilePostHeld(page, `**/os/${osId}/finalizar`, finish, (state) =>
        state.startsWith('Enviando...|disabled|'),
      );
      expect(page.url()).toBe(`${url}/os/${osId}`);
      expect(await toasts(page)).toEqual(['O.S. enviada ao caixa com sucesso!']);
      expect(await page.locator('.os-header .status').textContent()).toBe('Finalizada');
      // A finished order keeps only the print buttons.
      expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Pagamento antecipado' }).count()).toBe(0);
      expect(await finish.count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Imprimir O.S.' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Imprimir 2 vias' }).count()).toBe(1);
      expect(await shown(page, 'Data de finalização')).toBe(formatDisplayDate(todayInShop(TZ)));
      expect(await payments.count()).toBe(2);
      expect(await payments.nth(1).textContent()).toContain('O.S. FINALIZADA');
      expect(await payments.nth(1).textContent()).toContain('R$ 1.000,00');
      expectNoProblems(page, 'the O.S. actions');

      // --- Abrir O.S. de Retorno: the number typed in lower case ---
      await page.goto(`${url}/abrir-os-retorno`);
      expect(await heading(page)).toBe('Abrir O.S. de Retorno');
      const search = page.getByRole('form', { name: 'Buscar O.S.' });
      await search.getByLabel('Número da O.S.').fill(number.toLowerCase());
      await submitAndLoad(page, search.getByRole('button', { name: 'Buscar' }), /numero=/);
      const found = page.locator('ul.results li').filter({ hasText: number });
      expect(await found.count()).toBe(1);
      expect(await found.textContent()).toContain(clientName);
      await submitAndLoad(page, found.getByRole('link', { name: 'Selecionar' }), /original=/);
      expect(await shown(page, 'Número')).toBe(number);
      const back = page.getByRole('form', { name: 'Abrir O.S. de Retorno' });
      await back.getByLabel('Motivo do retorno').fill('Voltou a desligar');
      await submitAndLoad(page, back.getByRole('button', { name: 'Salvar' }), /\/os\/\d+$/);
      expect(await toasts(page)).toEqual(['O.S. de retorno cadastrada com sucesso!']);
      expect(await heading(page)).toMatch(/^O\.S\. de Retorno [A-Z]\d{5}$/);
      expect(await page.getByRole('heading', { name: 'O.S. original' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: number }).count()).toBe(1);
      expect(await shown(page, 'Motivo do retorno')).toBe('Voltou a desligar');
      expectNoProblems(page, 'Abrir O.S. de Retorno');

      // --- Abrir Serviço Externo, the date picked in the calendar, then Cancelar O.S. ---
      await page.goto(`${url}/abrir-atendimento-externo`);
      expect(await heading(page)).toBe('Abrir Serviço Externo');
      await pickClient(page, clientName);
      const ext = page.getByRole('form', { name: 'Abrir Serviço Externo' });
      await ext.getByLabel('Nome do produto').fill('Ar-condicionado');
      await ext.getByLabel('Marca').fill('LG');
      await ext.getByLabel('Defeito Reclamado').fill('Pingando');
      await ext.getByLabel('Tipo de serviço').fill('Instalação');
      await ext.getByRole('button', { name: 'Escolher data: Data' }).click();
      const extCalendar = page.getByRole('dialog', { name: 'Calendário: Data' });
      await expect.poll(() => extCalendar.isVisible()).toBe(true);
      await extCalendar.getByRole('button', { name: 'Próximo mês' }).click();
      await extCalendar.getByRole('button', { name: /^5 de / }).click();
      await expect.poll(() => extCalendar.count()).toBe(0);
      const picked = await ext.getByRole('textbox', { name: 'Data', exact: true }).inputValue();
      const now = new Date();
      const next = new Date(now.getFullYear(), now.getMonth() + 1, 5);
      expect(picked).toBe(`05/${String(next.getMonth() + 1).padStart(2, '0')}/${next.getFullYear()}`);
      await ext.getByLabel('Período').fill('Manhã');
      await ext.getByLabel('Valor').fill('250,00');
      await ext.getByLabel('Forma de pagamento').selectOption('Dinheiro');
      await ext.getByLabel('Detalhes').fill('Levar escada');
      await submitAndLoad(page, ext.getByRole('button', { name: 'Salvar' }), /\/os\/\d+$/);
      expect(await toasts(page)).toEqual(['Atendimento Externo Cadastrado com sucesso!']);
      expect(await heading(page)).toMatch(/^Atendimento Externo /);
      expect(await shown(page, 'Data do atendimento')).toBe(picked);
      expect(await shown(page, 'Valor')).toBe('R$ 250,00');
      // External orders: no two copies, no upfront payment.
      expect(await page.getByRole('link', { name: 'Imprimir 2 vias' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Pagamento antecipado' }).count()).toBe(0);
      const cancel = page.getByRole('dialog', { name: /^Cancelar O\.S\.:/ });
      await page.getByRole('button', { name: 'Cancelar O.S.' }).click();
      await expect.poll(() => cancel.isVisible()).toBe(true);
      await cancel.getByLabel('Motivo do cancelamento').fill('Cliente desistiu');
      await submitAndLoad(page, cancel.getByRole('button', { name: 'Cancelar O.S.' }), `${url}/consulta`);
      expect(await toasts(page)).toEqual(['O.S. cancelada com sucesso!']);
      expectNoProblems(page, 'the external service');
    } finally {
      await page.context().close();
    }
  });

  it("with JavaScript: a parts order to the cash, another cancelled with a manager's login", async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    const { url } = system;
    try {
      await login(page, url, employee.username, employee.password);

      // --- Abrir Pedido ---
      await page.goto(`${url}/abrir-pedido`);
      expect(await heading(page)).toBe('Abrir Pedido');
      await pickClient(page, clientName);
      const open = page.getByRole('form', { name: 'Pedido' });
      await open.getByLabel('Nome da peça').fill('Tela 15,6"');
      await open.getByLabel('Código da peça').fill('LP156');
      await open.getByLabel('Modelo do produto').fill('Inspiron 15');
      await open.getByLabel('Valor').fill('450,00');
      await submitAndLoad(page, open.getByRole('button', { name: 'Salvar' }), /\/pedido\/\d+$/);
      expect(await toasts(page)).toEqual(['Pedido cadastrado com sucesso!']);
      const id = orderIdOf(page, 'pedido');
      const number = (await heading(page)).replace(/^Pedido /, '');
      expect(await shown(page, 'Valor')).toBe('R$ 450,00');
      expect(await page.getByText('Sem pagamentos antecipados').count()).toBe(1);

      // --- Pagamento antecipado ---
      const upfront = page.getByRole('dialog', { name: 'Pagamento antecipado' });
      await page.getByRole('button', { name: 'Pagamento antecipado' }).click();
      await expect.poll(() => upfront.isVisible()).toBe(true);
      await upfront.getByLabel('Descrição').fill('Sinal da peça');
      await upfront.getByLabel('Valor').fill('150,00');
      await upfront.getByLabel('Forma de pagamento').selectOption('Pix');
      await submitAndLoad(page, upfront.getByRole('button', { name: 'Enviar' }), `${url}/pedido/${id}`);
      expect(await toasts(page)).toEqual(['Pagamento antecipado enviado ao caixa com sucesso!']);
      expect(await page.locator('table.payments tbody tr').count()).toBe(1);

      // --- Editar Pedido: the payment method, the manufacturer's order date typed ---
      await submitAndLoad(page, page.getByRole('link', { name: 'Editar' }), `${url}/editar-pedido/${id}`);
      expect(await heading(page)).toBe(`Editar Pedido: ${number}`);
      const edit = page.getByRole('form', { name: 'Editar Pedido' });
      await edit.getByLabel('Status').selectOption({ label: 'Cliente Notificado' });
      await edit.getByLabel('Valor').fill('1.450,90');
      await edit.getByLabel('Forma de pagamento').selectOption('Cartão de Crédito');
      await edit.getByRole('textbox', { name: 'Data do pedido ao fabricante' }).fill('02/03/2026');
      await edit.getByLabel('Código do pedido ao fabricante').fill('FAB-77');
      await submitAndLoad(page, edit.getByRole('button', { name: 'Salvar' }), `${url}/pedido/${id}`);
      expect(await toasts(page)).toEqual(['Pedido Editado com sucesso!']);
      expect(await shown(page, 'Valor')).toBe('R$ 1.450,90');
      expect(await shown(page, 'Data do pedido ao fabricante')).toBe('02/03/2026');
      expect(await shown(page, 'Forma de pagamento')).toBe('Cartão de Crédito');

      // --- Enviar para o caixa, confirmed in its dialog ---
      await page.getByRole('button', { name: 'Finalizar e Enviar para o caixa' }).click();
      const confirm = page.getByRole('dialog', { name: 'Finalizar e Enviar para o caixa' });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      await submitAndLoad(
        page,
        confirm.getByRole('button', { name: 'Confirmar e enviar ao caixa' }),
        `${url}/pedido/${id}`,
      );
      expect(await toasts(page)).toEqual(['Pedido enviado ao caixa com sucesso!']);
      expect(await page.locator('.order-header .status').textContent()).toBe('Finalizado');
      expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Imprimir Pedido' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Imprimir Etiqueta' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Pagamento antecipado' }).count()).toBe(0);
      expectNoProblems(page, 'the parts order to the cash');

      // --- Another order, cancelled: an employee's login is refused, a manager's goes ---
      await page.goto(`${url}/abrir-pedido`);
      await pickClient(page, clientName);
      await page.getByRole('form', { name: 'Pedido' }).getByLabel('Nome da peça').fill('Bateria');
      await submitAndLoad(
        page,
        page.getByRole('form', { name: 'Pedido' }).getByRole('button', { name: 'Salvar' }),
        /\/pedido\/\d+$/,
      );
      const second = orderIdOf(page, 'pedido');
      const cancel = page.getByRole('dialog', { name: /^Cancelar Pedido:/ });
      await page.getByRole('button', { name: 'Cancelar Pedido' }).click();
      await expect.poll(() => cancel.isVisible()).toBe(true);
      expect(await cancel.textContent()).toContain('Confirme login do gerente');
      await cancel.getByLabel('Motivo do cancelamento').fill('Sem estoque');
      await cancel.getByLabel('Usuário').fill(employee.username);
      await cancel.getByLabel('Senha').fill(employee.password);
      await submitAndLoad(page, cancel.getByRole('button', { name: 'Confirmar cancelamento' }));
      expect(await toasts(page)).toEqual(['Digite uma credencial de gerente válida']);
      await expect.poll(() => cancel.isVisible()).toBe(true);
      expect(await cancel.getByLabel('Motivo do cancelamento').inputValue()).toBe('Sem estoque');
      await page.waitForTimeout(600);
      await screenshot(page, 'orders-cancel-parts-refused');
      page.problems.consoleErrors.length = 0; // the refused post answers 403, which Chromium logs
      await cancel.getByLabel('Usuário').fill(MANAGER.username);
      await cancel.getByLabel('Senha').fill(MANAGER.password);
      await submitAndLoad(
        page,
        cancel.getByRole('button', { name: 'Confirmar cancelamento' }),
        `${url}/consulta`,
      );
      expect(await toasts(page)).toEqual(['Pedido cancelado com sucesso!']);
      await page.goto(`${url}/pedido/${second}`);
      expect(await page.locator('.order-header .status').textContent()).toBe('Cancelado');
      expect(await page.getByRole('button', { name: 'Cancelar Pedido' }).count()).toBe(0);
      expectNoProblems(page, 'the cancelled parts order');
    } finally {
      await page.context().close();
    }
  });

  it('without JavaScript: the same normal O.S. flow, dialogs by their ?dialogo= links', async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    const { url } = system;
    try {
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/abrir-os-normal`);
      await pickClient(page, clientName);
      const open = page.getByRole('form', { name: 'Abrir O.S.' });
      await open.getByLabel('Nome do produto').fill('Smart TV');
      await open.getByLabel('Defeito Reclamado').fill('Sem imagem');
      // Salvar with no product name: the §5 text under the field, what was typed kept.
      await open.getByLabel('Nome do produto').fill('');
      await submitAndLoad(page, open.getByRole('button', { name: 'Salvar' }));
      expect(await page.locator('#f-product_name-error').textContent()).toBe('Nome do produto é obrigatório');
      expect(await open.getByLabel('Defeito Reclamado').inputValue()).toBe('Sem imagem');
      await open.getByLabel('Nome do produto').fill('Smart TV');
      await submitAndLoad(page, open.getByRole('button', { name: 'Salvar' }), /\/os\/\d+$/);
      expect(await toasts(page)).toEqual(['O.S. Cadastrada com sucesso!']);
      const osId = orderIdOf(page, 'os');
      const number = (await heading(page)).replace(/^O\.S\. /, '');
      expect(number).toMatch(/^M\d{5}$/);

      // Editar: no calendar without JavaScript, the date typed.
      await submitAndLoad(page, page.getByRole('link', { name: 'Editar' }), `${url}/editar-os/${osId}`);
      const edit = page.getByRole('form', { name: `Editar O.S.: ${number}` });
      expect(await edit.getByRole('button', { name: /Escolher data/ }).count()).toBe(0);
      await edit.getByLabel('Status').selectOption({ label: 'Consertada' });
      await edit.getByRole('textbox', { name: 'Data do conserto' }).fill('31/02/2026');
      await edit.getByLabel('Valor final').fill('2.500,00');
      await edit.getByLabel('Forma de pagamento').selectOption('Dinheiro');
      await submitAndLoad(page, edit.getByRole('button', { name: 'Salvar' }));
      expect(await page.locator('#f-fix_date-error').textContent()).toBe(
        'Data inválida: 31/02/2026 não existe no calendário',
      );
      await edit.getByRole('textbox', { name: 'Data do conserto' }).fill('28/02/2026');
      await submitAndLoad(page, edit.getByRole('button', { name: 'Salvar' }), `${url}/os/${osId}`);
      expect(await toasts(page)).toEqual(['O.S. Editada com sucesso!']);
      expect(await shown(page, 'Data do conserto')).toBe('28/02/2026');
      expect(await shown(page, 'Valor final')).toBe('R$ 2.500,00');

      // Pagamento antecipado: the link opens the page with the dialog open.
      const upfront = page.getByRole('dialog', { name: 'Pagamento antecipado' });
      expect(await upfront.isVisible()).toBe(false);
      await submitAndLoad(
        page,
        page.getByRole('link', { name: 'Pagamento antecipado' }),
        `${url}/os/${osId}?dialogo=pagamento-antecipado`,
      );
      expect(await upfront.isVisible()).toBe(true);
      // Enviar empty: the three §5 texts.
      await submitAndLoad(page, upfront.getByRole('button', { name: 'Enviar' }));
      expect(await upfront.isVisible()).toBe(true);
      expect(await page.locator('#up-description-error').textContent()).toBe('Descrição obrigatória');
      expect(await page.locator('#up-value-error').textContent()).toBe('Valor obrigatório');
      expect(await page.locator('#up-payment_method-error').textContent()).toBe('Valor obrigatório');
      await upfront.getByLabel('Descrição').fill('Entrada');
      await upfront.getByLabel('Valor').fill('500,00');
      await upfront.getByLabel('Forma de pagamento').selectOption('Pix');
      await page.waitForTimeout(600);
      await screenshot(page, 'orders-upfront-dialog-nojs');
      await submitAndLoad(page, upfront.getByRole('button', { name: 'Enviar' }), `${url}/os/${osId}`);
      expect(await toasts(page)).toEqual(['Pagamento antecipado enviado ao caixa!']);
      expect(await upfront.isVisible()).toBe(false);
      // Cancelar closes a dialog without sending it (the browser's own method="dialog").
      await submitAndLoad(page, page.getByRole('link', { name: 'Cancelar O.S.' }), /dialogo=cancelar-os/);
      const cancel = page.getByRole('dialog', { name: /^Cancelar O\.S\.:/ });
      expect(await cancel.isVisible()).toBe(true);
      await cancel.getByRole('button', { name: 'Voltar' }).click();
      await expect.poll(() => cancel.isVisible()).toBe(false);

      // Finalizar e Enviar para o caixa: a link to the confirmation, then its plain form post.
      await submitAndLoad(
        page,
        page.getByRole('link', { name: 'Finalizar e Enviar para o caixa' }),
        /dialogo=finalizar/,
      );
      const confirm = page.getByRole('dialog', { name: 'Finalizar e Enviar para o caixa' });
      expect(await confirm.isVisible()).toBe(true);
      expect(await shown(page, 'Vai para o caixa')).toBe('R$ 2.000,00');
      await submitAndLoad(
        page,
        confirm.getByRole('button', { name: 'Confirmar e enviar ao caixa' }),
        `${url}/os/${osId}`,
      );
      expect(await toasts(page)).toEqual(['O.S. enviada ao caixa com sucesso!']);
      expect(await page.locator('.os-header .status').textContent()).toBe('Finalizada');
      const rows = page.locator('table.payments tbody tr');
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(1).textContent()).toContain('R$ 2.000,00');

      // A return against it, the number in lower case.
      await page.goto(`${url}/abrir-os-retorno`);
      const search = page.getByRole('form', { name: 'Buscar O.S.' });
      await search.getByLabel('Número da O.S.').fill(number.toLowerCase());
      await submitAndLoad(page, search.getByRole('button', { name: 'Buscar' }), /numero=/);
      await submitAndLoad(
        page,
        page.locator('ul.results li').filter({ hasText: number }).getByRole('link', { name: 'Selecionar' }),
        /original=/,
      );
      const back = page.getByRole('form', { name: 'Abrir O.S. de Retorno' });
      await back.getByLabel('Motivo do retorno').fill('Imagem piscando');
      await submitAndLoad(page, back.getByRole('button', { name: 'Salvar' }), /\/os\/\d+$/);
      expect(await toasts(page)).toEqual(['O.S. de retorno cadastrada com sucesso!']);
      expect(await shown(page, 'Motivo do retorno')).toBe('Imagem piscando');
      await screenshot(page, 'orders-return-nojs');

      // Its delete dialog by its link, as a manager.
      const retId = orderIdOf(page, 'os');
      await submitAndLoad(page, page.getByRole('link', { name: 'Deletar O.S.' }), /dialogo=deletar-os/);
      const del = page.getByRole('dialog', { name: /^Deletar O\.S\.:/ });
      expect(await del.isVisible()).toBe(true);
      await del.getByLabel('Usuário').fill(MANAGER.username);
      await del.getByLabel('Senha').fill(MANAGER.password);
      await submitAndLoad(page, del.getByRole('button', { name: 'Deletar' }), `${url}/consulta`);
      expect(await toasts(page)).toEqual(['O.S. deletada com sucesso!']);
      await page.goto(`${url}/os/${retId}`);
      expect(page.url()).toBe(`${url}/consulta`);
      expect(page.problems.pageErrors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
