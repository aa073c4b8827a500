/**
 * One page of the cash by period (SPEC §2) with the balance of the WHOLE period (SPEC §9): the page's
 * entries and the period's totals are asked of the api together, so a year of entries never travels to
 * the web. Both are extras (backend/extras.ts): a backend that follows only SPEC §7 gets SPEC's own call,
 * the whole period read once and cut here. Caixa do dia is the period of one day, in pages of its own size.
 */

import type { CashEntry, CashSummary } from '../contract/transactions.ts';
import { reaisToCents } from '../domain/money.ts';
import { PAYMENT_METHODS } from '../domain/payment-methods.ts';
import { balanceByMethod, balanceOfTypeTotals, type MethodTotal } from '../domain/transactions.ts';
import type { PagerProps } from '../views/components/Pager.tsx';
import { entryRange } from '../views/format.ts';
import { entriesOfDay, entriesOfPeriod, entriesOfPeriodPage, periodSummary } from './backend/cash.ts';
import type { ApiResult, Backend } from './backend/client.ts';
import type { Extras } from './backend/extras.ts';
import { balanceByMethodOf, balanceOf } from './cash-balance.ts';

/** Entries per page of the period list and of its print sheet (docs/decisions/011). */
export const PERIOD_PAGE_SIZE = 200;
/** Entries per page of Caixa do dia (its sheet lists the whole day: cash-day-sheet.ts): a busy day runs to hundreds. */
export const DAY_PAGE_SIZE = 100;

/** Far past the end of any period (the api caps its offset near 2^31): a larger ?pagina= asks for this one. */
const PAGE_MAX = 10_000_000;

export type PeriodPage = {
  /** This page's entries, oldest first. */
  entries: CashEntry[];
  /** The balance of the whole period, never of this page alone. */
  balanceCents: number;
  /** The same balance per payment method; null when the backend's summary does not say it. */
  byMethod: MethodTotal[] | null;
  /** Live entries in the whole period. */
  count: number;
  /** 1-based; a page past the end is the last one. */
  page: number;
  /** At least 1, even for an empty period. */
  pages: number;
  /** Entries a page holds. */
  size: number;
};

const pagesFor = (count: number, size: number) => Math.max(1, Math.ceil(count / size));
const offsetOf = (page: number, size: number) => (page - 1) * size;
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

/** The balance per payment method of the summary's lines, when it has them (ours does, since it came). */
function methodTotalsOf(summary: CashSummary): MethodTotal[] | null {
  const lines = summary.by_method;
  if (!Array.isArray(lines)) return null;
  const valid = lines.every((l) => typeof l?.type === 'number' && Number.isFinite(l?.value));
  if (!valid) return null;
  const rows = lines.map((l) => ({ type: l.type, valueCents: centsOf(l.value), method: l.payment_method }));
  return balanceByMethod(rows, PAYMENT_METHODS);
}

