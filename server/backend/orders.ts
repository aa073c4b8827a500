/** SPEC §7 Parts orders calls. Money in reais, dates 'yyyy-MM-dd'. */
import type { OrderListItem } from '../../contract/lists.ts';
import type { NewPartsOrder, PartsOrder, PartsOrderChange } from '../../contract/parts-orders.ts';
import type { Created } from '../../contract/service-orders.ts';
import type { Transaction } from '../../contract/transactions.ts';
import type { ApiResult, Backend } from './client.ts';

const id = (value: string | number) => encodeURIComponent(String(value));

export function getPartsOrder(backend: Backend, orderId: string): Promise<ApiResult<PartsOrder>> {
  return backend.call<PartsOrder>('GET', `/orders/${id(orderId)}`);
}

export function listPartsOrders(backend: Backend, status: number): Promise<ApiResult<OrderListItem[]>> {
  return backend.call<OrderListItem[]>('GET', '/orders', { query: { status } });
}

/** Extra (docs/api.md "Lists in pages"): one page of the list and its total, `{ items, total }`. */
export function listPartsOrdersPage(
  backend: Backend,
  status: number,
  page: { limit: number; offset: number; oldestFirst: boolean },
): Promise<ApiResult<unknown>> {
  const query = {
    status,
    limit: page.limit,
    offset: page.offset,
    ...(page.oldestFirst ? { ordem: 'antigas' } : {}),
  };
  return backend.call<unknown>('GET', '/orders', { query, extra: true });
}

export function createPartsOrder(backend: Backend, body: NewPartsOrder): Promise<ApiResult<Created>> {
  return backend.call<Created>('POST', '/orders', { body });
}

export function updatePartsOrder(
  backend: Backend,
  orderId: string,
  body: PartsOrderChange,
): Promise<ApiResult<Created>> {
  return backend.call<Created>('PUT', `/orders/${id(orderId)}`, { body });
}

export function deletePartsOrder(
  backend: Backend,
  orderId: string,
  confirmation: { confirm_username: string; confirm_password: string },
) {
  return backend.call('DELETE', `/orders/${id(orderId)}`, { body: confirmation });
}

export function cancelPartsOrder(
  backend: Backend,
  body: {
    order_id: number;
    cancel_motive: string;
    date: string;
    confirm_username: string;
    confirm_password: string;
  },
) {
  return backend.call<Transaction>('POST', 'transactions/cancel/order', { body });
}

export function closePartsOrder(
  backend: Backend,
  /** `version`: ours (decision 024), the order's version the confirmation showed; SPEC §7 has none. */
  body: { order_id: number; date: string; description: string; version?: number },
) {
  return backend.call<Transaction>('POST', 'transactions/close/order', { body });
}

export function upfrontPaymentPartsOrder(
  backend: Backend,
  body: { order_id: number; value: number; description: string; date: string; payment_method: string },
) {
  return backend.call<Transaction>('POST', '/transactions/upfront-payment/order', { body });
}
