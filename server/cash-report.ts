/**
 * A period's cash aggregates (day × type × payment method, from the api) shaped for the screen and the
 * sheet: the revenue bars stacked by method, the totals by entry type and by method, and the balance of
 * SPEC §9 — all from the same cells, so the chart, the tables and the balance always agree.
 */

import type { Request } from 'express';
import type { CashTotals, MethodLine, TypeLine } from '../contract/reports.ts';
import { formatDisplayDate } from '../domain/dates.ts';
import { reaisToCents } from '../domain/money.ts';
import { PAYMENT_METHODS } from '../domain/payment-methods.ts';
import { addDays, DAILY_BARS_UP_TO, daysBetween, NO_METHOD, REVENUE_TYPES } from '../domain/reports.ts';
import { balanceInCents, flowOf, transactionLabel } from '../domain/transactions.ts';
import type { PeriodReportProps } from '../views/components/PeriodReport.tsx';
import type { Bar } from '../views/components/StackedBars.tsx';
import { type CashCell, cashReport } from './backend/reports.ts';
import { periodHref } from './cash-period.ts';
import type { WebDeps } from './context.ts';
import { noteReportAnswer } from './report-support.ts';

const centsOf = (c: CashCell) => reaisToCents(c.value) ?? Math.round(c.value * 100);
const methodOf = (c: CashCell) => c.payment_method?.trim() || NO_METHOD;
const display = (iso: string) => formatDisplayDate(iso);

/** The methods present, in the order of the forms' list, others after it, none last. */
export function seriesOf(cells: readonly CashCell[]): string[] {
  const present = new Set(cells.map(methodOf));
  const known = PAYMENT_METHODS.filter((m) => present.has(m));
  const others = [...present].filter((m) => m !== NO_METHOD && !known.includes(m as never)).sort();
  return [...known, ...others, ...(present.has(NO_METHOD) ? [NO_METHOD] : [])];
}

/** The list of one day or a span of days on Caixa por período. */
export const periodLink = (start: string, end: string) =>
  periodHref('/caixa-periodo', { de: display(start), ate: display(end) });

/** What one bar of `revenueBars` is, for the heading of the chart's table. */
export const barsHeading = (start: string, end: string) =>
  daysBetween(start, end) > DAILY_BARS_UP_TO ? 'Mês' : 'Dia';

/**
 * Revenue (inflows) per bar stacked by method: one bar a day, or one a month when the period is longer
 * than two months (a year is 12 bars, not 365). Days without entries are empty bars, not missing ones.
 */
export function revenueBars(cells: readonly CashCell[], start: string, end: string): Bar[] {
  const days: string[] = [];
  for (let d = start; d <= end && days.length <= 400; d = addDays(d, 1)) days.push(d);
  const monthly = barsHeading(start, end) === 'Mês';
  const keyOf = (day: string) => (monthly ? day.slice(0, 7) : day);
  const bars = new Map<string, Bar>();
  for (const d of days) {
    const key = keyOf(d);
    if (bars.has(key)) continue;
    const last = monthly ? (days.filter((x) => x.startsWith(key)).at(-1) ?? d) : d;
    bars.set(key, {
      label: monthly ? `${key.slice(5, 7)}/${key.slice(0, 4)}` : `${d.slice(8, 10)}/${d.slice(5, 7)}`,
      title: monthly ? `${key.slice(5, 7)}/${key.slice(0, 4)}` : display(d),
      href: periodLink(d, last),
      cents: {},
    });
  }
  for (const c of cells) {
    if (!REVENUE_TYPES.includes(c.type)) continue;
    const bar = bars.get(keyOf(c.date));
    if (!bar) continue;
    bar.cents[methodOf(c)] = (bar.cents[methodOf(c)] ?? 0) + centsOf(c);
  }
  return [...bars.values()];
}

export function cashTotals(cells: readonly CashCell[]): CashTotals {
  const types = new Map<number, TypeLine>();
  const methods = new Map<string, MethodLine>();
  for (const c of cells) {
    const cents = centsOf(c);
    const t = types.get(c.type) ?? { type: c.type, label: transactionLabel(c.type), count: 0, cents: 0 };
    t.count += c.count;
    t.cents += cents;
    types.set(c.type, t);
    const m = methods.get(methodOf(c)) ?? { method: methodOf(c), count: 0, inCents: 0, outCents: 0 };
    m.count += c.count;
    if (flowOf(c.type) === 'in') m.inCents += cents;
    if (flowOf(c.type) === 'out') m.outCents += cents;
    methods.set(m.method, m);
  }
  const order = seriesOf(cells);
  return {
    byType: [...types.values()].sort((a, b) => a.type - b.type),
    byMethod: [...methods.values()].sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method)),
    balanceCents: balanceInCents(cells.map((c) => ({ type: c.type, valueCents: centsOf(c) }))),
    count: cells.reduce((s, c) => s + c.count, 0),
  };
}

/**
 * The chart, totals and export links of Caixa por período, or null when the backend has no reports
 * (the page is then as before: list and balance only).
 */
export async function periodReport(
  deps: WebDeps,
  req: Request,
  token: string,
  start: string,
  end: string,
): Promise<PeriodReportProps | null> {
  const result = await cashReport(req.api, token, start, end);
  noteReportAnswer(deps.http, result.status);
  if (!result.ok) return null;
  const cells = result.data.cells;
  const dates = { de: formatDisplayDate(start), ate: formatDisplayDate(end) };
  return {
    series: seriesOf(cells),
    bars: revenueBars(cells, start, end),
    heading: barsHeading(start, end),
    totals: cashTotals(cells),
    csvHref: periodHref('/caixa-periodo/exportar.csv', dates),
    xlsxHref: periodHref('/caixa-periodo/exportar.xlsx', dates),
    reportHref: periodHref('/caixa-periodo/relatorio', dates),
  };
}
