/**
 * The Painel and the period's chart in Chromium, without JavaScript (docs/decisions/022): a manager
 * opens the Painel from the menu and sees the revenue chart drawn (bars with a size on screen) beside its
 * data table; the cash by period, once unlocked, shows the same chart for the period and its table.
 * Screenshots go to test-output/screenshots.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { addDays } from '../../domain/reports.ts';
import { MANAGER } from '../support/api.ts';
import {
  launchBrowser,
  login,
  newPage,
  type RunningSystem,
  screenshot,
  startSystem,
} from '../support/browser.ts';
import { writeHistory } from '../support/history.ts';

const TZ = 'America/Sao_Paulo';

/** The chart's SVG and its bars as laid out on screen, and its data table's rows. */
async function chartOn(page: Page, id: string) {
  const svg = page.locator(`#${id} svg[role="img"]`);
  const box = await svg.boundingBox();
  const bars = await page
    .locator(`#${id} svg[role="img"] rect`)
    .evaluateAll(
      (rects) =>
        rects.map((r) => r.getBoundingClientRect()).filter((b) => b.height > 0 && b.width > 0).length,
    );
  // Bars (a day or a month) with any revenue drawn: the data table lists those.
  const withRevenue = await page
    .locator(`#${id} svg[role="img"] > g`)
    .evaluateAll((groups) => groups.filter((g) => g.querySelector('rect')).length);
  const table = page.locator(`#${id}-table`);
  return {
    box,
    bars,
    withRevenue,
    label: await svg.getAttribute('aria-labelledby'),
    tableVisible: await table.isVisible(),
    tableRows: await table.locator('tbody tr').count(),
  };
}

describe('Painel in Chromium', () => {
  let system: RunningSystem;
  let browser: Browser;
  const today = todayInShop(TZ);

  beforeAll(async () => {
    [system, browser] = await Promise.all([startSystem(), launchBrowser()]);
    await writeHistory(system.api.deps.db, 17, today, TZ);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('shows the Painel with its chart and table, from the menu, without JavaScript', async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    try {
      await page.setViewportSize({ width: 1280, height: 1400 });
      await login(page, system.url, MANAGER.username, MANAGER.password);
      await Promise.all([
        page.waitForURL(`${system.url}/painel`),
        page.getByRole('link', { name: 'Painel' }).click(),
      ]);
      const chart = await chartOn(page, 'receita-30-dias');
      expect(chart.box?.width ?? 0).toBeGreaterThan(400);
      expect(chart.box?.height ?? 0).toBeGreaterThan(100);
      expect(chart.bars).toBeGreaterThan(10);
      expect(chart.label).toBe('receita-30-dias-caption');
      expect(chart.tableVisible).toBe(true);
      expect(chart.withRevenue).toBeGreaterThan(10);
      expect(chart.tableRows).toBe(chart.withRevenue);
      await page.locator('#receita-30-dias').scrollIntoViewIfNeeded();
      await screenshot(page, 'painel');
    } finally {
      await page.context().close();
    }
  });

  it('shows the period chart with its table on Caixa por período once unlocked', async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    try {
      await page.setViewportSize({ width: 1280, height: 1400 });
      await login(page, system.url, MANAGER.username, MANAGER.password);
      await page.goto(`${system.url}/caixa-periodo`);
      const unlock = page.getByRole('dialog', { name: 'Acessar Caixa' });
      await unlock.getByLabel('Usuário').fill(MANAGER.username);
      await unlock.getByLabel('Senha').fill(MANAGER.password);
      await Promise.all([page.waitForEvent('load'), unlock.getByRole('button', { name: 'Entrar' }).click()]);
      await page.waitForURL(`${system.url}/caixa-periodo`);
      await page.getByLabel('Do dia').fill(formatDisplayDate(addDays(today, -20)));
      await page.getByLabel('Até o dia').fill(formatDisplayDate(today));
      await Promise.all([page.waitForURL(/de=/), page.getByRole('button', { name: 'Buscar' }).click()]);
      const chart = await chartOn(page, 'receita-periodo');
      expect(chart.box?.width ?? 0).toBeGreaterThan(400);
      expect(chart.bars).toBeGreaterThan(10);
      expect(chart.tableVisible).toBe(true);
      expect(chart.withRevenue).toBeGreaterThan(10);
      expect(chart.tableRows).toBe(chart.withRevenue);
      await page.locator('#receita-periodo').scrollIntoViewIfNeeded();
      await screenshot(page, 'caixa-periodo-grafico');
    } finally {
      await page.context().close();
    }
  });

  // An owner reads the Painel on a phone: wide tables and the chart scroll inside their boxes, the page
  // stays the screen's width, and the chart's labels keep a readable size.
  it('on a 375px phone, the Painel, Caixa por período, a list and Usuários stay the width of the screen', async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      await login(page, system.url, MANAGER.username, MANAGER.password);
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      await page.goto(`${system.url}/painel`);
      expect(await pageWidth()).toBe(375);
      const tick = await page.locator('#receita-30-dias .chart-tick').first().boundingBox();
      expect(tick?.height ?? 0, 'a date under the bars').toBeGreaterThanOrEqual(8);
      // The chart's box opens on its latest days (today's bar on screen), not on a month ago.
      const latest = await page.locator('#receita-30-dias svg[role="img"] rect').last().boundingBox();
      expect(latest?.x ?? -1, "today's bar").toBeGreaterThanOrEqual(0);
      expect((latest?.x ?? 999) + (latest?.width ?? 0), "today's bar").toBeLessThanOrEqual(375);
      await screenshot(page, 'painel-375px');
      for (const path of ['/listar-os-normal?status=108', '/configuracoes/usuarios']) {
        await page.goto(`${system.url}${path}`);
        expect(await page.locator('table').count(), path).toBeGreaterThan(0);
        expect(await pageWidth(), path).toBe(375);
      }
      await page.goto(`${system.url}/caixa-periodo`);
      const unlock = page.getByRole('dialog', { name: 'Acessar Caixa' });
      await unlock.getByLabel('Usuário').fill(MANAGER.username);
      await unlock.getByLabel('Senha').fill(MANAGER.password);
      await Promise.all([page.waitForEvent('load'), unlock.getByRole('button', { name: 'Entrar' }).click()]);
      await page.getByLabel('Do dia').fill(formatDisplayDate(addDays(today, -20)));
      await page.getByLabel('Até o dia').fill(formatDisplayDate(today));
      const search = page.getByRole('button', { name: 'Buscar' });
      const button = await search.boundingBox();
      expect((button?.x ?? 999) + (button?.width ?? 0), 'Buscar on the screen').toBeLessThanOrEqual(375);
      await Promise.all([page.waitForURL(/de=/), search.click()]);
      expect(await pageWidth()).toBe(375);
    } finally {
      await page.context().close();
    }
  });
});
