import { formatBRL } from '../../domain/money.ts';
import { dueInCents, overpaidInCents, paidInCents } from '../../domain/order-payments.ts';
import { DetailList, type DetailRow } from './DetailList.tsx';

/**
 * 'Total pago' and 'Falta receber' under an order's payments: what the client paid so far and what the
 * counter still has to take (the final value less the payments; '-' with no final value, and on a
 * cancelled order, which is owed nothing). Payments beyond the final value (it was lowered after them)
 * show as 'Pago a mais', the sum owed back to the client, instead of a 'Falta receber' of zero.
 */
export function PaymentSummary({
  transactions,
  finalValue,
  cancelled = false,
}: {
  transactions: readonly { type: number; value: number }[];
  finalValue: number | null | undefined;
  cancelled?: boolean;
}) {
  const paid = paidInCents(transactions);
  const due = cancelled ? null : dueInCents(finalValue, paid);
  const over = cancelled ? 0 : overpaidInCents(finalValue, paid);
  const rest: DetailRow =
    over > 0 ? ['Pago a mais', formatBRL(over)] : ['Falta receber', due === null ? '-' : formatBRL(due)];
  return <DetailList className="details payment-summary" rows={[['Total pago', formatBRL(paid)], rest]} />;
}
