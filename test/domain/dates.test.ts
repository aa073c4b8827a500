/** Business dates (SPEC §5 "Dates are typed as dd/MM/yyyy, parsed strictly", §9; API.md "Dates"). */
import { describe, expect, it } from 'vitest';
import {
  formatDisplayDate,
  formatDisplayMoment,
  isIsoDay,
  isoToInput,
  parseDisplayDate,
  shopDayOf,
  startOfShopDay,
  todayInShop,
} from '../../domain/dates.ts';

const INVALID = 'Data inválida. Use o formato dd/mm/aaaa';

describe('parseDisplayDate', () => {
  it.each([
    ['31/12/2026', '2026-12-31'],
    ['01/01/2026', '2026-01-01'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2000', '2000-02-29'],
    [' 15/03/2026 ', '2026-03-15'],
  ])('reads %j as %j', (input, iso) => {
    expect(parseDisplayDate(input)).toEqual({ ok: true, iso });
  });

  it.each(['31/02/2026', '29/02/2025', '29/02/1900', '31/04/2026', '00/01/2026', '01/13/2026'])(
    'refuses %j, in the right shape but no day of the calendar, saying so',
    (input) => {
      expect(parseDisplayDate(input)).toEqual({
        ok: false,
        message: `Data inválida: ${input} não existe no calendário`,
      });
    },
  );

  it.each([
    '1/2/2026',
    '01/2/2026',
    '2026-12-31',
    '31-12-2026',
    '31/12/26',
    '31/12/2026 10:00',
    '',
    'amanhã',
  ])('refuses %j', (input) => {
    expect(parseDisplayDate(input)).toEqual({ ok: false, message: INVALID });
  });

  it('reads the first and last business years', () => {
    expect(parseDisplayDate('01/01/1900')).toEqual({ ok: true, iso: '1900-01-01' });
    expect(parseDisplayDate('31/12/2100')).toEqual({ ok: true, iso: '2100-12-31' });
  });

  it.each(['01/01/0001', '01/11/0026', '31/12/1899', '01/01/2101', '31/12/9999'])(
    'refuses %j, a real day in a year no business date names',
    (input) => {
      expect(parseDisplayDate(input)).toEqual({
        ok: false,
        message: 'Data inválida. Use um ano entre 1900 e 2100',
      });
    },
  );
});

describe('isIsoDay', () => {
  it('accepts real yyyy-MM-dd days only', () => {
    expect(isIsoDay('2026-12-31')).toBe(true);
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2026-2-3')).toBe(false);
    expect(isIsoDay('31/12/2026')).toBe(false);
    expect(isIsoDay('2026-12-31T00:00:00Z')).toBe(false);
    expect(isIsoDay('0001-01-01')).toBe(false);
    expect(isIsoDay('9999-12-31')).toBe(false);
  });
});

describe('formatDisplayDate', () => {
  it('prints a yyyy-MM-dd day as dd/MM/yyyy without moving it', () => {
    expect(formatDisplayDate('2026-12-31')).toBe('31/12/2026');
    expect(formatDisplayDate('2026-01-01')).toBe('01/01/2026');
  });

  it('reads an ISO date-time in the shop zone: 01:30Z is still the previous day in São Paulo', () => {
    expect(formatDisplayDate('2026-03-10T01:30:00Z')).toBe('09/03/2026');
    expect(formatDisplayDate('2026-03-10T01:30:00.000Z', 'America/Sao_Paulo')).toBe('09/03/2026');
    expect(formatDisplayDate(new Date('2026-03-10T01:30:00Z'))).toBe('09/03/2026');
    expect(formatDisplayDate('2026-03-10T03:00:00Z')).toBe('10/03/2026');
    expect(formatDisplayDate('2026-03-10T01:30:00Z', 'UTC')).toBe('10/03/2026');
  });

  it('prints a dash when there is no date', () => {
    expect(formatDisplayDate(null)).toBe('-');
    expect(formatDisplayDate(undefined)).toBe('-');
    expect(formatDisplayDate('')).toBe('-');
    expect(formatDisplayDate('não é data')).toBe('-');
  });

  it('isoToInput pre-fills a form field, empty when none', () => {
    expect(isoToInput('2026-12-31')).toBe('31/12/2026');
    expect(isoToInput(null)).toBe('');
    expect(isoToInput('')).toBe('');
  });
});

describe('formatDisplayMoment', () => {
  it('writes a moment as the shop reads it, in its zone, 24 hours, midnight as 00', () => {
    expect(formatDisplayMoment('2026-03-10T17:05:00Z')).toBe('10/03/2026 14:05');
    expect(formatDisplayMoment('2026-03-10T03:00:00Z')).toBe('10/03/2026 00:00');
    expect(formatDisplayMoment('2026-03-10T02:59:00Z')).toBe('09/03/2026 23:59');
    expect(formatDisplayMoment(new Date('2026-03-10T17:05:00Z'), 'UTC')).toBe('10/03/2026 17:05');
    expect(formatDisplayMoment('2026-03-10T17:05:00Z', 'Asia/Tokyo')).toBe('11/03/2026 02:05');
  });

  it("says '-' for what is no date", () => {
    expect(formatDisplayMoment('não é data')).toBe('-');
  });
});

describe('shop days', () => {
  it('todayInShop uses the shop zone at the given instant', () => {
    expect(todayInShop('America/Sao_Paulo', new Date('2026-01-01T02:59:59Z'))).toBe('2025-12-31');
    expect(todayInShop('America/Sao_Paulo', new Date('2026-01-01T03:00:00Z'))).toBe('2026-01-01');
    expect(todayInShop(undefined, new Date('2026-07-15T12:00:00Z'))).toBe('2026-07-15');
    expect(todayInShop('UTC', new Date('2026-01-01T02:00:00Z'))).toBe('2026-01-01');
  });

  it("follows the zone's rules of the day, summer time of past years included", () => {
    // São Paulo was UTC-2 in December 2018: 01:30Z was still 30/11, 02:00Z already 01/12.
    expect(formatDisplayDate('2018-12-01T01:30:00Z')).toBe('30/11/2018');
    expect(formatDisplayDate('2018-12-01T02:00:00Z')).toBe('01/12/2018');
    expect(shopDayOf(new Date('2018-12-01T02:00:00Z'))).toBe('2018-12-01');
    expect(todayInShop('America/Manaus', new Date('2026-03-10T03:30:00Z'))).toBe('2026-03-09');
  });

  it('shopDayOf and startOfShopDay agree on where a day begins', () => {
    const start = startOfShopDay('2026-03-10');
    expect(start.toISOString()).toBe('2026-03-10T03:00:00.000Z');
    expect(shopDayOf(start)).toBe('2026-03-10');
    expect(shopDayOf(new Date(start.getTime() - 1))).toBe('2026-03-09');
  });
});
