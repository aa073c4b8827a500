import type { OrderListItem } from '../../contract/lists.ts';
import type { OrderKind } from '../../domain/statuses.ts';
import { escapeChild } from '../escape-html.ts';
import { statusLabelHtml } from './StatusLabel.tsx';

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

/**
 * Orders in five columns (SPEC §2 "Lists render in five columns"); the last is Abrir or Selecionar.
 *
 * A list by status shows every order in that status, often dozens: the rows are written as one string,
 * every text through escapeChild, exactly the markup React wrote for them (decision 015;
 * test/web/order-rows.test.tsx holds the React version they are checked against).
 */
export function OrderRows({ rows, linkLabel = 'Abrir' }: { rows: OrderRow[]; linkLabel?: string }) {
  const link = escapeChild(linkLabel);
  let html = '';
  for (const r of rows) {
    html +=
      `<li class="cols-5"><span>${escapeChild(r.number)}</span><span>${escapeChild(r.clientName)}</span>` +
      `<span>${escapeChild(r.itemName)}</span>${statusLabelHtml(r.kind, r.status)}` +
      `<a href="${escapeChild(r.href)}">${link}</a></li>`;
  }
  return (
    <ul
      className="rows results"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: every text of the rows goes through escapeChild
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
