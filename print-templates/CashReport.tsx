import type { CashEntry } from '../contract/transactions.ts';
import type { Shop } from '../contract/web.ts';
import { formatBRL } from '../domain/money.ts';
import { CashTable } from '../views/components/CashTable.tsx';
import { NOT_FISCAL } from './Document.tsx';
import { ShopHeader } from './ShopHeader.tsx';

/** A sheet that lists only some of the entries its total counts: which ones, and what they sum to. */
export type SheetPart = {
  /** Which entries this sheet lists ('Lançamentos 201–400 de 4.067'). */
  range: string;
  /** SPEC §9's balance of this sheet's rows alone: what a person adding them up finds. */
  sheetCents: number;
};

/**
 * The cash of a day or of a period on paper: the list with its signs, and the total or balance. A busy
 * day or a long period prints one page of its list at a time. A sheet that lists only part says so and prints both sums under labels that cannot be mixed up: 'Soma desta folha' for
 * its rows, the whole day's or period's under `totalLabel`.
 */
export function CashReport(props: {
  shop: Shop;
  title: string;
  totalLabel: string;
  totalCents: number;
  entries: CashEntry[];
  part?: SheetPart | null;
}) {
  const part = props.part ?? null;
  return (
    <section className="sheet cash-report">
      <ShopHeader shop={props.shop} title={props.title} />
      {part ? <p className="cash-range">{part.range}</p> : null}
      {props.entries.length === 0 ? (
        <p>Nenhuma transação foi encontrada para a data.</p>
      ) : (
        <CashTable entries={props.entries} />
      )}
      {part ? (
        <p className="cash-total">
          Soma desta folha: <strong>{formatBRL(part.sheetCents)}</strong>
        </p>
      ) : null}
      <p className="cash-total">
        {props.totalLabel}: <strong>{formatBRL(props.totalCents)}</strong>
      </p>
      <p className="not-fiscal">{NOT_FISCAL}</p>
    </section>
  );
}
