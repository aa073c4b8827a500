import type { OrderListItem } from '../../contract/lists.ts';
import type { OrderKind } from '../../domain/statuses.ts';
import { StatusLabel } from './StatusLabel.tsx';

/** One order in a list: number, client name, product or piece name, status, and a link. */
export type OrderRow = {
  id: string;
  number: string;
  clientName: string;
  itemName: string;
  kind: OrderKind;
  status: number;
  href: string;
};

/** Where an order opens: /pedido/{id} for a parts order, /os/{id} for a service order of any kind. */
const orderHref = (kind: OrderKind, id: number | string) =>
  `${kind === 'parts' ? '/pedido/' : '/os/'}${encodeURIComponent(String(id))}`;

/** An order as the api lists it, as a row; `href` is where its link goes (the order itself by default). */
export function orderRowOf(
  item: OrderListItem,
  kind: OrderKind,
  href: string = orderHref(kind, item.id),
): OrderRow {
  const name = kind === 'parts' ? item.piece_name : item.product_name;
  return {
    id: String(item.id),
    number: item.number,
    clientName: item.client?.name?.trim() || '-',
    itemName: name?.trim() || '-',
    kind,
    status: item.status,
    href,
  };
}

/** Orders in five columns (SPEC §2 "Lists render in five columns"); the last is Abrir or Selecionar. */
export function OrderRows({ rows, linkLabel = 'Abrir' }: { rows: OrderRow[]; linkLabel?: string }) {
  return (
    <ul className="rows results">
      {rows.map((r) => (
        <li key={`${r.kind}-${r.id}`} className="cols-5">
          <span>{r.number}</span>
          <span>{r.clientName}</span>
          <span>{r.itemName}</span>
          <StatusLabel kind={r.kind} code={r.status} />
          {/* Named with its order: a screen reader's list of links is not a column of 'Abrir'. */}
          <a href={r.href} aria-label={`${linkLabel} ${r.number}`}>
            {linkLabel}
          </a>
        </li>
      ))}
    </ul>
  );
}
