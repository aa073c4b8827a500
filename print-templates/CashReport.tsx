import type { CashEntry } from '../contract/transactions.ts';
import type { Shop } from '../contract/web.ts';
import { formatBRL } from '../domain/money.ts';
import { CashTable } from '../views/components/CashTable.tsx';
import { NOT_FISCAL } from './Document.tsx';
import { ShopHeader } from './ShopHeader.tsx';

/**
 * The cash of a day or of a period on paper: the list with its signs, and the total or balance. A long
 * period prints one page of its list at a time, named by `range`; the balance is always the period's.
 */
export function CashReport(props: {
  shop: Shop;
  title: string;
  totalLabel: 'Total' | 'Balanço';
  totalCents: number;
  entries: CashEntry[];
  /** Which entries of the period this sheet lists ('Lançamentos 201–400 de 4.067'); none when all. */
  range?: string | null;
}) {
  return (
    <section className="sheet cash-report">
      <ShopHeader shop={props.shop} title={props.title} />
      {props.range ? <p className="cash-range">{props.range}</p> : null}
      {props.entries.length === 0 ? (
        <p>Nenhuma transação foi encontrada para a data.</p>
      ) : (
        <CashTable entries={props.entries} />
      )}
      <p className="cash-total">
        {props.totalLabel}: <strong>{formatBRL(props.totalCents)}</strong>
      </p>
      <p className="not-fiscal">{NOT_FISCAL}</p>
    </section>
  );
}
