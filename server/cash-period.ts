/**
 * One page of the cash by period (SPEC §2) with the balance of the WHOLE period (SPEC §9): the page's
 * entries and the period's totals by type are asked of the api together, so a year of entries never
 * travels to the web. Both are extras (backend/extras.ts): a backend that follows only SPEC §7 gets
 * SPEC's own call, the whole period read once and cut here.
 */

import type { CashEntry, CashSummary } from '../contract/transactions.ts';
import { reaisToCents } from '../domain/money.ts';
import { balanceOfTypeTotals } from '../domain/transactions.ts';
import type { PagerProps } from '../views/components/Pager.tsx';
import { entryRange } from '../views/format.ts';
import { entriesOfPeriod, entriesOfPeriodPage, periodSummary } from './backend/cash.ts';
import type { ApiResult, Backend } from './backend/client.ts';
import type { Extras } from './backend/extras.ts';
import { balanceOf } from './cash-balance.ts';

/** Entries per page of the period list and of its print sheet (docs/decisions/011). */
export const PERIOD_PAGE_SIZE = 200;

/** Far past the end of any period (the api caps its offset near 2^31): a larger ?pagina= asks for this one. */
const PAGE_MAX = 10_000_000;

export type PeriodPage = {
  /** This page's entries, oldest first. */
  entries: CashEntry[];
  /** The balance of the whole period, never of this page alone. */
  balanceCents: number;
  /** Live entries in the whole period. */
  count: number;
  /** 1-based; a page past the end is the last one. */
  page: number;
  /** At least 1, even for an empty period. */
  pages: number;
};

export const pagesFor = (count: number) => Math.max(1, Math.ceil(count / PERIOD_PAGE_SIZE));
const offsetOf = (page: number) => (page - 1) * PERIOD_PAGE_SIZE;
const centsOf = (reais: number) => reaisToCents(reais) ?? Math.round(reais * 100);

/** The answer of a backend that really has the summary (a shop's own one might answer anything). */
function isSummary(data: unknown): data is CashSummary {
  const s = data as CashSummary | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    Number.isSafeInteger(s.count) &&
    s.count >= 0 &&
    Array.isArray(s.totals) &&
    s.totals.every((t) => typeof t?.type === 'number' && Number.isFinite(t?.value))
  );
}

export async function loadPeriodPage(
  backend: Backend,
  extras: Extras,
  start: string,
  end: string,
  wanted: number,
): Promise<ApiResult<PeriodPage>> {
  const asked = Math.min(Math.max(1, Math.trunc(wanted) || 1), PAGE_MAX);
  const whole = async (): Promise<ApiResult<PeriodPage>> => {
    const all = await entriesOfPeriod(backend, start, end);
    return all.ok ? { ok: true, status: 200, data: cut(all.data, asked) } : all;
  };
  if (!extras.usable('period-paging') || !extras.usable('period-summary')) return whole();

  const [summary, slice] = await Promise.all([
    periodSummary(backend, start, end),
    entriesOfPeriodPage(backend, start, end, { limit: PERIOD_PAGE_SIZE, offset: offsetOf(asked) }),
  ]);
  if (!slice.ok) return extras.lacking('period-paging', slice) ? whole() : slice;
  // A paging backend never answers more than the limit: more is the whole period, paging ignored.
  if (slice.data.length > PERIOD_PAGE_SIZE) {
    extras.missing('period-paging');
    return { ok: true, status: 200, data: cut(slice.data, asked) };
  }
  if (!summary.ok || !isSummary(summary.data)) {
    // A backend without the summary (or answering something else): the period's balance needs all of
    // it, unless this first page already holds it.
    if (summary.ok) extras.missing('period-summary');
    else extras.lacking('period-summary', summary);
    if (asked === 1 && slice.data.length < PERIOD_PAGE_SIZE) {
      return { ok: true, status: 200, data: cut(slice.data, 1) };
    }
    return whole();
  }

  const { count } = summary.data;
  const pages = pagesFor(count);
  const balanceCents = balanceOfTypeTotals(
    summary.data.totals.map((t) => ({
      type: t.type,
      count: Number(t.count) || 0,
      totalCents: centsOf(t.value),
    })),
  );
  if (asked <= pages || count === 0) {
    return {
      ok: true,
      status: 200,
      data: { entries: slice.data, balanceCents, count, page: Math.min(asked, pages), pages },
    };
  }
  // Past the end: the last page, known only now that the count is.
  const last = await entriesOfPeriodPage(backend, start, end, {
    limit: PERIOD_PAGE_SIZE,
    offset: offsetOf(pages),
  });
  if (!last.ok) return last;
  return { ok: true, status: 200, data: { entries: last.data, balanceCents, count, page: pages, pages } };
}

/** The page of a whole period held in memory, with the balance of all of it. */
function cut(all: CashEntry[], asked: number): PeriodPage {
  const pages = pagesFor(all.length);
  const page = Math.min(asked, pages);
  return {
    entries: all.slice(offsetOf(page), offsetOf(page) + PERIOD_PAGE_SIZE),
    balanceCents: balanceOf(all),
    count: all.length,
    page,
    pages,
  };
}

/** The dates of the period as they were typed (dd/MM/yyyy), for links back to it. */
export type PeriodDates = { de: string; ate: string };

/** The list or its sheet for these dates, at a page (no page: the first, as a search lands). */
export function periodHref(path: string, dates: PeriodDates, page: number | null = null): string {
  const query = new URLSearchParams({ de: dates.de, ate: dates.ate });
  if (page !== null) query.set('pagina', String(page));
  return `${path}?${query}`;
}

/** Which entries of the period a page holds ('Lançamentos 201–400 de 4.067'); null when it holds all. */
export function rangeOf(p: PeriodPage): string | null {
  if (p.pages <= 1) return null;
  return entryRange(offsetOf(p.page) + 1, Math.min(p.page * PERIOD_PAGE_SIZE, p.count), p.count);
}

/** The pager of the list: links that keep the dates; null when the whole period fits in one page. */
export function pagerOf(path: string, dates: PeriodDates, p: PeriodPage): PagerProps | null {
  const range = rangeOf(p);
  if (range === null) return null;
  return {
    page: p.page,
    pages: p.pages,
    range,
    previousHref: p.page > 1 ? periodHref(path, dates, p.page - 1) : null,
    nextHref: p.page < p.pages ? periodHref(path, dates, p.page + 1) : null,
  };
}
