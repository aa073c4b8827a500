/** Cash entries (SPEC §3 transaction types, §9 cash balance and colours). */
import { describe, expect, it } from 'vitest';
import {
  balanceInCents,
  balanceOfTypeTotals,
  flowOf,
  isManualEntryType,
  MANUAL_ENTRY_TYPES,
  TRANSACTION_TYPES,
  transactionLabel,
} from '../../domain/transactions.ts';

const entry = (type: number, valueCents: number) => ({ type, valueCents });

describe('balanceInCents', () => {
  it('adds 101, 102, 103 and 104, subtracts 201 and ignores 301 and 302', () => {
    const day = [
      entry(101, 5_000),
      entry(102, 12_050),
      entry(103, 2_500),
      entry(104, 30_000),
      entry(201, 7_525),
      entry(301, 99_900),
      entry(302, 88_800),
    ];
    expect(balanceInCents(day)).toBe(5_000 + 12_050 + 2_500 + 30_000 - 7_525);
    expect(balanceInCents(day)).toBe(42_025);
  });

  it('goes negative when purchases exceed inflows', () => {
    expect(balanceInCents([entry(103, 1_000), entry(201, 2_500)])).toBe(-1_500);
  });

  it('is zero for no entries or cancellations only', () => {
    expect(balanceInCents([])).toBe(0);
    expect(balanceInCents([entry(301, 1_000), entry(302, 2_000)])).toBe(0);
  });

  it('stays exact in cents where reais in floating point would not', () => {
    const dimes = Array.from({ length: 3 }, () => entry(103, 10));
    expect(balanceInCents(dimes)).toBe(30);
  });
});

describe('balanceOfTypeTotals', () => {
  const total = (type: number, count: number, totalCents: number) => ({ type, count, totalCents });

  it('adds the totals of 101, 102, 103 and 104, subtracts 201 and ignores 301 and 302', () => {
    const period = [
      total(101, 40, 500_000),
      total(102, 35, 1_205_000),
      total(103, 120, 250_050),
      total(104, 12, 300_000),
      total(201, 30, 752_575),
      total(301, 4, 9_990_000),
      total(302, 2, 8_880_000),
    ];
    expect(balanceOfTypeTotals(period)).toBe(500_000 + 1_205_000 + 250_050 + 300_000 - 752_575);
  });

  it('agrees with balanceInCents over the same entries', () => {
    const entries = [
      entry(101, 1_000),
      entry(101, 2_000),
      entry(103, 35),
      entry(201, 99),
      entry(201, 1),
      entry(302, 700),
    ];
    const byType = new Map<number, { count: number; totalCents: number }>();
    for (const e of entries) {
      const t = byType.get(e.type) ?? { count: 0, totalCents: 0 };
      byType.set(e.type, { count: t.count + 1, totalCents: t.totalCents + e.valueCents });
    }
    const totals = [...byType].map(([type, t]) => ({ type, ...t }));
    expect(balanceOfTypeTotals(totals)).toBe(balanceInCents(entries));
    expect(balanceOfTypeTotals(totals)).toBe(2_935);
  });

  it('is zero for no totals or cancellations only, and goes negative when purchases weigh more', () => {
    expect(balanceOfTypeTotals([])).toBe(0);
    expect(balanceOfTypeTotals([total(301, 1, 1_000), total(302, 3, 2_000)])).toBe(0);
    expect(balanceOfTypeTotals([total(103, 1, 1_000), total(201, 2, 2_500)])).toBe(-1_500);
  });

  it('stays exact in cents over a year of large sums', () => {
    // 250,000 entries at the largest value the api takes: far beyond any shop, still a safe integer.
    expect(balanceOfTypeTotals([total(103, 250_000, 250_000 * 1_000_000_000), total(201, 1, 1)])).toBe(
      250_000_000_000_000 - 1,
    );
  });
});

describe('labels and flows', () => {
  it.each([
    [101, 'PAGAMENTO ADIANTADO', 'in'],
    [102, 'O.S. FINALIZADA', 'in'],
    [103, 'VENDA', 'in'],
    [104, 'PEDIDO FINALIZADO', 'in'],
    [201, 'COMPRA', 'out'],
    [301, 'O.S. CANCELADA', 'cancelled'],
    [302, 'PEDIDO CANCELADO', 'cancelled'],
  ] as const)('%i is %j (%s)', (type, label, flow) => {
    expect(transactionLabel(type)).toBe(label);
    expect(flowOf(type)).toBe(flow);
  });

  it('names the codes as SPEC §3 does', () => {
    expect(TRANSACTION_TYPES).toEqual({
      UPFRONT_PAYMENT: 101,
      SERVICE_ORDER_CLOSED: 102,
      SALE: 103,
      PARTS_ORDER_CLOSED: 104,
      PURCHASE: 201,
      SERVICE_ORDER_CANCELLED: 301,
      PARTS_ORDER_CANCELLED: 302,
    });
  });

  it('prints an unknown type as its code', () => {
    expect(transactionLabel(999)).toBe('999');
  });
});

describe('manual entries', () => {
  it('offer Entrada (103) and Saida (201) only', () => {
    expect(MANUAL_ENTRY_TYPES).toEqual([
      { code: 103, label: 'Entrada' },
      { code: 201, label: 'Saida' },
    ]);
    expect([101, 102, 103, 104, 201, 301, 302].filter(isManualEntryType)).toEqual([103, 201]);
  });
});
