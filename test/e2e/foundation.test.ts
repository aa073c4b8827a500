/**
 * The foundation in a real browser: login, the top menu, Configurações (Criar Usuário, Meus dados, Sair),
 * with JavaScript on (islands, modal dialog) and off (plain links, forms and <details>).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGER } from '../support/api.ts';
import {
  clearProblems,
  clickWhilePostHeld,
  expectNoProblems,
  heading,
  launchBrowser,
  login,
  logout,
  newPage,
  type RunningSystem,
  screenshot,
  startSystem,
  toasts,
} from '../support/browser.ts';

/** Every entry of the top menu (SPEC §2), the page it opens and that page's heading. */
const MENU: { submenu?: string; entry: string; path: string; heading: RegExp }[] = [
  { entry: 'Consulta', path: '/consulta', heading: /^Consulta$/ },
  { entry: 'Cadastrar cliente', path: '/cadastrar-cliente', heading: /^Cadastrar Cliente$/ },
  { submenu: 'Abrir', entry: 'O.S. Normal', path: '/abrir-os-normal', heading: /^Abrir O\.S\.$/ },
  {
    submenu: 'Abrir',
    entry: 'O.S. de Retorno',
    path: '/abrir-os-retorno',
    heading: /^Abrir O\.S\. de Retorno$/,
  },
  { submenu: 'Abrir', entry: 'Pedido', path: '/abrir-pedido', heading: /^Abrir Pedido$/ },
  {
    submenu: 'Abrir',
    entry: 'Atendimento Externo',
    path: '/abrir-atendimento-externo',
    heading: /^Abrir Serviço Externo$/,
  },
  {
    submenu: 'Listar por Status',
    entry: 'O.S. Normal',
    path: '/listar-os-normal',
    heading: /^Listar O\.S\.$/,
  },
  {
    submenu: 'Listar por Status',
    entry: 'O.S. de Retorno',
    path: '/listar-os-retorno',
    heading: /O\.S\. de Retorno/,
  },
  { submenu: 'Listar por Status', entry: 'Pedido', path: '/listar-pedido', heading: /Pedido/ },
  {
    submenu: 'Listar por Status',
    entry: 'Atendimento Externo',
    path: '/listar-atendimento-externo',
    heading: /Atendimento/,
  },
  // The cash screens later show a manager gate or the date in the title; the heading keeps its name.
  { submenu: 'Caixa', entry: 'Caixa do dia', path: '/caixa-hoje', heading: /Caixa|Acesso não autorizado/ },
  {
    submenu: 'Caixa',
    entry: 'Caixa por período',
    path: '/caixa-periodo',
    heading: /Caixa|Acesso não autorizado/,
  },
];

function submenu(page: Page, label: string): Locator {
  return page
    .getByRole('navigation', { name: 'Menu principal' })
    .locator('details.submenu')
    .filter({ has: page.locator('summary').getByText(label, { exact: true }) });
}

/** Opens the submenu by its summary (native <details>, no script needed) and follows one entry. */
async function openFromMenu(page: Page, url: string, item: (typeof MENU)[number]) {
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  let scope: Locator = nav;
  if (item.submenu) {
    const details = submenu(page, item.submenu);
    await details.locator('summary').click();
    expect(await details.getAttribute('open')).not.toBeNull();
    scope = details;
  }
  await Promise.all([
    page.waitForURL(`${url}${item.path}`),
    scope.getByRole('link', { name: item.entry, exact: true }).click(),
  ]);
}

function createUserDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Criar Usuário' });
}

async function fillCreateUser(
  dialog: Locator,
  user: { type: 'Gerente' | 'Funcionário'; origin: 'Matriz' | 'Filial'; username: string; password: string },
) {
  await dialog.getByRole('radio', { name: user.type, exact: true }).check();
  await dialog.getByRole('radio', { name: user.origin, exact: true }).check();
  await dialog.getByLabel('Usuário', { exact: true }).fill(user.username);
  await dialog.getByLabel('Senha', { exact: true }).fill(user.password);
}

