/** SPEC §7 Service orders calls. Money in reais, dates 'yyyy-MM-dd'. */

import type { OrderListItem } from '../../contract/lists.ts';
import type {
  AnyServiceOrder,
  Created,
  ExternalOrder,
  ExternalOrderChange,
  NewExternalOrder,
  NewNormalOrder,
  NewReturnedOrder,
  NormalOrder,
  NormalOrderChange,
  ReturnedOrder,
  ReturnedOrderChange,
  ServiceOrderKind,
} from '../../contract/service-orders.ts';
import type { Transaction } from '../../contract/transactions.ts';
import type { ApiResult, Backend } from './client.ts';

const id = (value: string | number) => encodeURIComponent(String(value));

export function getServiceOrder<K extends ServiceOrderKind>(backend: Backend, kind: K, orderId: string) {
  type Order = K extends 'normal' ? NormalOrder : K extends 'returned' ? ReturnedOrder : ExternalOrder;
  return backend.call<Order>('GET', `/service-orders/${kind}/${id(orderId)}`);
}

/**
 * SPEC §2: the detail tries normal, returned, external in this order and takes the first that answers.
 * A failure of one kind is only logged by the caller; null when none has it.
 */
export async function findServiceOrder(backend: Backend, orderId: string): Promise<AnyServiceOrder | null> {
  return (await lookUpServiceOrder(backend, orderId)).found;
}

/**
 * findServiceOrder, and whether every kind answered 404: the order is not there (deleted, or never was),
 * as opposed to a lookup that failed.
 */
export async function lookUpServiceOrder(
  backend: Backend,
  orderId: string,
): Promise<{ found: AnyServiceOrder | null; missing: boolean }> {
  let missing = true;
  for (const kind of ['normal', 'returned', 'external'] as const) {
    const result = await getServiceOrder(backend, kind, orderId);
    if (result.ok) return { found: { kind, order: result.data } as AnyServiceOrder, missing: false };
    missing &&= result.status === 404;
  }
  return { found: null, missing };
}

export function listServiceOrders(
  backend: Backend,
  kind: ServiceOrderKind,
  status: number,
): Promise<ApiResult<OrderListItem[]>> {
  return backend.call<OrderListItem[]>('GET', `/service-orders/${kind}`, { query: { status } });
}

/** Extra (docs/api.md "Lists in pages"): one page of the list and its total, `{ items, total }`. */
export function listServiceOrdersPage(
  backend: Backend,
  kind: ServiceOrderKind,
  status: number,
  page: { limit: number; offset: number; oldestFirst: boolean },
): Promise<ApiResult<unknown>> {
  const query = {
    status,
    limit: page.limit,
    offset: page.offset,
    ...(page.oldestFirst ? { ordem: 'antigas' } : {}),
  };
  return backend.call<unknown>('GET', `/service-orders/${kind}`, { query, extra: true });
}

export function normalOrdersByNumber(backend: Backend, number: string): Promise<ApiResult<OrderListItem[]>> {
  return backend.call<OrderListItem[]>('GET', '/service-orders/normal', { query: { number } });
}

export function createNormalOrder(backend: Backend, body: NewNormalOrder): Promise<ApiResult<Created>> {
  return backend.call<Created>('POST', '/service-orders/normal', { body });
}
export function createReturnedOrder(backend: Backend, body: NewReturnedOrder): Promise<ApiResult<Created>> {
  return backend.call<Created>('POST', '/service-orders/returned', { body });
}
export function createExternalOrder(backend: Backend, body: NewExternalOrder): Promise<ApiResult<Created>> {
  return backend.call<Created>('POST', '/service-orders/external', { body });
}

export function updateNormalOrder(backend: Backend, orderId: string, body: NormalOrderChange) {
  return backend.call<Created>('PUT', `/service-orders/normal/${id(orderId)}`, { body });
}
export function updateReturnedOrder(backend: Backend, orderId: string, body: ReturnedOrderChange) {
  return backend.call<Created>('PUT', `/service-orders/returned/${id(orderId)}`, { body });
}
/** Extra: SPEC §7 has no edit of an external order (extras.ts). */
export function updateExternalOrder(backend: Backend, orderId: string, body: ExternalOrderChange) {
  return backend.call<Created>('PUT', `/service-orders/external/${id(orderId)}`, { body, extra: true });
}

export function deleteServiceOrder(
  backend: Backend,
  orderId: string,
  confirmation: { confirm_username: string; confirm_password: string },
) {
  return backend.call('DELETE', `/service-orders/${id(orderId)}`, { body: confirmation });
}

/** SPEC §7: cancel {service_order_id, cancel_motive, date}; close {service_order_id, date, description: ''}. */
export function cancelServiceOrder(
  backend: Backend,
  body: { service_order_id: number; cancel_motive: string; date: string },
) {
  return backend.call<Transaction>('POST', '/transactions/cancel/service-order', { body });
}
export function closeServiceOrder(
  backend: Backend,
  /** `version`: ours (decision 024), the order's version the confirmation showed; SPEC §7 has none. */
  body: { service_order_id: number; date: string; version?: number },
) {
  return backend.call<Transaction>('POST', '/transactions/close/service-order', {
    body: { ...body, description: '' },
  });
}
export function upfrontPaymentServiceOrder(
  backend: Backend,
  body: {
    service_order_id: number;
    value: number;
    description: string;
    date: string;
    payment_method: string;
  },
) {
  return backend.call<Transaction>('POST', '/transactions/upfront-payment/service-order', { body });
}
