/**
 * What a client has paid on one order and what is still to receive: 'Total pago' and 'Falta receber' on
 * the order pages, 'Pagamento(s)' on the printed sheets, and how much an upfront payment may still be.
 * In integer cents; the api's JSON carries reais.
 */
import { formatBRL, reaisToCents } from './money.ts';
import { flowOf, TRANSACTION_TYPES } from './transactions.ts';

type Entry = { readonly type: number; readonly value: number };

const cents = (reais: number) => reaisToCents(reais) ?? Math.round(reais * 100);

/**
 * The sum of the order's inflows: its upfront payments (101) and, once sent to the cash, the closing
 * entry (102 or 104). A cancellation entry (301, 302) records money already counted, so it is left out.
 */
export function paidInCents(transactions: readonly Entry[]): number {
  return transactions.filter((t) => flowOf(t.type) === 'in').reduce((sum, t) => sum + cents(t.value), 0);
}

/** What sending the order to the cash booked (its closing entry, 102 or 104); null before it was sent. */
export function closedInCents(transactions: readonly Entry[]): number | null {
  const close = transactions.find(
    (t) =>
      t.type === TRANSACTION_TYPES.SERVICE_ORDER_CLOSED || t.type === TRANSACTION_TYPES.PARTS_ORDER_CLOSED,
  );
  return close ? cents(close.value) : null;
}

/** The final value less what was paid, never below zero; null while the order has no final value. */
export function dueInCents(finalReais: number | null | undefined, paidCents: number): number | null {
  if (finalReais === null || finalReais === undefined) return null;
  return Math.max(0, cents(finalReais) - paidCents);
}

/**
 * What was paid beyond the final value (the value was lowered after the payments): the sum owed back to
 * the client, 'Pago a mais'. Zero when nothing was, or while the order has no final value.
 */
export function overpaidInCents(finalReais: number | null | undefined, paidCents: number): number {
  if (finalReais === null || finalReais === undefined) return 0;
  return Math.max(0, paidCents - cents(finalReais));
}

/**
 * Why an upfront payment of `paymentCents` cannot be taken, or null when it can: once the order has a
 * value (> 0), a payment may not pass what is still owed (the value less the payments already made),
 * else the cash keeps money the order never owed. With no value yet any positive payment is taken.
 */
export function upfrontRefusal(
  valueCents: number | null | undefined,
  paidCents: number,
  paymentCents: number,
): string | null {
  if (valueCents === null || valueCents === undefined || valueCents <= 0) return null;
  const owed = Math.max(0, valueCents - paidCents);
  return paymentCents > owed ? `O valor passa do que falta receber (${formatBRL(owed)})` : null;
}

/** upfrontRefusal for an order's value in reais (as the api's JSON carries it) and its entries. */
export function upfrontRefusalOf(
  valueReais: number | null | undefined,
  transactions: readonly Entry[],
  paymentCents: number,
): string | null {
  const value = valueReais === null || valueReais === undefined ? null : cents(valueReais);
  return upfrontRefusal(value, paidInCents(transactions), paymentCents);
}
