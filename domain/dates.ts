/**
 * Business dates. Staff type and read dd/MM/yyyy (strict: 31/02/2026 and 1/2/2026 are refused);
 * the wire carries yyyy-MM-dd or ISO date-times; "today" is in the shop's time zone (SHOP_TZ).
 */
import { createRequire } from 'node:module';

// date-fns through its CommonJS build: its ES build makes Node re-read the package's 200 kB package.json
// for each of its ~300 modules, which cost about 150 MB of memory per process (measured by npm run bench).
// And only the four functions used, each from its own module: the packages' indexes load all ~300.
const require = createRequire(import.meta.url);
const { format } = require('date-fns/format') as typeof import('date-fns/format');
const { isValid } = require('date-fns/isValid') as typeof import('date-fns/isValid');
const { parse } = require('date-fns/parse') as typeof import('date-fns/parse');
const { fromZonedTime } = require('date-fns-tz/fromZonedTime') as typeof import('date-fns-tz/fromZonedTime');

export const DEFAULT_SHOP_TZ = 'America/Sao_Paulo';
export const DISPLAY_FORMAT = 'dd/MM/yyyy';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DISPLAY_DAY = /^\d{2}\/\d{2}\/\d{4}$/;

export type DateParse = { ok: true; iso: string } | { ok: false; message: string };

/**
 * The years a business date may name. A repair, a delivery, a part's manufacture or a cash period all
 * fall well inside; 01/01/0001 or 01/11/0026 is a slip of the keyboard that would otherwise be saved
 * and printed.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;
const inYears = (iso: string) => {
  const year = Number(iso.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};

/** "31/12/2026" -> { iso: "2026-12-31" }; anything not a real day in that exact shape is refused. */
export function parseDisplayDate(input: string): DateParse {
  const text = input.trim();
  if (!DISPLAY_DAY.test(text)) return { ok: false, message: 'Data inválida. Use o formato dd/mm/aaaa' };
  const date = parse(text, DISPLAY_FORMAT, new Date(2000, 0, 1));
  // The shape is right ('31/02/2026'): saying 'use dd/mm/aaaa' would not tell what is wrong.
  if (!isValid(date) || format(date, DISPLAY_FORMAT) !== text) {
    return { ok: false, message: `Data inválida: ${text} não existe no calendário` };
  }
  const iso = format(date, 'yyyy-MM-dd');
  if (!inYears(iso)) {
    return { ok: false, message: `Data inválida. Use um ano entre ${FIRST_YEAR} e ${LAST_YEAR}` };
  }
  return { ok: true, iso };
}

/** A calendar day as yyyy-MM-dd, checked to exist and to fall in the business years. */
export function isIsoDay(text: string): boolean {
  if (!ISO_DAY.test(text) || !inYears(text)) return false;
  const date = parse(text, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(date) && format(date, 'yyyy-MM-dd') === text;
}

/** A formatter from `cache`, made once per zone by `make`: making one costs more than a page of uses. */
function kept(
  cache: Map<string, Intl.DateTimeFormat>,
  tz: string,
  make: (timeZone: string) => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let formatter = cache.get(tz);
  if (!formatter) {
    formatter = make(tz);
    cache.set(tz, formatter);
  }
  return formatter;
}

/**
 * The calendar day of an instant in a zone, by one Intl formatter per zone kept for the process:
 * date-fns-tz's formatInTimeZone asks Intl for the zone's offset and then formats with date-fns on every
 * call, which was 4 % of the web's busy time on an order page (npm run bench). Intl alone gives the day
 * with the zone's rules (summer time of past years included).
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatter = (tz: string) =>
  kept(
    dayFormatters,
    tz,
    (timeZone) =>
      new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  );

/**
 * format(), not formatToParts(): en-US with two-digit month and day always writes "MM/DD/YYYY" (the
 * year as long as it is), and one string costs a third of the parts' array of objects.
 */
function dayParts(instant: Date, tz: string): { y: string; m: string; d: string } {
  const [m = '', d = '', y = ''] = dayFormatter(tz).format(instant).split('/');
  return { y: y.padStart(4, '0'), m, d };
}

/** Whether Intl knows a time-zone name (SHOP_TZ is checked at start). */
export function isTimeZone(tz: string): boolean {
  try {
    dayFormatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** "2026-12-31" or an ISO date-time -> "31/12/2026" (date-times read in the shop's zone). */
export function formatDisplayDate(value: string | Date | null | undefined, tz = DEFAULT_SHOP_TZ): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string' && ISO_DAY.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (!isValid(date)) return '-';
  const { y, m, d } = dayParts(date, tz);
  return `${d}/${m}/${y}`;
}

const momentFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the shop reads it, "31/12/2026 14:05" in its zone ('-' when it is no date), by one kept
 * formatter per zone.
 */
export function formatDisplayMoment(value: string | Date, tz = DEFAULT_SHOP_TZ): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (!isValid(date)) return '-';
  const formatter = kept(
    momentFormatters,
    tz,
    (timeZone) =>
      new Intl.DateTimeFormat('pt-BR', {
        timeZone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  );
  // format(), not formatToParts(): a third of the cost (an order's history formats up to 200 moments a
  // page). pt-BR writes day, month, year, hour and minute in that order; the digits are read as runs,
  // whatever separates them ('28/11/2026, 13:16' or '28/11/2026 13:16', by ICU version).
  const [day = '', month = '', year = '', hour = '', minute = ''] =
    formatter.format(date).match(/\d+/g) ?? [];
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** "2026-12-31" -> "31/12/2026" for pre-filling a form field ('' when none). */
export function isoToInput(value: string | null | undefined, tz = DEFAULT_SHOP_TZ): string {
  return value ? formatDisplayDate(value, tz) : '';
}

/** Today's calendar day in the shop, as yyyy-MM-dd. */
export function todayInShop(tz = DEFAULT_SHOP_TZ, now: Date = new Date()): string {
  return shopDayOf(now, tz);
}

/** The calendar day in the shop at an instant. */
export function shopDayOf(instant: Date, tz = DEFAULT_SHOP_TZ): string {
  const { y, m, d } = dayParts(instant, tz);
  return `${y}-${m}-${d}`;
}

/** Midnight that starts a shop day, as a UTC instant. */
export function startOfShopDay(isoDay: string, tz = DEFAULT_SHOP_TZ): Date {
  return fromZonedTime(`${isoDay}T00:00:00`, tz);
}
