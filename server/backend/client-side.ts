/**
 * Our api's client-side calls (beyond SPEC §7, decision 020): status links, the warranty clock, the order
 * history and the shop's settings. A backend that follows only §7 answers them 404 or 405; the web then
 * hides these parts and remembers, for the life of the process, not to ask that backend again.
 */
import type { PublicStatus } from '../../contract/public-status.ts';
import type { AgeingLimits, OrderEntity, Templates } from '../../domain/client-view.ts';
import type { ApiResult, Backend } from './client.ts';
import type { ApiHttp } from './http.ts';

export type StatusLink = { token: string; issued_at: string };

export type OrderClock = {
  warranty_days: number;
  delivered_on: string | null;
  warranty_until: string | null;
  days_left: number | null;
  /** Going back unrepaired, so no warranty (absent from a backend older than it). */
  unrepaired?: boolean;
  created_at: string;
  status_changed_at: string;
  warranty_override_by: string | null;
};

export type HistoryEntry = {
  at: string;
  actor: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export type ShopSettings = {
  warranty_days: number;
  ageing_limits: AgeingLimits;
  whatsapp_templates: Templates;
};

const SEGMENT: Record<OrderEntity, string> = { service_order: 'service-order', order: 'order' };
const id = (value: string | number) => encodeURIComponent(String(value));

/** Backends (by base address) that answered an extra with 404 or 405: they have none of them. */
const withoutExtras = new Set<string>();

export function extrasKnownMissing(apiUrl: string): boolean {
  return withoutExtras.has(apiUrl);
}

/** A failed extra: 404/405 means the backend lacks them all (remembered); any failure hides the part. */
export function noteExtraFailure(apiUrl: string, result: ApiResult<unknown>): void {
  if (!result.ok && (result.status === 404 || result.status === 405)) withoutExtras.add(apiUrl);
}

export function getStatusLink(backend: Backend, entity: OrderEntity, orderId: string | number) {
  return backend.call<StatusLink>('GET', `/status-links/${SEGMENT[entity]}/${id(orderId)}`);
}

export function renewStatusLink(backend: Backend, entity: OrderEntity, orderId: string | number) {
  return backend.call<StatusLink>('POST', `/status-links/${SEGMENT[entity]}/${id(orderId)}/renew`);
}

export function getOrderClock(backend: Backend, entity: OrderEntity, orderId: string | number) {
  return backend.call<OrderClock>('GET', `/warranty/${SEGMENT[entity]}/${id(orderId)}`);
}

export function getOrderHistory(backend: Backend, entity: OrderEntity, orderId: string | number) {
  return backend.call<HistoryEntry[]>('GET', `/order-history/${SEGMENT[entity]}/${id(orderId)}`);
}

export function recordOrderEvent(
  backend: Backend,
  entity: OrderEntity,
  orderId: string | number,
  event: { event: 'whatsapp-opened' | 'printed'; detail?: string },
) {
  return backend.call<null>('POST', `/order-history/${SEGMENT[entity]}/${id(orderId)}/events`, {
    body: event,
  });
}

export function getShopSettings(backend: Backend) {
  return backend.call<ShopSettings>('GET', '/shop-settings');
}

export function putShopSettings(backend: Backend, body: Partial<ShopSettings>) {
  return backend.call<ShopSettings>('PUT', '/shop-settings', { body });
}

/** The public page's one call: no session and no token, only the link's secret. */
export async function getPublicStatus(http: ApiHttp, token: string, requestId?: string) {
  const res = await http.send('GET', `/status-links/public/${id(token)}`, requestId ? { requestId } : {});
  return { status: res.status, body: res.body as PublicStatus };
}
