import type { OrderSummary } from '../../contract/lists.ts';
import type { OrderKind } from '../../domain/statuses.ts';
import { StatusLabel } from './StatusLabel.tsx';

export type GroupItem = OrderSummary & { kind: OrderKind };

export const tagged = (orders: OrderSummary[] | undefined, kind: OrderKind): GroupItem[] =>
  (orders ?? []).map((o) => ({ ...o, kind }));

/** A client's orders of one group: number, product or piece, status, Abrir; or the group's empty text. */
export function OrderGroup(props: { title: string; empty: string; items: GroupItem[]; path: string }) {
  return (
    <div className="order-group">
      <h3>{props.title}</h3>
      {props.items.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        <ul className="rows">
          {props.items.map((o) => (
            <li key={`${o.kind}-${o.id}`} className="cols-4">
              <span>{o.number}</span>
              <span>{o.product_name ?? o.piece_name ?? '-'}</span>
              <StatusLabel kind={o.kind} code={o.status} />
              <a href={`${props.path}${o.id}`} aria-label={`Abrir ${o.number}`}>
                Abrir
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
