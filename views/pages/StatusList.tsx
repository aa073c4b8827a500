import type { OrderKind, StatusOption } from '../../domain/statuses.ts';
import { type AgedOrder, AgedOrders } from '../components/AgedOrders.tsx';
import { type FieldErrors, SelectField } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { type OrderRow, OrderRows } from '../components/OrderRows.tsx';
import { Pager, type PagerProps } from '../components/Pager.tsx';

export type StatusListProps = {
  title: string;
  /** The list's own path: the GET form submits to it. */
  action: string;
  options: readonly StatusOption[];
  /** The status chosen, as typed in the query ('' when none). */
  status: string;
  errors?: FieldErrors;
  /** The orders found; absent before a listing (and when the listing failed: SPEC §8 shows nothing). */
  rows?: OrderRow[];
  /** The text when the listing found nothing. */
  empty: string;
  /** The orders with their dates (decision 020): shown as a table with headers instead of `rows`. */
  aged?: {
    orders: AgedOrder[];
    kind: OrderKind;
    tz: string;
    limit: number | undefined;
    oldestFirst: boolean;
  };
  /** Links to the list's other pages; absent when it fits in one. */
  pager?: PagerProps | null;
};

/** Listar por Status (SPEC §2): a status selector, Listar, and the orders in five columns. */
export function StatusList({
  title,
  action,
  options,
  status,
  errors,
  rows,
  empty,
  aged,
  pager,
}: StatusListProps) {
  return (
    <section className="status-list">
      <h1>{title}</h1>
      <Form action={action} method="get" className="status-filter" label={title}>
        <SelectField
          name="status"
          label="Status"
          options={options.map((o) => ({ value: o.code, label: o.label }))}
          value={status}
          errors={errors}
        />
        {aged ? (
          <label className="check">
            <input type="checkbox" name="ordem" value="antigas" defaultChecked={aged.oldestFirst} /> Mais
            antigas primeiro
          </label>
        ) : null}
        <button type="submit" className="primary">
          Listar
        </button>
      </Form>
      {rows && rows.length === 0 ? <p className="empty">{empty}</p> : null}
      {rows && rows.length > 0 && !aged ? <OrderRows rows={rows} /> : null}
      {rows && rows.length > 0 && aged ? (
        <AgedOrders orders={aged.orders} kind={aged.kind} tz={aged.tz} limit={aged.limit} />
      ) : null}
      {pager ? <Pager {...pager} /> : null}
    </section>
  );
}
