/**
 * The Painel's figures and the cash report (docs/decisions/022), assembled from the SQL aggregates of
 * repository.ts. Money leaves as reais, like every amount of the api; counts as numbers; instants ISO.
 */
import { startOfShopDay, todayInShop } from '../../domain/dates.ts';
import {
  addDays,
  DAILY_BARS_UP_TO,
  DEFAULT_AGEING_DAYS,
  daysBetween,
  REVENUE_TYPES,
} from '../../domain/reports.ts';
import type { ApiDeps } from '../context.ts';
import {
  type CashCellRow,
  cashByDay,
  cashByMonth,
  finishedByKind,
  type ListedOrderRow,
  type OrderFilter,
  openedByKind,
  ordersBehind,
  readyUntouchedSince,
  type StatusRow,
  technicians,
  waitingByStatus,
} from './repository.ts';
import { ORDERS_LIMIT } from './schema.ts';

const reais = (cents: string | number) => Number(cents) / 100;
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The instants a window of `days` shop days ending on `today` starts and ends at. */
function windowOf(tz: string, today: string, days: number) {
  return {
    since: startOfShopDay(addDays(today, 1 - days), tz),
    until: startOfShopDay(addDays(today, 1), tz),
  };
}

const statusJson = (r: StatusRow) => ({
  kind: r.kind,
  status: r.status,
  count: Number(r.count),
  oldest: iso(r.oldest),
});

const cellJson = (r: CashCellRow) => ({
  date: r.date,
  type: r.type,
  payment_method: r.payment_method,
  count: Number(r.count),
  value: reais(r.value_cents),
});

export async function dashboard(deps: ApiDeps, date: string | null | undefined) {
  const tz = deps.shopTz;
  const today = date ?? todayInShop(tz);
  const w = {
    since1: windowOf(tz, today, 1).since,
    since7: windowOf(tz, today, 7).since,
    since30: windowOf(tz, today, 30).since,
    until: windowOf(tz, today, 1).until,
  };
  const revenueStart = addDays(today, -29);
  const agedBefore = startOfShopDay(addDays(today, -DEFAULT_AGEING_DAYS), tz);
  const [opened, finished, waiting, aged, cash, techs] = await Promise.all([
    openedByKind(deps.db, w),
    finishedByKind(deps.db, w),
    waitingByStatus(deps.db),
    readyUntouchedSince(deps.db, agedBefore),
    cashByDay(deps.db, revenueStart, today),
    technicians(deps.db, w.since30, w.until),
  ]);
  const counts = (r: { d1: string | number; d7: string | number; d30: string | number }) => ({
    1: Number(r.d1),
    7: Number(r.d7),
    30: Number(r.d30),
  });
  return {
    date: today,
    windows: [1, 7, 30].map((days) => ({ days, start: addDays(today, 1 - days), end: today })),
    opened: opened.map((r) => ({ kind: r.kind, counts: counts(r) })),
    finished: finished.map((r) => ({ kind: r.kind, counts: counts(r) })),
    turnaround: finished.map((r) => ({
      kind: r.kind,
      count: Number(r.d30),
      average_days: Number(r.d30) > 0 ? Number(r.seconds30) / Number(r.d30) / 86_400 : null,
    })),
    waiting: waiting.map(statusJson),
    ready_aged: {
      ageing_days: DEFAULT_AGEING_DAYS,
      before: agedBefore.toISOString(),
      groups: aged.map(statusJson),
    },
    cash_today: cash.filter((r) => r.date === today).map(cellJson),
    revenue: cash.filter((r) => REVENUE_TYPES.includes(r.type)).map(cellJson),
    technicians: techs.map((t) => ({
      name: t.name,
      finished: Number(t.finished),
      value: reais(t.value_cents),
    })),
  };
}

/**
 * A period's cash per day, type and payment method: the chart and every total of the report. Past
 * DAILY_BARS_UP_TO days, per month, as the chart draws it: a year is a few hundred cells, not ten
 * thousand (the totals are the same).
 */
export async function cashReport(deps: ApiDeps, start: string, end: string) {
  const monthly = daysBetween(start, end) > DAILY_BARS_UP_TO;
  const cells = await (monthly ? cashByMonth : cashByDay)(deps.db, start, end);
  return { start, end, per: monthly ? 'month' : 'day', cells: cells.map(cellJson) };
}

const listedJson = (r: ListedOrderRow) => ({
  id: r.id,
  number: r.number,
  status: r.status,
  created_at: iso(r.created_at),
  finished_at: iso(r.finished_at),
  updated_at: iso(r.updated_at),
  description: r.what,
  client: { name: r.client_name },
});

export type OrdersAsked = {
  date?: string | null | undefined;
  kind: OrderFilter['kind'];
  which: OrderFilter['which'];
  days?: number | undefined;
  technician?: string | undefined;
};

/** The orders behind a number of the Painel, with the same window and rule as the number itself. */
export async function orders(deps: ApiDeps, q: OrdersAsked) {
  const tz = deps.shopTz;
  const today = q.date ?? todayInShop(tz);
  const { since, until } =
    q.which === 'ready_aged'
      ? { since: new Date(0), until: startOfShopDay(addDays(today, -DEFAULT_AGEING_DAYS), tz) }
      : windowOf(tz, today, q.days ?? 1);
  const { count, rows } = await ordersBehind(
    deps.db,
    { kind: q.kind, which: q.which, since, until, technician: q.technician },
    ORDERS_LIMIT,
  );
  return { count, items: rows.map(listedJson) };
}
