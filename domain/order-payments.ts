/**
 * What a client has paid on one order and what is still to receive: 'Total pago' and 'Falta receber' on
 * the order pages, 'Pagamento(s)' on the printed sheets. In integer cents; the api's JSON carries reais.
 */
import { reaisToCents } from './money.ts';
import { flowOf } from './transactions.ts';

type Entry = { readonly type: number; readonly value: number };

const cents = (reais: number) => reaisToCents(reais) ?? Math.round(reais * 100);

/**
 * The sum of the order's inflows: its upfront payments (101) and, once sent to the cash, the closing
 * entry (102 or 104). A cancellation entry (301, 302) records money already counted, so it is left out.
 */
export function paidInCents(transactions: readonly Entry[]): number {
  return transactions.filter((t) => flowOf(t.type) === 'in').reduce((sum, t) => sum + cents(t.value), 0);
}

/** The final value less what was paid, never below zero; null while the order has no final value. */
export function dueInCents(finalReais: number | null | undefined, paidCents: number): number | null {
  if (finalReais === null || finalReais === undefined) return null;
  return Math.max(0, cents(finalReais) - paidCents);
}
