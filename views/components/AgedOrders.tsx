/**
 * The lists by status with column headers, the opening date and how long each order has been in its
 * status ('há 12 dias'), orders past the shop's limit for that status marked (decision 020). Against a
 * backend whose lists carry no dates (SPEC §7's rows), those two columns are left out: SPEC's five remain.
 */
import { type AgeingLimits, daysBetween } from '../../domain/client-view.ts';
import { formatDisplayDate, shopDayOf, todayInShop } from '../../domain/dates.ts';
import type { OrderKind } from '../../domain/statuses.ts';
import { StatusLabel } from './StatusLabel.tsx';

export type AgedOrder = {
  id: string;
  number: string;
  clientName: string;
  itemName: string;
  status: number;
  href: string;
  /** ISO timestamps, when the backend sends them. */
  createdAt: string | null;
  statusChangedAt: string | null;
  /** Its own kind, where a list mixes them (Consulta's O.S.: normal, return and external). */
  kind?: OrderKind;
};

/** Whole days an order has been in its status, in the shop's calendar; null when unknown. */
export function daysInStatus(
  statusChangedAt: string | null,
  tz: string,
  today = todayInShop(tz),
): number | null {
  if (!statusChangedAt) return null;
  const since = new Date(statusChangedAt);
  if (Number.isNaN(since.getTime())) return null;
  return Math.max(0, daysBetween(shopDayOf(since, tz), today));
}

export function ageText(days: number): string {
  if (days === 0) return 'hoje';
  return days === 1 ? 'há 1 dia' : `há ${days} dias`;
}

/** Oldest in its status first; orders without the date keep their order, after the others. */
export function oldestFirst(orders: AgedOrder[]): AgedOrder[] {
  const time = (o: AgedOrder) =>
    o.statusChangedAt ? Date.parse(o.statusChangedAt) : Number.POSITIVE_INFINITY;
  return [...orders].sort((a, b) => time(a) - time(b));
}

export function AgedOrders({
  orders,
  kind,
  tz,
  limit,
  limits,
}: {
  orders: AgedOrder[];
  kind: OrderKind;
  tz: string;
  /** Days allowed in this status before an order is marked; undefined: no limit. */
  limit: number | undefined;
  /** Per kind and status, for a list of several statuses (Consulta); `limit` then goes unused. */
  limits?: AgeingLimits | undefined;
}) {
  const today = todayInShop(tz);
  const dated = orders.some((o) => o.createdAt || o.statusChangedAt);
  return (
    <table className="aged-orders">
      <thead>
        <tr>
          <th scope="col">Número</th>
          <th scope="col">Cliente</th>
          <th scope="col">{kind === 'parts' ? 'Peça' : 'Produto'}</th>
          <th scope="col">Status</th>
          {dated ? <th scope="col">Aberta em</th> : null}
          {dated ? <th scope="col">No status</th> : null}
          <th scope="col">
            <span className="visually-hidden">Abrir</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => {
          const days = daysInStatus(o.statusChangedAt, tz, today);
          const rowKind = o.kind ?? kind;
          const allowed = limits ? limits[rowKind]?.[String(o.status)] : limit;
          const late = days !== null && allowed !== undefined && days > allowed;
          return (
            <tr key={o.id} className={late ? 'late' : undefined}>
              <td>{o.number}</td>
              <td>{o.clientName}</td>
              <td>{o.itemName}</td>
              <td>
                <StatusLabel kind={rowKind} code={o.status} />
              </td>
              {dated ? <td>{o.createdAt ? formatDisplayDate(o.createdAt, tz) : '-'}</td> : null}
              {dated ? (
                <td>
                  {days === null ? '-' : ageText(days)}
                  {late ? <strong className="late-mark"> · acima de {allowed} dias</strong> : null}
                </td>
              ) : null}
              <td>
                <a href={o.href} aria-label={`Abrir ${o.number}`}>
                  Abrir
                </a>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
