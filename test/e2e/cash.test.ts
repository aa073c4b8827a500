/**
 * The cash screens in Chromium (SPEC §2 Cash of the day, Cash by period; §5; §8; §9): a manager unlocks
 * them in the 'Acessar Caixa' modal, creates an Entrada and a Saida, edits one, deletes one and reads the
 * total; then searches a period across two days whose entries were written through the api.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import {
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

/** 'Total: R$ …' or 'Balanço: R$ …' as the page shows it. */
async function total(page: Page): Promise<string> {
  return ((await page.locator('p.total').textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** The cash table's rows: description -> [type, value, value's class]. */
async function rows(page: Page) {
  return page.locator('table.cash tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
      const money = tr.querySelector('.money');
      return {
        date: cells[0],
        type: cells[1],
        description: cells[2],
        value: cells[3],
        method: cells[4],
        flow: money?.className.replace('money ', '') ?? '',
      };
    }),
  );
}

async function clickAndLoad(page: Page, click: () => Promise<void>, url?: string | RegExp) {
  // The new document's load, not the URL: a form often posts back to the page it stands on.
  await Promise.all([page.waitForEvent('load'), click()]);
  if (url) await page.waitForURL(url);
}

describe('cash in Chromium', () => {
  let system: RunningSystem;
  let browser: Browser;
  let employee: { username: string; password: string };

  beforeAll(async () => {
    [system, browser] = await Promise.all([startSystem(), launchBrowser()]);
    employee = await createEmployee(system.api, 'caixa.e2e', 'senha-do-caixa');
    // Two days of a past period, and one day just outside it.
    const { token } = await apiLogin(system.api, MANAGER.username, MANAGER.password);
    const entry = async (date: string, type: number, value: number, description: string) => {
      const res = await fetch(`${system.api.url}/transactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ type, value, description, payment_method: 'Pix', date }),
      });
      if (res.status !== 201) throw new Error(`entry: ${res.status} ${await res.text()}`);
    };
    await entry('2025-06-02', 103, 320, 'Venda de segunda');
    await entry('2025-06-02', 201, 45.9, 'Compra de segunda');
    await entry('2025-06-03', 103, 80.5, 'Venda de terça');
    await entry('2025-06-04', 103, 1000, 'Venda de quarta');
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('with JavaScript: unlock as a manager, Entrada, Saida, edit, delete, the total; then a period of two days', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    const { url } = system;
    try {
      // An employee at the counter; the manager types their login in the modal.
      await login(page, url, employee.username, employee.password);
      await page.goto(`${url}/caixa-hoje`);
      expect(await page.getByText('Acesso não autorizado').isVisible()).toBe(true);
      const unlock = page.getByRole('dialog', { name: 'Acessar Caixa' });
      await expect.poll(() => unlock.isVisible()).toBe(true);
      await expect.poll(() => unlock.evaluate((d) => d.matches(':modal'))).toBe(true);
      // The employee's own login leaves it locked, the dialog closed, no message.
      await unlock.getByLabel('Usuário').fill(employee.username);
      await unlock.getByLabel('Senha').fill(employee.password);
      await clickAndLoad(page, () => unlock.getByRole('button', { name: 'Entrar' }).click(), /acesso=negado/);
      expect(await unlock.isVisible()).toBe(false);
      expect(await toasts(page)).toEqual([]);
      expect(await page.getByText('Acesso não autorizado').isVisible()).toBe(true);
      // The Acessar Caixa button opens it again.
      await page.getByRole('button', { name: 'Acessar Caixa' }).click();
      await expect.poll(() => unlock.isVisible()).toBe(true);
      await unlock.getByLabel('Usuário').fill(MANAGER.username);
      await unlock.getByLabel('Senha').fill(MANAGER.password);
      await page.waitForTimeout(600); // the 500 ms fade-in, for the picture
      await screenshot(page, 'cash-unlock-dialog');
      await clickAndLoad(
        page,
        () => unlock.getByRole('button', { name: 'Entrar' }).click(),
        `${url}/caixa-hoje`,
      );
      const today = formatDisplayDate(todayInShop(TZ));
      expect(await heading(page)).toBe(`Caixa do dia ${today}`);
      expect(await total(page)).toBe('Total: R$ 0,00');
      expect(await page.getByText('Nenhuma transação foi encontrada para a data.').isVisible()).toBe(true);
      expectNoProblems(page, 'the unlock');

      // --- Criar Lançamento: first empty (the §5 texts), then an Entrada ---
      const create = page.getByRole('dialog', { name: 'Criar Lançamento' });
      await page.getByRole('button', { name: 'Criar Lançamento' }).click();
      await expect.poll(() => create.isVisible()).toBe(true);
      await clickAndLoad(page, () => create.getByRole('button', { name: 'Criar' }).click());
      await expect.poll(() => create.isVisible()).toBe(true);
      expect(await create.locator('.field-error').allTextContents()).toEqual([
        'Tipo obrigatório',
        'Descrição obrigatória',
        'Valor obrigatório',
        'Valor obrigatório',
      ]);
      page.problems.consoleErrors.length = 0; // the refused post answers 400, which Chromium logs
      await create.getByLabel('Tipo').selectOption({ label: 'Entrada' });
      await create.getByLabel('Descrição').fill('Venda de carregador');
      await create.getByLabel('Valor').fill('1.250,40');
      await create.getByLabel('Forma de pagamento').selectOption('Pix');
      await page.waitForTimeout(600);
      await screenshot(page, 'cash-create-entry');
      await clickAndLoad(
        page,
        () => create.getByRole('button', { name: 'Criar' }).click(),
        `${url}/caixa-hoje`,
      );
      expect(await toasts(page)).toEqual(['Lançamento criado com sucesso!']);
      expect(await total(page)).toBe('Total: R$ 1.250,40');

      // --- a Saida ---
      await page.getByRole('button', { name: 'Criar Lançamento' }).click();
      await expect.poll(() => create.isVisible()).toBe(true);
      await create.getByLabel('Tipo').selectOption({ label: 'Saida' });
      await create.getByLabel('Descrição').fill('Compra de estanho');
      await create.getByLabel('Valor').fill('50,40');
      await create.getByLabel('Forma de pagamento').selectOption('Dinheiro');
      await clickAndLoad(
        page,
        () => create.getByRole('button', { name: 'Criar' }).click(),
        `${url}/caixa-hoje`,
      );
      expect(await toasts(page)).toEqual(['Lançamento criado com sucesso!']);
      expect(await total(page)).toBe('Total: R$ 1.200,00');
      expect(await rows(page)).toEqual([
        {
          date: today,
          type: 'VENDA',
          description: 'Venda de carregador',
          value: 'R$ 1.250,40',
          method: 'Pix',
          flow: 'flow-in',
        },
        {
          date: today,
          type: 'COMPRA',
          description: 'Compra de estanho',
          value: '-R$ 50,40',
          method: 'Dinheiro',
          flow: 'flow-out',
        },
      ]);
      // The colours of SPEC §9 as the eye sees them: the purchase red, the sale green.
      const colour = (d: string) =>
        page
          .locator('table.cash tbody tr')
          .filter({ hasText: d })
          .locator('.money')
          .evaluate((el) => getComputedStyle(el).color);
      const [red, green] = [await colour('Compra de estanho'), await colour('Venda de carregador')];
      const rgb = (c: string) => (c.match(/\d+/g) ?? []).map(Number);
      expect(rgb(red)[0]).toBeGreaterThan(rgb(red)[1] ?? 0);
      expect(rgb(green)[1]).toBeGreaterThan(rgb(green)[0] ?? 0);
      await screenshot(page, 'cash-day-two-entries');
      expectNoProblems(page, 'Criar Lançamento');

      // --- Edit the Saida: an employee's login is refused, the manager's goes ---
      await clickAndLoad(
        page,
        () => page.getByRole('link', { name: 'Editar lançamento Compra de estanho' }).click(),
        /editar=\d+/,
      );
      const edit = page.getByRole('dialog', { name: 'Editar Lançamento' });
      expect(await edit.isVisible()).toBe(true);
      expect(await edit.getByLabel('Descrição').inputValue()).toBe('Compra de estanho');
      expect(await edit.getByLabel('Valor').inputValue()).toBe('50,40');
      await edit.getByLabel('Valor').fill('75,00');
      await edit.getByLabel('Usuário').fill(employee.username);
      await edit.getByLabel('Senha').fill(employee.password);
      await clickAndLoad(page, () => edit.getByRole('button', { name: 'Salvar' }).click());
      expect(await toasts(page)).toEqual(['Digite uma credencial de gerente válida']);
      await expect.poll(() => edit.isVisible()).toBe(true);
      expect(await edit.getByLabel('Valor').inputValue()).toBe('75,00');
      page.problems.consoleErrors.length = 0; // the refused post answers 403
      await edit.getByLabel('Usuário').fill(MANAGER.username);
      await edit.getByLabel('Senha').fill(MANAGER.password);
      await page.waitForTimeout(600);
      await screenshot(page, 'cash-edit-entry');
      await clickAndLoad(
        page,
        () => edit.getByRole('button', { name: 'Salvar' }).click(),
        `${url}/caixa-hoje`,
      );
      expect(await toasts(page)).toEqual(['Lançamento editado com sucesso!']);
      expect(await total(page)).toBe('Total: R$ 1.175,40');

      // --- Delete the Entrada with the manager's login ---
      await clickAndLoad(
        page,
        () => page.getByRole('link', { name: 'Excluir lançamento Venda de carregador' }).click(),
        /deletar=\d+/,
      );
      const del = page.getByRole('dialog', { name: /^Excluir Lançamento:/ });
      expect(await del.isVisible()).toBe(true);
      await del.getByLabel('Usuário').fill(MANAGER.username);
      await del.getByLabel('Senha').fill(MANAGER.password);
      await clickAndLoad(
        page,
        () => del.getByRole('button', { name: 'Excluir' }).click(),
        `${url}/caixa-hoje`,
      );
      expect(await toasts(page)).toEqual(['Lançamento excluído com sucesso!']);
      expect((await rows(page)).map((r) => r.description)).toEqual(['Compra de estanho']);
      expect(await total(page)).toBe('Total: -R$ 75,00');
      expect(await page.locator('p.total strong').getAttribute('class')).toBe('flow-out');
      expectNoProblems(page, 'edit and delete');

      // --- Caixa por período: the same unlock, two days, one typed and one picked ---
      await page
        .getByRole('navigation', { name: 'Menu principal' })
        .locator('details.submenu')
        .filter({ hasText: 'Caixa' })
        .locator('summary')
        .click();
      await clickAndLoad(
        page,
        () => page.getByRole('link', { name: 'Caixa por período' }).click(),
        `${url}/caixa-periodo`,
      );
      expect(await page.getByText('Selecione a data e clique em Buscar').isVisible()).toBe(true);
      const period = page.getByRole('form', { name: 'Buscar período' });
      await period.getByRole('textbox', { name: 'Do dia' }).fill('02/06/2025');
      // 'Até o dia' from the calendar: it opens on the month typed in the field.
      await period.getByRole('textbox', { name: 'Até o dia' }).fill('01/06/2025');
      await period.getByRole('button', { name: 'Escolher data: Até o dia' }).click();
      const calendar = page.getByRole('dialog', { name: 'Calendário: Até o dia' });
      await expect.poll(() => calendar.isVisible()).toBe(true);
      expect(await calendar.textContent()).toContain('Junho 2025');
      await calendar.getByRole('button', { name: '3 de junho de 2025', exact: true }).click();
      await expect.poll(() => calendar.count()).toBe(0);
      expect(await period.getByRole('textbox', { name: 'Até o dia' }).inputValue()).toBe('03/06/2025');
      await clickAndLoad(
        page,
        () => period.getByRole('button', { name: 'Buscar' }).click(),
        /caixa-periodo\?de=/,
      );
      expect(await total(page)).toBe('Balanço: R$ 354,60');
      expect((await rows(page)).map((r) => [r.date, r.description, r.value])).toEqual([
        ['02/06/2025', 'Venda de segunda', 'R$ 320,00'],
        ['02/06/2025', 'Compra de segunda', '-R$ 45,90'],
        ['03/06/2025', 'Venda de terça', 'R$ 80,50'],
      ]);
      await screenshot(page, 'cash-period');

      // A day with nothing.
      await period.getByRole('textbox', { name: 'Do dia' }).fill('01/06/2025');
      await period.getByRole('textbox', { name: 'Até o dia' }).fill('01/06/2025');
      await clickAndLoad(page, () => period.getByRole('button', { name: 'Buscar' }).click());
      expect(await page.getByText('Nenhuma transação foi encontrada para a data.').isVisible()).toBe(true);
      expect(await total(page)).toBe('Balanço: R$ 0,00');
      expectNoProblems(page, 'Caixa por período');
    } finally {
      await page.context().close();
    }
  });

  it('without JavaScript: the unlock dialog is open on arrival, Criar Lançamento opens by its link', async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    const { url } = system;
    try {
      await login(page, url, MANAGER.username, MANAGER.password);
      await page.goto(`${url}/caixa-hoje`);
      const unlock = page.getByRole('dialog', { name: 'Acessar Caixa' });
      expect(await unlock.isVisible()).toBe(true);
      // Entrar with nothing typed: both §5 texts.
      await clickAndLoad(page, () => unlock.getByRole('button', { name: 'Entrar' }).click());
      expect(await unlock.locator('.field-error').allTextContents()).toEqual([
        'Usuário obrigatório',
        'Senha obrigatória',
      ]);
      await unlock.getByLabel('Usuário').fill(MANAGER.username);
      await unlock.getByLabel('Senha').fill('senha-errada');
      await clickAndLoad(page, () => unlock.getByRole('button', { name: 'Entrar' }).click());
      expect(await toasts(page)).toEqual([
        'Ocorreu um erro ao fazer login. Digite credenciais válidas para um(a) gerente',
      ]);
      await unlock.getByLabel('Senha').fill(MANAGER.password);
      await clickAndLoad(
        page,
        () => unlock.getByRole('button', { name: 'Entrar' }).click(),
        `${url}/caixa-hoje`,
      );
      expect(await heading(page)).toMatch(/^Caixa do dia \d{2}\/\d{2}\/\d{4}$/);
      const before = await total(page);

      await clickAndLoad(
        page,
        () => page.getByRole('link', { name: 'Criar Lançamento' }).click(),
        `${url}/caixa-hoje?dialogo=criar-lancamento`,
      );
      const create = page.getByRole('dialog', { name: 'Criar Lançamento' });
      expect(await create.isVisible()).toBe(true);
      await create.getByLabel('Tipo').selectOption({ label: 'Entrada' });
      await create.getByLabel('Descrição').fill('Venda sem script');
      await create.getByLabel('Valor').fill('10,00');
      await create.getByLabel('Forma de pagamento').selectOption('Dinheiro');
      await clickAndLoad(
        page,
        () => create.getByRole('button', { name: 'Criar' }).click(),
        `${url}/caixa-hoje`,
      );
      expect(await toasts(page)).toEqual(['Lançamento criado com sucesso!']);
      expect(await create.isVisible()).toBe(false);
      expect(await total(page)).not.toBe(before);
      expect((await rows(page)).map((r) => r.description)).toContain('Venda sem script');

      // Fechar caixa locks the screens again.
      await clickAndLoad(
        page,
        () => page.getByRole('button', { name: 'Fechar caixa' }).click(),
        `${url}/consulta`,
      );
      await page.goto(`${url}/caixa-periodo`);
      expect(await page.getByText('Acesso não autorizado').isVisible()).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});
