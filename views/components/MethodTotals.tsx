import { formatBRL } from '../../domain/money.ts';
import type { MethodTotal } from '../../domain/transactions.ts';

/**
 * The cash's totals per payment method (Dinheiro, Pix, Cartão…), beside Total or Balanço: what the counter
 * counts in the drawer, on the machine and in the bank. Negative (more went out than in) in red.
 */
export function MethodTotals({ totals }: { totals: readonly MethodTotal[] }) {
  if (totals.length === 0) return null;
  return (
    <dl className="method-totals" aria-label="Totais por forma de pagamento">
      {totals.map((t) => (
        <div key={t.method}>
          <dt>{t.method}</dt>
          <dd className={`money ${t.cents < 0 ? 'flow-out' : 'flow-in'}`}>{formatBRL(t.cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
