/** Facts every order sheet prints, read the same way for each kind of order. */
import { formatBRL } from '../domain/money.ts';
import { paidInCents } from '../domain/order-payments.ts';

/** 'Pagamento(s)': the sum of what the client paid on this order (inflows), as printed (SPEC §2). */
export const paidCents = paidInCents;

export const brlCents = (cents: number) => formatBRL(cents);

/** SPEC §2: the normal order number's first letter picks the ticket colour: 'M' one, any other the other. */
export function ticketClass(number: string): 'ticket-m' | 'ticket-other' {
  return number.trim().toUpperCase().startsWith('M') ? 'ticket-m' : 'ticket-other';
}

/** Parts, one per line as typed (blank lines dropped): the sheet keeps the breaks (white-space: pre-line). */
export function partsLines(description: string | null | undefined): string {
  return (description ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}
