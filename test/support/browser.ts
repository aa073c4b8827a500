/**
 * End-to-end helpers: Debian's Chromium driven by playwright-core (never a downloaded browser), in front
 * of the real system started in-process (the api on PGlite, the web app listening on a free port).
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page, type Route } from 'playwright-core';
import { expect } from 'vitest';
import { startTestApi, type TestApi } from './api.ts';
import { startTestWeb } from './web.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'test-output', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export type RunningSystem = { url: string; api: TestApi; stop: () => Promise<void> };

/** The api (fresh PGlite database, seeded manager) and the web app in front of it, listening. */
export async function startSystem(options: { webEnv?: Record<string, string> } = {}): Promise<RunningSystem> {
  const api = await startTestApi('pglite');
  const web = await startTestWeb({ api, env: options.webEnv });
  const server = web.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    api,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await web.stop();
      await api.stop();
    },
  };
}

/** What a page reported that a person would call broken: console errors, page errors, CSP refusals. */
export type PageProblems = { consoleErrors: string[]; pageErrors: string[]; cspViolations: string[] };

export type TestPage = Page & { problems: PageProblems };

/**
 * A page in a fresh context (its own cookies). With JavaScript on, CSP violations are reported from
 * inside the page through a binding, and console errors and uncaught errors are collected too.
 */
export async function newPage(browser: Browser, options: { javaScriptEnabled: boolean }): Promise<TestPage> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled,
    locale: 'pt-BR',
    viewport: { width: 1280, height: 800 },
  });
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], cspViolations: [] };
  if (options.javaScriptEnabled) {
    await context.exposeBinding('__reportCspViolation', (source, text: string) => {
      problems.cspViolations.push(`${source.page.url()}: ${text}`);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
          .__reportCspViolation;
        report?.(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
      });
    });
  }
  const page = (await context.newPage()) as TestPage;
  page.problems = problems;
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.consoleErrors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.pageErrors.push(`${page.url()}: ${err.message}`));
  return page;
}

/** Empties the problem lists (to check one stretch of the journey on its own). */
export function clearProblems(page: TestPage): void {
  page.problems.consoleErrors.length = 0;
  page.problems.pageErrors.length = 0;
  page.problems.cspViolations.length = 0;
}

/** Signs in through the login form and waits for /consulta. */
export async function login(page: Page, url: string, user: string, pass: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByLabel('Usuário', { exact: true }).fill(user);
  await page.getByLabel('Senha', { exact: true }).fill(pass);
  await Promise.all([
    page.waitForURL(`${url}/consulta`),
    page.getByRole('button', { name: 'Entrar', exact: true }).click(),
  ]);
}

/** Sair, from Configurações; lands on the login screen. */
export async function logout(page: Page, url: string): Promise<void> {
  await page.getByRole('link', { name: 'Configurações' }).click();
  await page.waitForURL(`${url}/configuracoes`);
  await Promise.all([
    page.waitForURL(`${url}/`),
    page.getByRole('button', { name: 'Sair', exact: true }).click(),
  ]);
}

/** The texts of the toasts on the current page (present in the DOM even after CSS has faded them). */
export async function toasts(page: Page): Promise<string[]> {
  return (await page.locator('.toast').allTextContents()).map((t) => t.trim());
}

/**
 * A PNG of the viewport under test-output/screenshots/ for a person to look at; returns its path.
 * Animations run as they are (fast-forwarding them would fade the toasts out of the picture).
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** No page error, CSP violation or console error was recorded on this page since the last clear. */
export function expectNoProblems(page: TestPage, where: string): void {
  expect(page.problems.pageErrors, `page errors on ${where}`).toEqual([]);
  expect(page.problems.cspViolations, `CSP violations on ${where}`).toEqual([]);
  expect(page.problems.consoleErrors, `console errors on ${where}`).toEqual([]);
}

/** The text of the page's h1. */
export async function heading(page: Page): Promise<string> {
  return (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
}

/**
 * Clicks a submit button while the browser's POST to `path` is held back (only that request waits; the
 * web and the api are the real ones), until the button reaches a state `until` accepts; then lets the
 * request through and waits for the page that answers. While a navigation is pending Playwright cannot
 * query the page, so the page itself reports each change of the button, as 'text|disabled|display'
 * ('Enviando...|disabled|inline-block'). Returns every state reported.
 */
export async function clickWhilePostHeld(
  page: Page,
  path: string,
  button: Locator,
  until: (state: string) => boolean,
): Promise<string[]> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  };
  await page.route(path, handler);
  const states: string[] = [];
  const onConsole = (msg: { text(): string }) => {
    if (msg.text().startsWith('button-state ')) states.push(msg.text().slice('button-state '.length));
  };
  page.on('console', onConsole);
  try {
    const answered = page.waitForEvent('load');
    await button.evaluate((element) => {
      const b = element as HTMLButtonElement;
      const report = () =>
        console.log(
          `button-state ${b.textContent}|${b.disabled ? 'disabled' : 'enabled'}|${getComputedStyle(b).display}`,
        );
      new MutationObserver(report).observe(b, {
        attributes: true,
        childList: true,
        subtree: true,
        characterData: true,
      });
      b.click();
    });
    await expect.poll(() => states.some(until)).toBe(true);
    release();
    await answered;
    return states;
  } finally {
    release();
    page.off('console', onConsole);
    await page.unroute(path, handler);
  }
}