export async function loadPeriodPage(
  backend: Backend,
  extras: Extras,
  start: string,
  end: string,
  wanted: number,
  options: {
    size?: number;
    byMethod?: boolean;
    /** SPEC §7's call for all of it (the period's, unless another is named). */
    whole?: () => Promise<ApiResult<CashEntry[]>>;
    /**
     * The period's count and balance when the caller reads them anyway (the report's cells, on the
     * first page): the summary is then not asked for. Null: the summary is asked for after all.
     */
    known?: Promise<{ count: number; balanceCents: number } | null>;
  } = {},
): Promise<ApiResult<PeriodPage>> {
  const size = options.size ?? PERIOD_PAGE_SIZE;
  const asked = Math.min(Math.max(1, Math.trunc(wanted) || 1), PAGE_MAX);
  const whole = async (): Promise<ApiResult<PeriodPage>> => {
    const all = await (options.whole ? options.whole() : entriesOfPeriod(backend, start, end));
    return all.ok ? { ok: true, status: 200, data: cut(all.data, asked, size) } : all;
  };
  if (!extras.usable('period-paging') || !extras.usable('period-summary')) return whole();

  type Known = { count: number; balanceCents: number };
  const askSummary = (): Promise<Known | ApiResult<CashSummary>> => periodSummary(backend, start, end);
  const [summary, slice] = await Promise.all([
    options.known ? options.known.then((known) => known ?? askSummary()) : askSummary(),
    entriesOfPeriodPage(backend, start, end, { limit: size, offset: offsetOf(asked, size) }),
  ]);
  if (!slice.ok) return extras.lacking('period-paging', slice) ? whole() : slice;
  // A paging backend never answers more than the limit: more is the whole period, paging ignored.
  if (slice.data.length > size) {
    extras.missing('period-paging');
    return { ok: true, status: 200, data: cut(slice.data, asked, size) };
  }
  if (!('ok' in summary)) {
    return finish({ ...summary, byMethod: null }, slice.data);
  }
  if (!summary.ok || !isSummary(summary.data)) {
    // A backend without the summary (or answering something else): the period's balance needs all of
    // it, unless this first page already holds it.
    if (summary.ok) extras.missing('period-summary');
    else extras.lacking('period-summary', summary);
    if (asked === 1 && slice.data.length < size) {
      return { ok: true, status: 200, data: cut(slice.data, 1, size) };
    }
    return whole();
  }

  const balanceCents = balanceOfTypeTotals(
    summary.data.totals.map((t) => ({
      type: t.type,
      count: Number(t.count) || 0,
      totalCents: centsOf(t.value),
    })),
  );
  const byMethod = methodTotalsOf(summary.data);
  // Totals by method wanted from a summary that lacks them (an older backend): the whole period has them.
  if (options.byMethod && byMethod === null) return whole();
  return finish({ count: summary.data.count, balanceCents, byMethod }, slice.data);

  /** The page asked for (past the end: the last one) with the whole period's totals. */
  async function finish(
    known: Pick<PeriodPage, 'count' | 'balanceCents' | 'byMethod'>,
    entries: CashEntry[],
  ) {
    const pages = pagesFor(known.count, size);
    const totals = { ...known, pages, size };
    if (asked <= pages || known.count === 0) {
      const page = Math.min(asked, pages);
      return { ok: true, status: 200, data: { ...totals, entries, page } } as const;
    }
    // Past the end: the last page, known only now that the count is.
    const last = await entriesOfPeriodPage(backend, start, end, {
      limit: size,
      offset: offsetOf(pages, size),
    });
    if (!last.ok) return last;
    return { ok: true, status: 200, data: { ...totals, entries: last.data, page: pages } } as const;
  }
}

/**
 * A page of Caixa do dia and its sheet, with the day's total and totals by method: the period of one
 * day; from a backend without pages, SPEC §7's call for the day.
 */
export function loadDayPage(backend: Backend, extras: Extras, date: string, wanted: number) {
  return loadPeriodPage(backend, extras, date, date, wanted, {
    size: DAY_PAGE_SIZE,
    byMethod: true,
    whole: () => entriesOfDay(backend, date),
  });
}

/** The page of a whole period held in memory, with the balance of all of it. */
function cut(all: CashEntry[], asked: number, size: number): PeriodPage {
  const pages = pagesFor(all.length, size);
  const page = Math.min(asked, pages);
  return {
    entries: all.slice(offsetOf(page, size), offsetOf(page, size) + size),
    balanceCents: balanceOf(all),
    byMethod: balanceByMethodOf(all),
    count: all.length,
    page,
    pages,
    size,
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

/**
 * Caixa por período with the dates a sheet or an export was asked for, as typed: a refused period
 * comes back to the form, which shows them and says what is wrong under its field. No dates: the bare form.
 */
export function periodSearchOf(query: Record<string, unknown>): string {
  // As typed, but no longer than a date could be written: the address stays short.
  const typed = (name: string) =>
    typeof query[name] === 'string' ? (query[name] as string).slice(0, 20) : '';
  const dates = { de: typed('de'), ate: typed('ate') };
  return dates.de || dates.ate ? periodHref('/caixa-periodo', dates) : '/caixa-periodo';
}

/** Which entries of the period a page holds ('Lançamentos 201–400 de 4.067'); null when it holds all. */
export function rangeOf(p: PeriodPage): string | null {
  if (p.pages <= 1) return null;
  return entryRange(offsetOf(p.page, p.size) + 1, Math.min(p.page * p.size, p.count), p.count);
}

/**
 * The pager of the list (the period's or the day's), its links made by `hrefOf` (the period's keep its
 * dates); null when the whole list fits in one page.
 */
export function pagerOf(p: PeriodPage, hrefOf: (page: number) => string): PagerProps | null {
  const range = rangeOf(p);
  if (range === null) return null;
  return {
    page: p.page,
    pages: p.pages,
    range,
    previousHref: p.page > 1 ? hrefOf(p.page - 1) : null,
    nextHref: p.page < p.pages ? hrefOf(p.page + 1) : null,
  };
}
