/**
 * Clients in Chromium (SPEC §2 Consulta, Register client, Edit client; §5; §8): register with the CEP
 * lookup filling the address in place and the document masks while typing, find the client in Consulta,
 * expand it, edit it, delete it as a manager through the dialog; and the same without JavaScript.
 * The real api and web run in-process; only the outside postal-code services are local stand-ins.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, MANAGER } from '../support/api.ts';
import {
  clearProblems,
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
import { type CepStandIn, freshCep, maskedCep, startCepStandIn } from '../support/cep-server.ts';

/** Like startSystem() of the browser helpers, with the web asking the CEP stand-ins. */
function startSystemWithCep(viacep: CepStandIn, brasil: CepStandIn): Promise<RunningSystem> {
  return startSystem({
    webEnv: { CEP_PROVIDER_URL: viacep.template, CEP_FALLBACK_URL: brasil.template, CEP_TIMEOUT_MS: '2000' },
  });
}

const form = (page: Page, name: 'Cadastrar Cliente' | 'Editar Cliente') => page.getByRole('form', { name });

/** The value of a client-form field by its label. */
const fieldValue = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

async function search(page: Page, url: string, text: string) {
  if (!page.url().startsWith(`${url}/consulta`)) await page.goto(`${url}/consulta`);
  const searchForm = page.getByRole('form', { name: 'Buscar' });
  await searchForm.getByLabel('Buscar').fill(text);
  await searchForm.getByLabel('Tipo').selectOption('cliente');
  await Promise.all([
    page.waitForURL(/\/consulta\?/),
    searchForm.getByRole('button', { name: 'Buscar' }).click(),
  ]);
}

