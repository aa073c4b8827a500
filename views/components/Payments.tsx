import type { Transaction } from '../../contract/transactions.ts';
import { transactionLabel } from '../../domain/transactions.ts';
import { brl, businessDay } from '../format.ts';

/** An order's cash entries (SPEC §2): date, type, description, value, method; or the empty text. */
export function Payments({ transactions, empty }: { transactions: Transaction[]; empty: string }) {
  if (transactions.length === 0) return <p className="muted">{empty}</p>;
  // A phone scrolls the table sideways in its own box, not the whole page.
  return (
    <div className="payments-scroll">
      <table className="payments">
        <thead>
          <tr>
            <th>Data</th>
            <th>Tipo</th>
            <th>Descrição</th>
            <th>Valor</th>
            <th>Forma de pagamento</th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((t) => (
            <tr key={t.id}>
              <td>{businessDay(t.date)}</td>
              <td>{transactionLabel(t.type)}</td>
              <td>{t.description || '-'}</td>
              <td className="money">{brl(t.value)}</td>
              <td>{t.payment_method ?? '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
