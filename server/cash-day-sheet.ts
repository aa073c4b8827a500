/**
 * The printed Caixa do dia is the cashier's end-of-day paper: it lists EVERY entry of the day, so its
 * rows add up to its total (the screen's pages of 100 are for reading, not for closing the cash). A day is
 * naturally bounded; DAY_SHEET_MAX keeps a runaway one from making an endless page, and a day past it is
 * said on the sheet, never silently cut.
 */
import type { CashEntry } from '../contract/transactions.ts';
import type { MethodTotal } from '../domain/transactions.ts';
import type { SheetPart } from '../print-templates/CashReport.tsx';
import { count, entryRange } from '../views/format.ts';
import { entriesOfDay, entriesOfPeriodPage } from './backend/cash.ts';
import type { ApiResult, Backend } from './backend/client.ts';
import type { Extras } from './backend/extras.ts';
import { balanceOf } from './cash-balance.ts';
import { loadPeriodPage } from './cash-period.ts';

/** The most entries one day's sheet lists: a very busy day is several hundred. */
export const DAY_SHEET_MAX = 3_000;
/** Entries per call to our api (its `limit` goes to 1,000). */
const SLICE = 1_000;

export type DaySheet = {
  /** The day's entries, oldest first, at most DAY_SHEET_MAX. */
  entries: CashEntry[];
  /** Live entries in the whole day (more than `entries` only past the cap). */
  count: number;
  /** The whole day's total (SPEC §9). */
  balanceCents: number;
  byMethod: MethodTotal[] | null;
};

/**
 * The first slice brings the day's totals (as the screen's page does); the next slices, if any, are
 * asked together. A backend without pages answers SPEC §7's whole day once, which is then kept.
 */
export async function loadDaySheet(
  backend: Backend,
  extras: Extras,
  date: string,
): Promise<ApiResult<DaySheet>> {
  const memo: { whole?: Promise<ApiResult<CashEntry[]>> } = {};
  const whole = () => {
    memo.whole ??= entriesOfDay(backend, date);
    return memo.whole;
  };
  const first = await loadPeriodPage(backend, extras, date, date, 1, { size: SLICE, byMethod: true, whole });
  if (!first.ok) return first;
  const day = first.data;
  const sheet = (entries: CashEntry[]) =>
    ({
      ok: true,
      status: 200,
      data: {
        entries: entries.slice(0, DAY_SHEET_MAX),
        count: Math.max(day.count, entries.length),
        balanceCents: day.balanceCents,
        byMethod: day.byMethod,
      },
    }) as const;
  if (day.pages === 1) return sheet(day.entries);
  // The whole day was read already (a backend without pages, or one found ignoring them).
  if (memo.whole || !extras.usable('period-paging')) {
    const all = await whole();
    return all.ok ? sheet(all.data) : all;
  }
  const slices = Math.ceil(Math.min(day.count, DAY_SHEET_MAX) / SLICE);
  const rest = await Promise.all(
    Array.from({ length: slices - 1 }, (_, i) =>
      entriesOfPeriodPage(backend, date, date, { limit: SLICE, offset: (i + 1) * SLICE }),
    ),
  );
  const entries = [...day.entries];
  for (const slice of rest) {
    if (!slice.ok) return slice;
    entries.push(...slice.data);
  }
  return sheet(entries);
}

/** What a sheet past the cap says: how many it lists, of how many, and that the total is the day's. */
export function cappedDay(day: DaySheet): SheetPart | null {
  if (day.entries.length >= day.count) return null;
  return {
    range: entryRange(1, day.entries.length, day.count),
    note: `Este dia tem mais lançamentos do que cabem numa folha: ela lista os ${count(day.entries.length)} primeiros. O total do dia abaixo conta todos.`,
    sheetCents: balanceOf(day.entries),
  };
}
