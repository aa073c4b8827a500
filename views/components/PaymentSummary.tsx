import { formatBRL } from '../../domain/money.ts';
import { dueInCents, paidInCents } from '../../domain/order-payments.ts';
import { DetailList } from './DetailList.tsx';

/**
 * 'Total pago' and 'Falta receber' under an order's payments: what the client paid so far and what the
 * counter still has to take (the final value less the payments, never below zero; '-' with no final value).
 */
export function PaymentSummary({
  transactions,
  finalValue,
}: {
  transactions: readonly { type: number; value: number }[];
  finalValue: number | null | undefined;
}) {
  const paid = paidInCents(transactions);
  const due = dueInCents(finalValue, paid);
  return (
    <DetailList
      className="details payment-summary"
      rows={[
        ['Total pago', formatBRL(paid)],
        ['Falta receber', due === null ? '-' : formatBRL(due)],
      ]}
    />
  );
}