describe('foundation in Chromium', () => {
  let system: RunningSystem;
  let browser: Browser;
  const employee = { username: 'ana.func', password: 'senha-da-ana' };
  const employeeNoJs = { username: 'bruno.func', password: 'senha-do-bruno' };
  /** The manager's password as it stands: the JavaScript journey changes it in Meus dados. */
  let managerPassword = MANAGER.password;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startSystem(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('the CSP watcher does see a violation (so an empty list means something)', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    try {
      await page.goto(`${system.url}/`);
      await page.evaluate(() => {
        const style = document.createElement('style');
        style.textContent = 'body { color: red; }';
        document.head.append(style);
      });
      await expect.poll(() => page.problems.cspViolations.length).toBeGreaterThan(0);
      expect(page.problems.cspViolations.join('\n')).toContain('style-src');
    } finally {
      await page.context().close();
    }
  });

  it("Entrar reads 'Entrando...', disabled, while the sign-in runs, and is back on the page that answers", async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    const { url } = system;
    try {
      await page.goto(`${url}/`);
      await page.getByLabel('Usuário', { exact: true }).fill(MANAGER.username);
      await page.getByLabel('Senha', { exact: true }).fill('not-the-password');
      const entrar = page.getByRole('button', { name: 'Entrar', exact: true });
      await clickWhilePostHeld(page, `${url}/`, entrar, (state) => state.startsWith('Entrando...|disabled|'));
      expect(await entrar.isVisible()).toBe(true);
      expect(await entrar.isEnabled()).toBe(true);
      expect(await page.locator('.toast-error').count()).toBe(1);
      expect(page.problems.pageErrors).toEqual([]);
      expect(page.problems.cspViolations).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('Salvar of Cadastrar Cliente is out of sight while the request runs (SPEC §4)', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    const { url } = system;
    try {
      await login(page, url, MANAGER.username, managerPassword);
      await page.goto(`${url}/cadastrar-cliente`);
      await page.getByLabel('Nome', { exact: true }).fill('Cliente do botão escondido');
      const salvar = page.getByRole('button', { name: 'Salvar', exact: true });
      await clickWhilePostHeld(page, `${url}/cadastrar-cliente/salvar`, salvar, (state) =>
        state.endsWith('|none'),
      );
      expect(page.url()).toMatch(/\/abrir-os-normal/);
    } finally {
      await page.context().close();
    }
  });

  it('with JavaScript: menu, create user, Meus dados, Sair, and no errors on the way', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    const { url } = system;
    try {
      // Login: clean page, then into /consulta.
      await page.goto(`${url}/`);
      expect(await heading(page)).toBe('Bancada');
      await expect.poll(() => page.locator('[data-island="busy-button"] button').count()).toBe(1);
      await screenshot(page, 'login');
      expectNoProblems(page, 'the login page');

      await login(page, url, MANAGER.username, MANAGER.password);
      expect(await heading(page)).toBe('Consulta');
      await screenshot(page, 'consulta');
      expectNoProblems(page, '/consulta');

      // Every menu entry, each submenu opened by a click on its summary.
      for (const item of MENU) {
        await openFromMenu(page, url, item);
        expect(await heading(page), item.path).toMatch(item.heading);
        // A locked cash screen opens its 'Acessar Caixa' login as a modal: Escape closes it, as a person would.
        const unlock = page.getByRole('dialog', { name: 'Acessar Caixa' });
        if (await unlock.isVisible()) {
          await page.keyboard.press('Escape');
          await expect.poll(() => unlock.isVisible()).toBe(false);
        }
      }
      await submenu(page, 'Abrir').locator('summary').click();
      await screenshot(page, 'menu-abrir-open');
      await submenu(page, 'Abrir').locator('summary').click();

      // Configurações: the island turns the link into a button that opens a real modal.
      clearProblems(page);
      await page.getByRole('link', { name: 'Configurações' }).click();
      await page.waitForURL(`${url}/configuracoes`);
      expect(await heading(page)).toBe('Configurações');
      expect(await page.getByRole('link', { name: 'Criar Usuário' }).count()).toBe(0);
      const dialog = createUserDialog(page);
      expect(await dialog.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Criar Usuário' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);

      // Senha de administrador: hidden until Gerente is chosen, hidden again for Funcionário.
      const adminPassword = dialog.getByLabel('Senha de administrador');
      expect(await adminPassword.isVisible()).toBe(false);
      await dialog.getByRole('radio', { name: 'Gerente', exact: true }).check();
      await expect.poll(() => adminPassword.isVisible()).toBe(true);
      await dialog.getByRole('radio', { name: 'Funcionário', exact: true }).check();
      await expect.poll(() => adminPassword.isVisible()).toBe(false);

      await fillCreateUser(dialog, { type: 'Funcionário', origin: 'Filial', ...employee });
      await page.waitForTimeout(600); // the 500 ms fade-in, so the picture shows the finished dialog
      await screenshot(page, 'settings-create-user-dialog');
      await Promise.all([
        page.waitForEvent('load'),
        dialog.getByRole('button', { name: 'Criar', exact: true }).click(),
      ]);
      await page.waitForURL(`${url}/configuracoes`);
      expect(await toasts(page)).toEqual(['Usuário criado com sucesso!']);
      expect(await createUserDialog(page).isVisible()).toBe(false);
      expectNoProblems(page, '/configuracoes');

      // Cancelar closes the dialog without submitting.
      await page.getByRole('button', { name: 'Criar Usuário' }).click();
      await expect.poll(() => createUserDialog(page).isVisible()).toBe(true);
      await createUserDialog(page).getByRole('button', { name: 'Cancelar' }).click();
      await expect.poll(() => createUserDialog(page).isVisible()).toBe(false);
      expect(page.url()).toBe(`${url}/configuracoes`);

      // Meus dados: a new password, then back on /consulta with the success toast.
      const newPassword = 'nova-senha-do-gerente';
      const profile = page.getByRole('form', { name: 'Meus dados' });
      expect(await profile.getByLabel('Usuário', { exact: true }).inputValue()).toBe(MANAGER.username);
      await profile.getByLabel('Senha atual').fill(MANAGER.password);
      await profile.getByLabel('Nova senha').fill(newPassword);
      await profile.getByLabel('Confirmar senha').fill(newPassword);
      await Promise.all([
        page.waitForURL(`${url}/consulta`),
        profile.getByRole('button', { name: 'Salvar' }).click(),
      ]);
      managerPassword = newPassword;
      expect(await toasts(page)).toEqual(['Perfil atualizado com sucesso!']);
      await screenshot(page, 'consulta-profile-toast');

      // Sair, then the old password no longer works and the new one does.
      await logout(page, url);
      expect(await heading(page)).toBe('Bancada');
      await page.getByLabel('Usuário', { exact: true }).fill(MANAGER.username);
      await page.getByLabel('Senha', { exact: true }).fill(MANAGER.password);
      await Promise.all([
        page.waitForEvent('load'),
        page.getByRole('button', { name: 'Entrar', exact: true }).click(),
      ]);
      expect(page.url()).toBe(`${url}/`);
      expect(await toasts(page)).toEqual(['Ocorreu um erro ao fazer login. Cheque suas credenciais']);
      clearProblems(page); // the refused login answers 401, which Chromium logs as a failed resource
      await login(page, url, MANAGER.username, newPassword);
      await logout(page, url);

      // Signed out: a private page sends back to login, which will lead back to it.
      await page.goto(`${url}/configuracoes`);
      expect(page.url()).toBe(`${url}/?next=%2Fconfiguracoes`);

      // The employee just created has no Criar Usuário.
      await login(page, url, employee.username, employee.password);
      await page.getByRole('link', { name: 'Configurações' }).click();
      await page.waitForURL(`${url}/configuracoes`);
      expect(await heading(page)).toBe('Configurações');
      expect(await page.getByText('Criar Usuário').count()).toBe(0);
      expect(await page.locator('dialog').count()).toBe(0);
      await page.goto(`${url}/configuracoes?dialogo=criar-usuario`);
      expect(await page.locator('dialog').count()).toBe(0);
      await logout(page, url);
      expectNoProblems(page, 'the rest of the journey');
    } finally {
      await page.context().close();
    }
  });

  it('the menu fits narrow windows: entries apart, dropdowns inside the page, no sideways scroll', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    try {
      await login(page, system.url, MANAGER.username, managerPassword);
      const nav = page.getByRole('navigation', { name: 'Menu principal' });
      for (const width of [1280, 768, 390]) {
        await page.setViewportSize({ width, height: 700 });
        const boxes = await nav
          .locator(':scope > ul > li, :scope > .who, :scope > .settings')
          .evaluateAll((els) =>
            els.map((el) => {
              const r = el.getBoundingClientRect();
              return {
                name: el.textContent?.trim() || el.className,
                l: r.left,
                r: r.right,
                t: r.top,
                b: r.bottom,
              };
            }),
          );
        for (const [i, a] of boxes.entries()) {
          expect(a.r, `${a.name} inside the window at ${width}px`).toBeLessThanOrEqual(width);
          for (const b of boxes.slice(i + 1)) {
            const apart = a.r <= b.l || b.r <= a.l || a.b <= b.t || b.b <= a.t;
            expect(apart, `${a.name} and ${b.name} overlap at ${width}px`).toBe(true);
          }
        }
        for (const label of ['Abrir', 'Listar por Status', 'Caixa']) {
          const details = submenu(page, label);
          await details.locator('summary').click();
          const box = await details.locator(':scope > ul').boundingBox();
          expect(box, `${label} dropdown at ${width}px`).not.toBeNull();
          expect(box?.x ?? -1, `${label} dropdown left edge at ${width}px`).toBeGreaterThanOrEqual(0);
          expect((box?.x ?? 0) + (box?.width ?? 0), `${label} dropdown at ${width}px`).toBeLessThanOrEqual(
            width,
          );
          await details.locator('summary').click();
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (width === 768) await screenshot(page, 'consulta-768px');
      }
    } finally {
      await page.context().close();
    }
  });

  it('without JavaScript: login, a submenu, the create-user dialog by its link, Sair', async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    const { url } = system;
    try {
      await page.goto(`${url}/`);
      await login(page, url, MANAGER.username, managerPassword);
      expect(await heading(page)).toBe('Consulta');

      const caixa = MENU.find((m) => m.path === '/caixa-periodo');
      if (!caixa) throw new Error('menu table lost Caixa por período');
      await openFromMenu(page, url, caixa);
      expect(await heading(page)).toMatch(caixa.heading);

      await page.getByRole('link', { name: 'Configurações' }).click();
      await page.waitForURL(`${url}/configuracoes`);
      const dialog = createUserDialog(page);
      expect(await dialog.isVisible()).toBe(false);
      await Promise.all([
        page.waitForURL(`${url}/configuracoes?dialogo=criar-usuario`),
        page.getByRole('link', { name: 'Criar Usuário' }).click(),
      ]);
      expect(await dialog.isVisible()).toBe(true);
      const adminPassword = dialog.getByLabel('Senha de administrador');
      expect(await adminPassword.isVisible()).toBe(false);
      await dialog.getByRole('radio', { name: 'Gerente', exact: true }).check();
      expect(await adminPassword.isVisible()).toBe(true);
      await fillCreateUser(dialog, { type: 'Funcionário', origin: 'Matriz', ...employeeNoJs });
      expect(await adminPassword.isVisible()).toBe(false);
      await page.waitForTimeout(600); // the 500 ms fade-in
      await screenshot(page, 'settings-create-user-dialog-nojs');
      await Promise.all([
        page.waitForURL(`${url}/configuracoes`),
        dialog.getByRole('button', { name: 'Criar', exact: true }).click(),
      ]);
      expect(await toasts(page)).toEqual(['Usuário criado com sucesso!']);
      expect(await createUserDialog(page).isVisible()).toBe(false);

      await logout(page, url);
      expect(await heading(page)).toBe('Bancada');

      // The employee created without JavaScript can sign in.
      await login(page, url, employeeNoJs.username, employeeNoJs.password);
      await logout(page, url);
    } finally {
      await page.context().close();
    }
  });
});
