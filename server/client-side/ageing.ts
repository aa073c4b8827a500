/**
 * The lists' ageing (decision 020): each order's opening date and the moment it entered its status, the
 * shop's limit for that status, and the oldest-first order when asked (?ordem=antigas). The dates come
 * in our api's list answers; the limits from its shop settings, or the defaults when it has none.
 *
 * The limits are kept a few seconds per backend (decision 033): every list and Consulta's order results
 * would otherwise ask the api for them again, a whole api call on most pages for a setting a manager
 * changes a few times a year. A save through this web forgets them at once.
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

/** How long the limits read from a backend are used before they are asked for again. */
export const AGEING_LIMITS_KEPT_MS = 15_000;

const keptLimits = new Map<string, { limits: AgeingLimits; until: number }>();

/** The shop's ageing limits: kept ones while fresh, else asked for (the defaults when the backend has none). */
async function ageingLimits(deps: WebDeps, req: Request): Promise<AgeingLimits> {
  const apiUrl = deps.env.apiUrl;
  const kept = keptLimits.get(apiUrl);
  if (kept && kept.until > Date.now()) return kept.limits;
  if (extrasKnownMissing(apiUrl)) return DEFAULT_AGEING_LIMITS;
  const settings = await getShopSettings(req.api);
  noteExtraFailure(apiUrl, settings);
  if (!settings.ok) return DEFAULT_AGEING_LIMITS;
  keptLimits.set(apiUrl, { limits: settings.data.ageing_limits, until: Date.now() + AGEING_LIMITS_KEPT_MS });
  return settings.data.ageing_limits;
}

/** After a save of the shop's settings through this web: the next list reads the limits anew. */
export function forgetAgeingLimits(apiUrl: string): void {
  keptLimits.delete(apiUrl);
}

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
  const dated = items.some((item) => isoOrNull((item as Dated).status_changed_at));
  const limits = dated ? await ageingLimits(deps, req) : DEFAULT_AGEING_LIMITS;
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
  const limits = await ageingLimits(deps, req);
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
