import type { ReactNode } from 'react';
import type { CashEntry } from '../../contract/transactions.ts';
import { CASH_HEADERS, cashCellTexts, entryValue, VALUE_COLUMN } from './cash-cells.ts';

/** SPEC §9 colours and signs: outflows (201) red with a minus, inflows green, cancellations neutral. */
export function EntryValue({ entry }: { entry: CashEntry }) {
  const value = entryValue(entry);
  return <span className={`money flow-${value.flow}`}>{value.text}</span>;
}

/** The 9 column headers, and 'Ações' over a last cell of actions when the list has one. */
export function CashTableHead({ actions }: { actions: boolean }) {
  return (
    <thead>
      <tr>
        {CASH_HEADERS.map((header) => (
          <th key={header}>{header}</th>
        ))}
        {actions ? <th>Ações</th> : null}
      </tr>
    </thead>
  );
}

/**
 * The 9 columns of SPEC §2 Cash of the day (cash-cells.ts): date, type, description, value, payment
 * method, order number, product name, brand, client name. `actions` adds a last cell per entry
 * (Caixa do dia's edit and delete links, CashDayTable).
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
        <CashTableHead actions={Boolean(actions)} />
        <tbody>
          {entries.map((e) => {
            const value = entryValue(e);
            return (
              <tr key={e.id} className={`flow-row-${value.flow}`}>
                {cashCellTexts(e, value).map((text, i) => (
                  <td key={CASH_HEADERS[i]}>
                    {i === VALUE_COLUMN ? <span className={`money flow-${value.flow}`}>{text}</span> : text}
                  </td>
                ))}
                {actions ? <td className="row-actions">{actions(e)}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
