/** Facts every order sheet prints, read the same way for each kind of order. */
import { formatBRL, reaisToCents } from '../domain/money.ts';
import { flowOf } from '../domain/transactions.ts';
import type { Transaction } from '../server/backend/service-orders.ts';

/** 'Pagamento(s)': the sum of what the client paid on this order (inflows), as printed (SPEC §2). */
export function paidCents(transactions: readonly Transaction[]): number {
  return transactions
    .filter((t) => flowOf(t.type) === 'in')
    .reduce((sum, t) => sum + (reaisToCents(t.value) ?? Math.round(t.value * 100)), 0);
}

export const brlCents = (cents: number) => formatBRL(cents);

/** SPEC §2: the normal order number's first letter picks the ticket colour: 'M' one, any other the other. */
export function ticketClass(number: string): 'ticket-m' | 'ticket-other' {
  return number.trim().toUpperCase().startsWith('M') ? 'ticket-m' : 'ticket-other';
}

/** Parts, one per line, printed joined by semicolons (as on the detail page). */
export function partsLine(description: string | null | undefined): string {
  return (description ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('; ');
}
