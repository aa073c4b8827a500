/**
 * Money is integer cents everywhere inside Bancada. Staff type reais with a decimal comma
 * ("1.234,56"); JSON carries reais as numbers with at most two decimals (SPEC §7, API.md).
 */

/** The largest amount we accept: ten million reais. Keeps every sum far inside safe integers. */
export const MAX_CENTS = 1_000_000_000;

export type MoneyParse = { ok: true; cents: number } | { ok: false; message: string };

const WITH_COMMA = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})$/;
const THOUSANDS_ONLY = /^\d{1,3}(?:\.\d{3})+$/;
const DOT_DECIMAL = /^(\d+)\.(\d{1,2})$/;
const DIGITS = /^\d+$/;

/**
 * Reads what a person typed: "1.234,56", "10,5", "10.50", "1.234", "R$ 12". A comma is always the
 * decimal mark; without a comma a dot followed by one or two digits is a decimal mark and dots in
 * groups of three are thousands separators.
 */
export function parseMoney(input: string): MoneyParse {
  const text = input.replace(/^R\$\s*/i, '').replace(/\s+/g, '');
  if (text === '') return { ok: false, message: 'Valor obrigatório' };
  if (text.startsWith('-')) return { ok: false, message: 'O valor não pode ser negativo' };

  const comma = WITH_COMMA.exec(text);
  const dot = DOT_DECIMAL.exec(text);
  let whole: string;
  let fraction = '';
  if (comma) {
    whole = (comma[1] ?? '').replaceAll('.', '');
    fraction = comma[2] ?? '';
  } else if (THOUSANDS_ONLY.test(text)) {
    whole = text.replaceAll('.', '');
  } else if (dot) {
    whole = dot[1] ?? '';
    fraction = dot[2] ?? '';
  } else if (DIGITS.test(text)) {
    whole = text;
  } else {
    return { ok: false, message: 'Valor inválido. Use o formato 1.234,56' };
  }
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) {
    return { ok: false, message: 'Valor alto demais' };
  }
  return { ok: true, cents };
}

/** 123456 -> "1.234,56" */
export function formatMoney(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole},${fraction}`;
}

/** 123456 -> "R$ 1.234,56" (plain space, so printed sheets and tests read the same). */
export function formatBRL(cents: number): string {
  return cents < 0 ? `-R$ ${formatMoney(-cents)}` : `R$ ${formatMoney(cents)}`;
}

/** Reais as JSON numbers -> cents, refusing more than two decimals and non-finite values. */
export function reaisToCents(reais: number): number | null {
  if (!Number.isFinite(reais)) return null;
  const cents = Math.round(reais * 100);
  if (Math.abs(cents - reais * 100) > 1e-6) return null;
  return cents;
}

export function centsToReais(cents: number): number {
  return cents / 100;
}
