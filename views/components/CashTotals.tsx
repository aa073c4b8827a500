/** The totals of a span of cash by entry type and by payment method, each number linking to its list. */

import type { CashTotals as Totals } from '../../contract/reports.ts';
import { formatBRL } from '../../domain/money.ts';
import { flowOf } from '../../domain/transactions.ts';
import { count } from '../format.ts';

export function CashTotals({
  totals,
  href,
  caption,
}: {
  totals: Totals;
  /** The list behind the numbers; none where that list is the page itself (Caixa por período). */
  href?: string | undefined;
  caption: string;
}) {
  const linked = (text: string) => (href ? <a href={href}>{text}</a> : text);
  return (
    <div className="report-tables">
      <table className="report">
        <caption>{caption}: por tipo de lançamento</caption>
        <thead>
          <tr>
            <th scope="col">Tipo</th>
            <th scope="col">Lançamentos</th>
            <th scope="col">Valor</th>
          </tr>
        </thead>
        <tbody>
          {totals.byType.map((t) => (
            <tr key={t.type}>
              <th scope="row">
                {t.label}
                {/* A cancellation records a deposit already counted (SPEC §9): its row adds nothing. */}
                {flowOf(t.type) === 'cancelled' ? <span className="muted"> (não entra no saldo)</span> : null}
              </th>
              <td className="number">{linked(count(t.count))}</td>
              {/* An outflow as it weighs on the balance below: minus, in red, as on the list. */}
              <td className={flowOf(t.type) === 'out' ? 'money flow-out' : 'money'}>
                {linked(formatBRL(flowOf(t.type) === 'out' ? -t.cents : t.cents))}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Saldo</th>
            <td className="number">{linked(count(totals.count))}</td>
            <td className={`money ${totals.balanceCents < 0 ? 'flow-out' : 'flow-in'}`}>
              {linked(formatBRL(totals.balanceCents))}
            </td>
          </tr>
        </tfoot>
      </table>
      {totals.byMethod.length === 0 ? (
        <p className="empty">{`${caption}: por forma de pagamento: nenhum lançamento.`}</p>
      ) : (
        <table className="report">
          <caption>{caption}: por forma de pagamento</caption>
          <thead>
            <tr>
              <th scope="col">Forma de pagamento</th>
              <th scope="col">Lançamentos</th>
              <th scope="col">Entradas</th>
              <th scope="col">Saídas</th>
            </tr>
          </thead>
          <tbody>
            {totals.byMethod.map((m) => (
              <tr key={m.method}>
                <th scope="row">{m.method}</th>
                <td className="number">{linked(count(m.count))}</td>
                <td className="money">{linked(formatBRL(m.inCents))}</td>
                <td className="money">{linked(formatBRL(m.outCents))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
