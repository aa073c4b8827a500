import type { ReactNode } from 'react';
import { formatBRL, reaisToCents } from '../../domain/money.ts';
import { flowOf, transactionLabel } from '../../domain/transactions.ts';
import type { CashEntry } from '../../server/backend/cash.ts';
import { day } from '../format.ts';

/** SPEC §9 colours and signs: outflows (201) red with a minus, inflows green, cancellations neutral. */
export function EntryValue({ entry }: { entry: CashEntry }) {
  const flow = flowOf(entry.type);
  const cents = reaisToCents(entry.value) ?? Math.round(entry.value * 100);
  return (
    <span className={`money flow-${flow}`}>{flow === 'out' ? `-${formatBRL(cents)}` : formatBRL(cents)}</span>
  );
}

const clientOf = (e: CashEntry) => e.service_order?.client?.name ?? e.order?.client?.name ?? '-';

/**
 * The 9 columns of SPEC §2 Cash of the day: date, type, description, value, payment method, order
 * number, product name, brand, client name. `actions` adds a last cell per entry (edit, delete).
 */
export function CashTable({
  entries,
  actions,
}: {
  entries: CashEntry[];
  actions?: (entry: CashEntry) => ReactNode;
}) {
  return (
    <div className="cash-scroll">
      <table className="cash">
        <thead>
          <tr>
            <th>Data</th>
            <th>Tipo</th>
            <th>Descrição</th>
            <th>Valor</th>
            <th>Forma de pagamento</th>
            <th>O.S./Pedido</th>
            <th>Produto</th>
            <th>Marca</th>
            <th>Cliente</th>
            {actions ? <th className="actions-col">Ações</th> : null}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className={`flow-row-${flowOf(e.type)}`}>
              <td>{day(e.date)}</td>
              <td>{transactionLabel(e.type)}</td>
              <td>{e.description || '-'}</td>
              <td>
                <EntryValue entry={e} />
              </td>
              <td>{e.payment_method ?? '-'}</td>
              <td>{e.service_order?.number ?? e.order?.number ?? '-'}</td>
              <td>{e.service_order?.product_name ?? e.order?.piece_name ?? '-'}</td>
              <td>{e.service_order?.product_brand ?? '-'}</td>
              <td>{clientOf(e)}</td>
              {actions ? <td className="actions-col">{actions(e)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
