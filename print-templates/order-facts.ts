/** Facts every order sheet prints, read the same way for each kind of order. */
import { isIsoDay, shopDayOf, todayInShop } from '../domain/dates.ts';
import { formatCnpj, formatCpf } from '../domain/documents.ts';
import { formatBRL } from '../domain/money.ts';
import { paidInCents } from '../domain/order-payments.ts';
import { TERMINAL_STATUSES } from '../domain/statuses.ts';
import { TRANSACTION_TYPES } from '../domain/transactions.ts';

/** 'Pagamento(s)': the sum of what the client paid on this order (inflows), as printed (SPEC §2). */
export const paidCents = paidInCents;

export const brlCents = (cents: number) => formatBRL(cents);

/** SPEC §2: the normal order number's first letter picks the ticket colour: 'M' one, any other the other. */
export function ticketClass(number: string): 'ticket-m' | 'ticket-other' {
  return number.trim().toUpperCase().startsWith('M') ? 'ticket-m' : 'ticket-other';
}

/**
 * How an external service is named on paper: what was done once the visit's day has come, what is
 * booked while it is still ahead (a receipt printed when the visit is arranged), what is still to do
 * while no day is booked, and cancelled once it is.
 */
export function externalServiceLabels(
  order: { status: number; service_date: string | null },
  tz: string,
): { what: string; when: string } {
  const date = order.service_date;
  const instant = date && !isIsoDay(date) ? new Date(date) : null;
  const visitDay =
    date && isIsoDay(date)
      ? date
      : instant && !Number.isNaN(instant.getTime())
        ? shopDayOf(instant, tz)
        : null;
  const { completed, cancelled } = TERMINAL_STATUSES.external;
  if (order.status === cancelled) return { what: 'Serviço cancelado', when: 'Data' };
  if (order.status !== completed && visitDay === null)
    return { what: 'Serviço a realizar', when: 'Agendado para' };
  const ahead = order.status !== completed && visitDay !== null && visitDay > todayInShop(tz);
  return ahead
    ? { what: 'Serviço agendado', when: 'Agendado para' }
    : { what: 'Serviço realizado', when: 'Data' };
}

/** The client as a delivery receipt names them: the name, then the CPF or CNPJ the client has. */
export function clientWithDocument(client: {
  name: string;
  cpf?: string | null;
  cnpj?: string | null;
}): string {
  return [
    client.name,
    client.cpf ? `CPF ${formatCpf(client.cpf)}` : '',
    client.cnpj ? `CNPJ ${formatCnpj(client.cnpj)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Why a cancelled service order was cancelled: the motive its cancel entry (301) carries; null if none. */
export function cancelMotive(transactions: readonly { type: number; description: string }[] | undefined) {
  const entry = transactions?.find((t) => t.type === TRANSACTION_TYPES.SERVICE_ORDER_CANCELLED);
  return entry?.description.trim() || null;
}

/** Parts, one per line as typed (blank lines dropped): the sheet keeps the breaks (white-space: pre-line). */
export function partsLines(description: string | null | undefined): string {
  return (description ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}
