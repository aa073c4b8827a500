/**
 * The lists' ageing (decision 020): each order's opening date and the moment it entered its status, the
 * shop's limit for that status, and the oldest-first order when asked (?ordem=antigas). The dates come
 * in our api's list answers; the limits from its shop settings, or the defaults when it has none.
 */
import type { Request } from 'express';
import type { OrderListItem } from '../../contract/lists.ts';
import { type AgeingLimits, DEFAULT_AGEING_LIMITS } from '../../domain/client-view.ts';
import type { OrderKind } from '../../domain/statuses.ts';
import { type AgedOrder, oldestFirst } from '../../views/components/AgedOrders.tsx';
import type { OrderRow } from '../../views/components/OrderRows.tsx';
import type { StatusListProps } from '../../views/pages/StatusList.tsx';
import { extrasKnownMissing, getShopSettings, noteExtraFailure } from '../backend/client-side.ts';
import type { WebDeps } from '../context.ts';

type Dated = OrderListItem & { created_at?: unknown; status_changed_at?: unknown };

const isoOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

export async function agedList(
  deps: WebDeps,
  req: Request,
  kind: OrderKind,
  status: number,
  items: OrderListItem[],
  rows: OrderRow[],
): Promise<StatusListProps['aged']> {
  let limits = DEFAULT_AGEING_LIMITS;
  const dated = items.some((item) => isoOrNull((item as Dated).status_changed_at));
  if (dated && !extrasKnownMissing(deps.env.apiUrl)) {
    const settings = await getShopSettings(req.api);
    noteExtraFailure(deps.env.apiUrl, settings);
    if (settings.ok) limits = settings.data.ageing_limits;
  }
  const orders: AgedOrder[] = rows.map((row, i) => ({
    id: row.id,
    number: row.number,
    clientName: row.clientName,
    itemName: row.itemName,
    status: row.status,
    href: row.href,
    createdAt: isoOrNull((items[i] as Dated | undefined)?.created_at),
    statusChangedAt: isoOrNull((items[i] as Dated | undefined)?.status_changed_at),
  }));
  const wantsOldest = req.query.ordem === 'antigas';
  return {
    orders: wantsOldest ? oldestFirst(orders) : orders,
    kind,
    tz: deps.env.SHOP_TZ,
    limit: dated ? limits[kind]?.[String(status)] : undefined,
    oldestFirst: wantsOldest,
  };
}

/** Consulta's O.S. and Pedido results with their age, when the backend's answers carry the dates. */
export async function agedResults(
  deps: WebDeps,
  req: Request,
  items: OrderListItem[],
  rows: OrderRow[],
): Promise<{ orders: AgedOrder[]; tz: string; limits: AgeingLimits } | undefined> {
  if (!items.some((item) => isoOrNull((item as Dated).status_changed_at))) return undefined;
  let limits = DEFAULT_AGEING_LIMITS;
  if (!extrasKnownMissing(deps.env.apiUrl)) {
    const settings = await getShopSettings(req.api);
    noteExtraFailure(deps.env.apiUrl, settings);
    if (settings.ok) limits = settings.data.ageing_limits;
  }
  const orders = rows.map((row, i) => ({
    id: row.id,
    number: row.number,
    clientName: row.clientName,
    itemName: row.itemName,
    status: row.status,
    href: row.href,
    kind: row.kind,
    createdAt: isoOrNull((items[i] as Dated | undefined)?.created_at),
    statusChangedAt: isoOrNull((items[i] as Dated | undefined)?.status_changed_at),
  }));
  return { orders, tz: deps.env.SHOP_TZ, limits };
}
