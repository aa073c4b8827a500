/** Money (SPEC §5 "Money inputs", §9; API.md "Money"): what staff type, how it prints, what JSON carries. */
import { describe, expect, it } from 'vitest';
import {
  centsToReais,
  formatBRL,
  formatMoney,
  MAX_CENTS,
  parseMoney,
  reaisToCents,
} from '../../domain/money.ts';

function cents(input: string): number {
  const result = parseMoney(input);
  if (!result.ok) throw new Error(`"${input}" was refused: ${result.message}`);
  return result.cents;
}

function refusal(input: string): string {
  const result = parseMoney(input);
  if (result.ok) throw new Error(`"${input}" was accepted as ${result.cents} cents`);
  return result.message;
}

describe('parseMoney', () => {
  it.each([
    ['1.234,56', 123456],
    ['10,5', 1050],
    ['10,50', 1050],
    ['10.50', 1050],
    ['10.5', 1050],
    ['1.234', 123400],
    ['1.234.567,89', 123456789],
    ['1234,56', 123456],
    ['0,01', 1],
    ['0', 0],
    ['12', 1200],
    ['R$ 12', 1200],
    ['R$12,30', 1230],
    ['r$ 1.000', 100000],
    ['  7,25  ', 725],
    ['10.000.000,00', MAX_CENTS],
  ])('reads %j as %i cents', (input, expected) => {
    expect(cents(input)).toBe(expected);
  });

  it('asks for a value when nothing was typed', () => {
    expect(refusal('')).toBe('Valor obrigatório');
    expect(refusal('   ')).toBe('Valor obrigatório');
    expect(refusal('R$ ')).toBe('Valor obrigatório');
  });

  it('refuses negative amounts', () => {
    expect(refusal('-5')).toBe('O valor não pode ser negativo');
    expect(refusal('R$ -5,00')).toBe('O valor não pode ser negativo');
  });

  it.each([
    'abc',
    '1,234',
    '12,3,4',
    '1,2,3',
    '10,',
    ',50',
    '1.23.4',
    '1.2345',
    '12.3.4',
    '5 reais',
    '+5',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
  ])('refuses %j as malformed', (input) => {
    expect(refusal(input)).toBe('Valor inválido. Use o formato 1.234,56');
  });

  it.each(['10.000.000,01', '10000001', '99.999.999.999,99', '9'.repeat(30)])(
    'refuses the huge %j',
    (input) => {
      expect(refusal(input)).toBe('Valor alto demais');
    },
  );
});

describe('formatMoney and formatBRL', () => {
  it.each([
    [0, '0,00', 'R$ 0,00'],
    [1, '0,01', 'R$ 0,01'],
    [1050, '10,50', 'R$ 10,50'],
    [123456, '1.234,56', 'R$ 1.234,56'],
    [100000000, '1.000.000,00', 'R$ 1.000.000,00'],
    [-1550, '-15,50', '-R$ 15,50'],
  ])('%i cents prints as %j and %j', (value, plain, brl) => {
    expect(formatMoney(value)).toBe(plain);
    expect(formatBRL(value)).toBe(brl);
  });

  it('reads back what it prints, for every shape of amount', () => {
    const samples = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 12345, 99999, 100000, 123456, 1234567, 99999999];
    for (const value of [...samples, MAX_CENTS]) {
      expect(cents(formatMoney(value)), formatMoney(value)).toBe(value);
      expect(cents(formatBRL(value)), formatBRL(value)).toBe(value);
    }
  });
});

describe('reaisToCents and centsToReais', () => {
  it('converts JSON reais with up to two decimals', () => {
    expect(reaisToCents(12)).toBe(1200);
    expect(reaisToCents(12.3)).toBe(1230);
    expect(reaisToCents(12.34)).toBe(1234);
    expect(reaisToCents(0)).toBe(0);
    expect(reaisToCents(19.99)).toBe(1999);
  });

  it('absorbs binary floating-point noise: 0.1 + 0.2 is 30 cents', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
  });

  it('round-trips every cent up to ten thousand reais and samples up to the maximum', () => {
    const wrong: number[] = [];
    for (let c = 0; c <= 1_000_000; c++) if (reaisToCents(centsToReais(c)) !== c) wrong.push(c);
    for (let c = 1_000_000; c <= MAX_CENTS; c += 9_973)
      if (reaisToCents(centsToReais(c)) !== c) wrong.push(c);
    expect(wrong).toEqual([]);
  });

  it('refuses more than two decimals and non-finite numbers', () => {
    expect(reaisToCents(12.345)).toBeNull();
    expect(reaisToCents(0.001)).toBeNull();
    expect(reaisToCents(Number.NaN)).toBeNull();
    expect(reaisToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(reaisToCents(Number.NEGATIVE_INFINITY)).toBeNull();
  });

  it('centsToReais gives the JSON number', () => {
    expect(centsToReais(123456)).toBe(1234.56);
    expect(centsToReais(5)).toBe(0.05);
  });
});
