/**
 * The date picker opens where all of it can be seen, in Chromium at a laptop's 1280x720 and a phone's
 * 390x844: a date field at the bottom of the screen opens its calendar upwards instead of below the
 * fold; one at the top opens below. The Editar O.S. repair date and the cash period's days.
 */
import type { Browser, Locator, Page } from 'playwright-core';
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

const SIZES = [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
];

/** The calendar's box lies wholly inside the viewport. */
async function expectOnScreen(page: Page, calendar: Locator, what: string) {
  await expect.poll(() => calendar.isVisible()).toBe(true);
  const box = await calendar.boundingBox();
  const view = page.viewportSize();
  if (!box || !view) throw new Error('no box');
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(view.height);
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(view.width);
}

describe('the date picker stays on screen, in Chromium', () => {
  let system: RunningSystem;
  let browser: Browser;
  let orderId: number;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startSystem(), launchBrowser()]);
    const { token } = await apiLogin(system.api, MANAGER.username, MANAGER.password);
    const call = async (path: string, body: unknown) =>
      (await (
        await fetch(`${system.api.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        })
      ).json()) as { id: number };
    const client = await call('/clients', { name: 'Cliente do Calendário' });
    orderId = (await call('/service-orders/normal', { client_id: client.id, product_name: 'Rádio' })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  for (const size of SIZES) {
    const at = `${size.width}x${size.height}`;

    it(`${at}: Data do conserto at the bottom of the screen opens upwards; at the top, below`, async () => {
      const page = await newPage(browser, { javaScriptEnabled: true });
      await page.setViewportSize(size);
      await login(page, system.url, MANAGER.username, MANAGER.password);
      await page.goto(`${system.url}/editar-os/${orderId}`);
      const button = page.getByRole('button', { name: 'Escolher data: Data do conserto' });
      const calendar = page.getByRole('dialog', { name: 'Calendário: Data do conserto' });

      // The field scrolled to the very bottom of the screen, as a person reaching it would leave it.
      await button.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await button.click();
      await expectOnScreen(page, calendar, `${at}, field at the bottom`);
      await page.keyboard.press('Escape');
      await expect.poll(() => calendar.count()).toBe(0);

      await button.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await button.click();
      await expectOnScreen(page, calendar, `${at}, field at the top`);
      const below = await calendar.boundingBox();
      const under = await button.boundingBox();
      expect((below?.y ?? 0) >= (under?.y ?? 0)).toBe(true);
      // It still types the day it is given.
      await calendar.getByRole('button', { name: /^15 de / }).click();
      expect(await page.getByRole('textbox', { name: 'Data do conserto', exact: true }).inputValue()).toMatch(
        /^15\/\d{2}\/\d{4}$/,
      );
      expectNoProblems(page, `the calendar at ${at}`);
      await page.context().close();
    });

    it(`${at}: the cash period's days open on screen`, async () => {
      const page = await newPage(browser, { javaScriptEnabled: true });
      await page.setViewportSize(size);
      await login(page, system.url, MANAGER.username, MANAGER.password);
      await page.goto(`${system.url}/caixa-periodo`);
      const unlock = page.getByRole('dialog', { name: 'Acessar Caixa' });
      await unlock.getByLabel('Usuário').fill(MANAGER.username);
      await unlock.getByLabel('Senha').fill(MANAGER.password);
      await Promise.all([
        page.waitForURL(`${system.url}/caixa-periodo`),
        unlock.getByRole('button', { name: 'Entrar' }).click(),
      ]);
      for (const label of ['Do dia', 'Até o dia']) {
        const button = page.getByRole('button', { name: `Escolher data: ${label}` });
        await button.evaluate((el) => el.scrollIntoView({ block: 'end' }));
        await button.click();
        await expectOnScreen(
          page,
          page.getByRole('dialog', { name: `Calendário: ${label}` }),
          `${at}, ${label}`,
        );
        await page.keyboard.press('Escape');
      }
      expectNoProblems(page, `the period's calendars at ${at}`);
      await page.context().close();
    });
  }

  it('with the keyboard: opens on the typed day, arrows cross months, Enter types it, Escape goes back to its button', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    try {
      await login(page, system.url, MANAGER.username, MANAGER.password);
      await page.goto(`${system.url}/editar-os/${orderId}`);
      const field = page.getByRole('textbox', { name: 'Data do conserto', exact: true });
      await field.fill('30/01/2026');
      const button = page.getByRole('button', { name: 'Escolher data: Data do conserto' });
      await button.focus();
      await page.keyboard.press('Enter');
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      await expect.poll(focused).toBe('30 de janeiro de 2026');
      // A week on is in February; a day back from there, the 5th.
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused).toBe('6 de fevereiro de 2026');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(focused).toBe('5 de fevereiro de 2026');
      // Page Down: a month on, the same day; Page Up back. Home and End: the week's Sunday and Saturday.
      await page.keyboard.press('PageDown');
      await expect.poll(focused).toBe('5 de março de 2026');
      await page.keyboard.press('PageUp');
      await expect.poll(focused).toBe('5 de fevereiro de 2026');
      // With Shift, a year.
      await page.keyboard.press('Shift+PageDown');
      await expect.poll(focused).toBe('5 de fevereiro de 2027');
      await page.keyboard.press('Shift+PageUp');
      await expect.poll(focused).toBe('5 de fevereiro de 2026');
      await page.keyboard.press('Home');
      await expect.poll(focused).toBe('1 de fevereiro de 2026');
      await page.keyboard.press('End');
      await expect.poll(focused).toBe('7 de fevereiro de 2026');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(focused).toBe('5 de fevereiro de 2026');
      // The days are one Tab stop: Tab leaves them.
      await page.keyboard.press('Shift+Tab');
      expect(await focused()).not.toMatch(/ de 2026$/);
      await page.keyboard.press('Tab');
      await expect.poll(focused).toBe('5 de fevereiro de 2026');
      await page.keyboard.press('Enter');
      await expect.poll(() => field.inputValue()).toBe('05/02/2026');
      const calendar = page.getByRole('dialog', { name: 'Calendário: Data do conserto' });
      await expect.poll(() => calendar.count()).toBe(0);
      // Escape closes it and the keyboard is back on its button.
      await button.click();
      await expect.poll(focused).toBe('5 de fevereiro de 2026');
      await page.keyboard.press('Escape');
      await expect.poll(focused).toBe('Escolher data: Data do conserto');
      expect(await calendar.count()).toBe(0);
      // Typed by hand as eight digits, or with a one-digit day: put in the server's shape as it is left.
      await field.fill('05112026');
      await page.keyboard.press('Tab');
      await expect.poll(() => field.inputValue()).toBe('05/11/2026');
      await field.fill('5/1/2026');
      await page.keyboard.press('Tab');
      await expect.poll(() => field.inputValue()).toBe('05/01/2026');
      expectNoProblems(page, 'the calendar with the keyboard');
    } finally {
      await page.context().close();
    }
  });
});
