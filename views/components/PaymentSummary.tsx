import { formatBRL } from '../../domain/money.ts';
import { closedInCents, dueInCents, overpaidInCents, paidInCents } from '../../domain/order-payments.ts';
import { DetailList, type DetailRow } from './DetailList.tsx';

/**
 * 'Total pago' and 'Falta receber' under an order's payments: what the client paid so far and what the
 * counter still has to take (the final value less the payments; '-' with no final value, and on a
 * cancelled order, which is owed nothing). Payments beyond the final value (it was lowered after them)
 * show as 'Pago a mais', the sum owed back to the client, instead of a 'Falta receber' of zero.
 * `sentToCash`: a page whose list shows the upfront payments only (a parts order's, SPEC §2) says first
 * what its sending to the cash booked, so the rows above add up to 'Total pago'.
 */
export function PaymentSummary({
  transactions,
  finalValue,
  cancelled = false,
  sentToCash = false,
}: {
  transactions: readonly { type: number; value: number }[];
  finalValue: number | null | undefined;
  cancelled?: boolean;
  sentToCash?: boolean;
}) {
  const paid = paidInCents(transactions);
  const due = cancelled ? null : dueInCents(finalValue, paid);
  const over = cancelled ? 0 : overpaidInCents(finalValue, paid);
  const rest: DetailRow =
    over > 0 ? ['Pago a mais', formatBRL(over)] : ['Falta receber', due === null ? '-' : formatBRL(due)];
  const closed = sentToCash ? closedInCents(transactions) : null;
  const rows: DetailRow[] = [
    ...(closed === null ? [] : [['Enviado ao caixa', formatBRL(closed)] as DetailRow]),
    ['Total pago', formatBRL(paid)],
    rest,
  ];
  return <DetailList className="details payment-summary" rows={rows} />;
}
