/** How values read on screen and on paper: reais with a decimal comma, dates as dd/MM/yyyy. */
import { formatDisplayDate } from '../domain/dates.ts';
import { formatBRL, formatMoney, reaisToCents } from '../domain/money.ts';

/** Reais from the api (a number or null) -> "R$ 1.234,56", or '-' when none. */
export function brl(reais: number | null | undefined): string {
  if (reais === null || reais === undefined) return '-';
  return formatBRL(reaisToCents(reais) ?? Math.round(reais * 100));
}

/** Reais from the api -> "1.234,56" to pre-fill a money field ('' when none). */
export function moneyInput(reais: number | null | undefined): string {
  if (reais === null || reais === undefined) return '';
  return formatMoney(reaisToCents(reais) ?? Math.round(reais * 100));
}

/**
 * A day or a timestamp from the api -> "31/12/2026", or '-' when none. A timestamp is read in the shop's
 * zone (SHOP_TZ): an order opened at 23:30 in Manaus belongs to that day, not São Paulo's next one.
 */
export function day(value: string | null | undefined, tz: string): string {
  return formatDisplayDate(value ?? null, tz);
}

/** A business date from the api (yyyy-MM-dd, a day with no time: a cash entry's) -> "31/12/2026". */
export function businessDay(value: string | null | undefined): string {
  return formatDisplayDate(value ?? null);
}

/** Cents (web forms) -> reais for the api's JSON. */
export function centsToJson(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}

/** 4067 -> "4.067": whole numbers with the pt-BR thousands separator. */
export function count(n: number): string {
  return Math.trunc(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Which entries of how many a page shows: "Lançamentos 201–400 de 4.067". */
export function entryRange(first: number, last: number, total: number): string {
  return `Lançamentos ${count(first)}–${count(last)} de ${count(total)}`;
}

/** An address of Caixa do dia (a link, a dialog's form, the sheet) kept on a page of the day. */
export function onDayPage(href: string, page: number): string {
  return page > 1 ? `${href}${href.includes('?') ? '&' : '?'}pagina=${page}` : href;
}