describe('clients in Chromium', () => {
  let system: RunningSystem;
  let browser: Browser;
  let viacep: CepStandIn;
  let brasil: CepStandIn;

  beforeAll(async () => {
    [viacep, brasil, browser] = await Promise.all([
      startCepStandIn('viacep'),
      startCepStandIn('brasilapi'),
      launchBrowser(),
    ]);
    system = await startSystemWithCep(viacep, brasil);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    await viacep?.stop();
    await brasil?.stop();
  });

  it('with JavaScript: masks, Buscar CEP in place, register, find, expand, edit, delete as manager', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    const { url } = system;
    const cep = freshCep();
    viacep.add(cep, {
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
    try {
      await login(page, url, MANAGER.username, MANAGER.password);
      await page
        .getByRole('navigation', { name: 'Menu principal' })
        .getByRole('link', { name: 'Cadastrar cliente' })
        .click();
      await page.waitForURL(`${url}/cadastrar-cliente`);
      expect(await heading(page)).toBe('Cadastrar Cliente');
      // The islands are in: Buscar CEP is a plain button now (no form post).
      const buscar = page.getByRole('button', { name: 'Buscar CEP' });
      await expect.poll(() => buscar.getAttribute('type')).toBe('button');

      const f = form(page, 'Cadastrar Cliente');
      await f.getByLabel('Nome', { exact: true }).fill('Márcia Navegadora');
      // Masks while typing.
      await f.getByLabel('CPF', { exact: true }).pressSequentially('52998224725');
      expect(await fieldValue(page, 'CPF')).toBe('529.982.247-25');
      await f.getByLabel('CNPJ', { exact: true }).pressSequentially('12abc34501de35');
      expect(await fieldValue(page, 'CNPJ')).toBe('12.ABC.345/01DE-35');
      await f.getByLabel('CEP', { exact: true }).pressSequentially('0100');
      expect(await fieldValue(page, 'CEP')).toBe('0100');
      await f.getByLabel('CEP', { exact: true }).fill('');

      // An unknown CEP: the message under the field, in place.
      clearProblems(page);
      const unknown = freshCep();
      await f.getByLabel('CEP', { exact: true }).pressSequentially(unknown);
      expect(await fieldValue(page, 'CEP')).toBe(maskedCep(unknown));
      await buscar.click();
      await expect.poll(() => page.locator('#f-zip_code-error').textContent()).toBe('CEP não encontrado');
      // Announced as it appears, and the keyboard back on the CEP to fix it (the button was disabled
      // while it asked, which had dropped the focus to the page).
      expect(await page.locator('#f-zip_code-error').getAttribute('role')).toBe('alert');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('f-zip_code');
      expect(page.url()).toBe(`${url}/cadastrar-cliente`);
      clearProblems(page); // the 404 of /cep is logged by Chromium as a failed resource

      // A known CEP: street, neighborhood, city and state filled in place; the error gone.
      await f.getByLabel('CEP', { exact: true }).fill('');
      await f.getByLabel('CEP', { exact: true }).pressSequentially(cep);
      await buscar.click();
      await expect.poll(() => fieldValue(page, 'Rua')).toBe('Avenida Paulista');
      expect(await fieldValue(page, 'Bairro')).toBe('Bela Vista');
      expect(await fieldValue(page, 'Cidade')).toBe('São Paulo');
      expect(await fieldValue(page, 'Estado')).toBe('SP');
      expect(await fieldValue(page, 'CEP')).toBe(maskedCep(cep));
      expect(await page.locator('#f-zip_code-error').count()).toBe(0);
      expect(await fieldValue(page, 'Nome')).toBe('Márcia Navegadora');
      expect(await fieldValue(page, 'CPF')).toBe('529.982.247-25');
      expect(page.url()).toBe(`${url}/cadastrar-cliente`);
      expect(viacep.countFor(cep)).toBe(1);
      // The number is next: the cursor waits there.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-number');

      // A whole-city CEP of another city: no street of São Paulo is left under Sorriso.
      const sorriso = freshCep();
      viacep.add(sorriso, { street: '', neighborhood: '', city: 'Sorriso', state: 'MT' });
      await f.getByLabel('CEP', { exact: true }).fill(sorriso);
      await buscar.click();
      await expect.poll(() => fieldValue(page, 'Cidade')).toBe('Sorriso');
      expect(await fieldValue(page, 'Rua')).toBe('');
      expect(await fieldValue(page, 'Bairro')).toBe('');
      expect(await fieldValue(page, 'Estado')).toBe('MT');
      await f.getByLabel('CEP', { exact: true }).fill(cep);
      await buscar.click();
      await expect.poll(() => fieldValue(page, 'Rua')).toBe('Avenida Paulista');
      expect(await fieldValue(page, 'Cidade')).toBe('São Paulo');

      await f.getByLabel('Número', { exact: true }).fill('1578');
      await f.getByLabel('Complemento', { exact: true }).fill('Conjunto 12');
      await f.getByLabel('E-mail', { exact: true }).fill('marcia@example.com');
      await f.getByLabel('Telefone 1', { exact: true }).fill('(11) 98888-7777');
      await f.getByLabel('Telefone 2', { exact: true }).fill('(11) 3000-0000');
      await f.getByLabel('Telefone 3', { exact: true }).fill('(11) 3000-0001');
      await screenshot(page, 'clients-register-filled');
      expectNoProblems(page, '/cadastrar-cliente');

      await Promise.all([
        page.waitForURL(/\/abrir-os-normal\?cliente=\d+$/),
        f.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      expect(await toasts(page)).toEqual(['Cliente cadastrado com sucesso!']);

      // Consulta: accent-less search, the result closed until expanded.
      await search(page, url, 'marcia navegadora');
      const result = page.locator('li.client-result').filter({ hasText: 'Márcia Navegadora' });
      expect(await result.count()).toBe(1);
      const summary = result.locator('summary');
      expect(await summary.textContent()).toMatch(
        /Márcia Navegadora[\s\S]*CPF: 529\.982\.247-25[\s\S]*CNPJ: 12\.ABC\.345\/01DE-35/,
      );
      const email = result.getByText('marcia@example.com');
      expect(await email.isVisible()).toBe(false);
      await summary.click();
      await expect.poll(() => email.isVisible()).toBe(true);
      for (const text of [
        '(11) 98888-7777',
        '(11) 3000-0000',
        '(11) 3000-0001',
        maskedCep(cep),
        'Avenida Paulista',
        '1578',
        'Bela Vista',
        'Conjunto 12',
      ]) {
        expect(await result.getByText(text, { exact: true }).isVisible(), text).toBe(true);
      }
      for (const empty of [
        'Nenhuma O.S. cadastrada para este cliente.',
        'Nenhum pedido cadastrado para este cliente.',
        'Nenhum atendimento externo cadastrado para este cliente.',
      ]) {
        expect(await result.getByText(empty).isVisible(), empty).toBe(true);
      }
      await screenshot(page, 'clients-consulta-expanded');
      expectNoProblems(page, '/consulta');

      // Editar: pre-filled, saved, back to Consulta with the toast.
      await Promise.all([
        page.waitForURL(/\/editar-cliente\/\d+$/),
        result.getByRole('link', { name: 'Editar cliente' }).click(),
      ]);
      const editUrl = page.url();
      expect(await heading(page)).toBe('Editar Cliente');
      const e = form(page, 'Editar Cliente');
      expect(await fieldValue(page, 'Nome')).toBe('Márcia Navegadora');
      expect(await fieldValue(page, 'CPF')).toBe('529.982.247-25');
      expect(await fieldValue(page, 'CEP')).toBe(maskedCep(cep));
      expect(await fieldValue(page, 'Rua')).toBe('Avenida Paulista');
      expect(await page.getByText('Nenhuma O.S. cadastrada para este cliente.').isVisible()).toBe(true);
      await e.getByLabel('Nome', { exact: true }).fill('Márcia Editada');
      await e.getByLabel('Telefone 2', { exact: true }).fill('(11) 4000-0000');
      await Promise.all([
        page.waitForURL(`${url}/consulta`),
        e.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      expect(await toasts(page)).toEqual(['Cliente atualizado com sucesso!']);

      // Deletar: the dialog in place, modal; empty fields first, then the manager.
      await page.goto(editUrl);
      expect(await fieldValue(page, 'Nome')).toBe('Márcia Editada');
      expect(await fieldValue(page, 'Telefone 2')).toBe('(11) 4000-0000');
      const dialog = page.getByRole('dialog', { name: 'Deletar Cliente: Márcia Editada' });
      expect(await dialog.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Deletar Cliente' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
      expect(await dialog.getByText('Confirme login do gerente').isVisible()).toBe(true);
      expect(page.url()).toBe(editUrl);
      await Promise.all([
        page.waitForEvent('load'),
        dialog.getByRole('button', { name: 'Deletar', exact: true }).click(),
      ]);
      const reopened = page.getByRole('dialog', { name: 'Deletar Cliente: Márcia Editada' });
      await expect.poll(() => reopened.isVisible()).toBe(true);
      expect(await reopened.evaluate((d) => d.matches(':modal'))).toBe(true);
      expect(await reopened.getByText('Usuário obrigatório').isVisible()).toBe(true);
      expect(await reopened.getByText('Senha obrigatória').isVisible()).toBe(true);
      clearProblems(page); // the 400 of the refused form is logged as a failed resource
      await reopened.getByLabel('Usuário', { exact: true }).fill(MANAGER.username);
      await reopened.getByLabel('Senha', { exact: true }).fill(MANAGER.password);
      await page.waitForTimeout(600); // the 500 ms fade-in, so the picture shows the finished dialog
      await screenshot(page, 'clients-delete-dialog');
      await Promise.all([
        page.waitForURL(`${url}/consulta`),
        reopened.getByRole('button', { name: 'Deletar', exact: true }).click(),
      ]);
      expect(await toasts(page)).toEqual(['Cliente deletado com sucesso!']);
      expectNoProblems(page, 'the delete');

      await search(page, url, 'marcia');
      expect(await page.locator('li.client-result').count()).toBe(0);
      expect(await page.getByText('Nenhum cliente encontrado com este nome, CPF ou CNPJ.').isVisible()).toBe(
        true,
      );
    } finally {
      await page.context().close();
    }
  });

  it('the client form and the results fit: an expand mark on each result, no sideways scroll at 390px', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    const { url } = system;
    const { token } = await apiLogin(system.api, MANAGER.username, MANAGER.password);
    const created = await fetch(`${system.api.url}/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Walquíria de Albuquerque Cavalcanti Wanderley',
        cpf: '39053344705',
        email: 'walquiria.albuquerque.cavalcanti@exemplo-muito-comprido.com.br',
        phone1: '(81) 99999-0000',
        zip_code: '50030230',
        address: 'Avenida Governador Agamenon Magalhães',
        number: '4000',
        neighborhood: 'Espinheiro',
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // Orders in two groups, to see the rows laid out.
    for (const [path, body] of [
      ['/service-orders/normal', { client_id: id, product_name: 'Smart TV Samsung 55 polegadas' }],
      ['/orders', { client_id: id, piece_name: 'Placa principal BN41' }],
    ] as const) {
      const res = await fetch(`${system.api.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(201);
    }
    try {
      await login(page, url, MANAGER.username, MANAGER.password);
      await search(page, url, 'walquiria');
      const result = page.locator('li.client-result');
      expect(await result.count()).toBe(1);
      const mark = () => result.locator('summary').evaluate((el) => getComputedStyle(el, '::before').content);
      expect(await mark()).toBe('"▸"');
      await screenshot(page, 'clients-consulta-collapsed');
      await result.locator('summary').click();
      expect(await mark()).toBe('"▾"');
      expect(await result.getByRole('link', { name: 'Abrir' }).count()).toBe(2);
      await screenshot(page, 'clients-consulta-with-orders');

      const consultaUrl = page.url();
      for (const width of [768, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(consultaUrl);
        await page.locator('li.client-result summary').click();
        expect(await mark()).toBe('"▾"');
        const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
        expect(await scrollWidth(), `consulta at ${width}px`).toBeLessThanOrEqual(width);
        // The mark sits on the name's line, not on a line of its own.
        const markTop = await result.locator('summary').evaluate((el) => el.getBoundingClientRect().top);
        const nameTop = await result
          .locator('summary .name')
          .evaluate((el) => el.getBoundingClientRect().top);
        expect(Math.abs(markTop - nameTop), `mark beside the name at ${width}px`).toBeLessThan(4);
        await screenshot(page, `clients-consulta-${width}px`);
        await page.goto(`${url}/cadastrar-cliente`);
        expect(await scrollWidth(), `form at ${width}px`).toBeLessThanOrEqual(width);
        const buscar = await page.getByRole('button', { name: 'Buscar CEP' }).boundingBox();
        expect(buscar && buscar.x + buscar.width <= width).toBe(true);
        await screenshot(page, `clients-register-${width}px`);
      }
      expectNoProblems(page, 'the narrow pages');
    } finally {
      await page.context().close();
    }
  });

  it('the island tells when both postal services are down, and keeps what was typed', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    const { url } = system;
    try {
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/cadastrar-cliente`);
      const buscar = page.getByRole('button', { name: 'Buscar CEP' });
      await expect.poll(() => buscar.getAttribute('type')).toBe('button');
      await page.getByLabel('Nome', { exact: true }).fill('Sem Serviço');
      await page.getByLabel('Rua', { exact: true }).fill('Rua Digitada');
      await page.getByLabel('CEP', { exact: true }).fill(freshCep());
      viacep.setMode({ kind: 'broken', how: '500' });
      brasil.setMode({ kind: 'broken', how: 'close' });
      try {
        await buscar.click();
        await expect
          .poll(() => page.locator('#f-zip_code-error').textContent())
          .toBe('Não foi possível consultar o CEP agora. Preencha o endereço à mão.');
      } finally {
        viacep.setMode({ kind: 'normal' });
        brasil.setMode({ kind: 'normal' });
      }
      expect(await fieldValue(page, 'Rua')).toBe('Rua Digitada');
      expect(await fieldValue(page, 'Nome')).toBe('Sem Serviço');
      expect(await page.getByLabel('CEP', { exact: true }).getAttribute('aria-invalid')).toBe('true');

      // Another CEP, slow to answer: while it is asked, the last one's message is gone, not beside 'Buscando...'.
      const slow = freshCep();
      viacep.add(slow, { street: 'Rua Lenta', neighborhood: 'Centro', city: 'Osasco', state: 'SP' });
      viacep.setMode({ kind: 'slow', delayMs: 1_500 });
      try {
        await page.getByLabel('CEP', { exact: true }).fill(slow);
        await buscar.click();
        await expect.poll(() => page.getByRole('button', { name: 'Buscando...' }).count()).toBe(1);
        // The keyboard's focus stays on the button while it asks (a disabled one drops it to the page).
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Buscando...');
        expect(await page.locator('#f-zip_code-error').count()).toBe(0);
        const cepField = page.getByLabel('CEP', { exact: true });
        expect(await cepField.getAttribute('aria-invalid')).toBeNull();
        expect(await cepField.getAttribute('aria-describedby')).toBeNull();
        // Typed while it asks: the answer fills the rest and leaves this, and the focus where it is.
        await page.getByLabel('Bairro', { exact: true }).fill('Bairro Digitado');
        await expect.poll(() => fieldValue(page, 'Cidade'), { timeout: 10_000 }).toBe('Osasco');
        expect(await fieldValue(page, 'Bairro')).toBe('Bairro Digitado');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-neighborhood');
      } finally {
        viacep.setMode({ kind: 'normal' });
      }
      expect(page.problems.pageErrors).toEqual([]);
      expect(page.problems.cspViolations).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  // SPEC §4 hides Salvar while the form is sent: its place says so, and the keyboard keeps its place.
  it('while Cadastrar Cliente is sent, Salvar is hidden and "Enviando..." stands in its place with the focus', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    const { url } = system;
    try {
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/cadastrar-cliente`);
      await page.getByLabel('Nome', { exact: true }).fill('Cliente Devagar');
      // The send stopped where it would leave the page: the form's own listeners have run by then.
      await page.evaluate(() => {
        document.addEventListener('submit', (event) => event.preventDefault());
      });
      const salvar = form(page, 'Cadastrar Cliente').getByRole('button', { name: 'Salvar' });
      await salvar.focus();
      await page.keyboard.press('Enter');
      const note = page.getByRole('status').filter({ hasText: 'Enviando...' });
      await expect.poll(() => note.isVisible()).toBe(true);
      expect(await salvar.isHidden()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Enviando...');
      expectNoProblems(page, 'Cadastrar Cliente sent slowly');
    } finally {
      await page.context().close();
    }
  });

  it('without JavaScript: Buscar CEP posts the form and comes back filled; register, expand, delete by the link', async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    const { url } = system;
    const cep = freshCep();
    viacep.add(cep, { street: 'Rua XV de Novembro', neighborhood: 'Centro', city: 'Curitiba', state: 'PR' });
    try {
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/cadastrar-cliente`);
      const f = form(page, 'Cadastrar Cliente');
      await f.getByLabel('Nome', { exact: true }).fill('Nelson Sem Script');
      await f.getByLabel('CPF', { exact: true }).fill('11144477735');
      expect(await fieldValue(page, 'CPF')).toBe('11144477735'); // no mask without JavaScript
      await f.getByLabel('CEP', { exact: true }).fill(cep);
      await f.getByLabel('Número', { exact: true }).fill('300');
      await f.getByLabel('Telefone 1', { exact: true }).fill('(41) 3333-2222');
      await Promise.all([page.waitForEvent('load'), f.getByRole('button', { name: 'Buscar CEP' }).click()]);
      // The form's own address (it posts there so Back keeps the page); opened by hand it is the form.
      expect(page.url()).toBe(`${url}/cadastrar-cliente/salvar`);
      expect(await heading(page)).toBe('Cadastrar Cliente');
      expect(await fieldValue(page, 'Rua')).toBe('Rua XV de Novembro');
      expect(await fieldValue(page, 'Bairro')).toBe('Centro');
      expect(await fieldValue(page, 'Cidade')).toBe('Curitiba');
      expect(await fieldValue(page, 'Estado')).toBe('PR');
      expect(await fieldValue(page, 'CEP')).toBe(maskedCep(cep));
      expect(await fieldValue(page, 'Nome')).toBe('Nelson Sem Script');
      expect(await fieldValue(page, 'CPF')).toBe('11144477735');
      expect(await fieldValue(page, 'Número')).toBe('300');
      expect(await fieldValue(page, 'Telefone 1')).toBe('(41) 3333-2222');
      // The street filled, the keyboard is on Número, as with JavaScript.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-number');
      await screenshot(page, 'clients-register-cep-nojs');

      // Enter in a field saves (the hidden default button is Salvar, not Buscar CEP).
      await Promise.all([
        page.waitForURL(/\/abrir-os-normal\?cliente=\d+$/),
        form(page, 'Cadastrar Cliente').getByLabel('Complemento', { exact: true }).press('Enter'),
      ]);
      expect(await toasts(page)).toEqual(['Cliente cadastrado com sucesso!']);

      await search(page, url, 'nelson');
      const result = page.locator('li.client-result').filter({ hasText: 'Nelson Sem Script' });
      expect(await result.locator('summary').textContent()).toMatch(/CPF: 111\.444\.777-35[\s\S]*CNPJ: -/);
      expect(await result.getByText('Rua XV de Novembro').isVisible()).toBe(false);
      await result.locator('summary').click();
      expect(await result.getByText('Rua XV de Novembro').isVisible()).toBe(true);
      await Promise.all([
        page.waitForURL(/\/editar-cliente\/\d+$/),
        result.getByRole('link', { name: 'Editar cliente' }).click(),
      ]);
      const editUrl = page.url();

      // The delete dialog by its link, an employee refused, then the manager.
      await Promise.all([
        page.waitForURL(`${editUrl}?dialogo=deletar-cliente`),
        page.getByRole('link', { name: 'Deletar Cliente' }).click(),
      ]);
      const dialog = page.getByRole('dialog', { name: 'Deletar Cliente: Nelson Sem Script' });
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByLabel('Usuário', { exact: true }).fill(MANAGER.username);
      await dialog.getByLabel('Senha', { exact: true }).fill('senha-errada');
      await Promise.all([
        page.waitForEvent('load'),
        dialog.getByRole('button', { name: 'Deletar', exact: true }).click(),
      ]);
      expect(await dialog.isVisible()).toBe(true);
      expect((await toasts(page)).length).toBe(1);
      await dialog.getByLabel('Senha', { exact: true }).fill(MANAGER.password);
      await Promise.all([
        page.waitForURL(`${url}/consulta`),
        dialog.getByRole('button', { name: 'Deletar', exact: true }).click(),
      ]);
      expect(await toasts(page)).toEqual(['Cliente deletado com sucesso!']);
    } finally {
      await page.context().close();
    }
  });
});
