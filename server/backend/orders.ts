/** SPEC §7 Parts orders calls and their shape (SPEC §3). Money in reais, dates 'yyyy-MM-dd'. */
import type { ApiResult, Backend } from './client.ts';
import type { Client } from './clients.ts';
import type { OrderListItem } from './lookup.ts';
import type { Transaction } from './service-orders.ts';

export type PartsOrder = {
  id: number | string;
  number: string;
  status: number;
  client: Client;
  piece_code: string | null;
  piece_name: string;
  piece_value: number | null;
  product_model: string | null;
  manufacturer_date: string | null;
  manufacturer_code: string | null;
  /** SPEC §3 gives both readings of the payment method; the web reads either. */
  payment_method?: string | null;
  order_payment_method?: string | null;
  transactions: Transaction[];
  created_at: string;
  updated_at?: string;
};

/** The payment method whichever name the backend uses for it. */
export function paymentMethodOf(
  order: Pick<PartsOrder, 'payment_method' | 'order_payment_method'>,
): string | null {
  return order.payment_method ?? order.order_payment_method ?? null;
}

const id = (value: string | number) => encodeURIComponent(String(value));
type Created = { id: number | string; number?: string };

export function getPartsOrder(backend: Backend, orderId: string): Promise<ApiResult<PartsOrder>> {
  return backend.call<PartsOrder>('GET', `/orders/${id(orderId)}`);
}

export function listPartsOrders(backend: Backend, status: number): Promise<ApiResult<OrderListItem[]>> {
  return backend.call<OrderListItem[]>('GET', '/orders', { query: { status } });
}

export function createPartsOrder(
  backend: Backend,
  body: {
    client_id: number;
    piece_name: string;
    piece_code: string | null;
    piece_value: number | null;
    product_model: string | null;
  },
): Promise<ApiResult<Created>> {
  return backend.call<Created>('POST', '/orders', { body });
}

export function updatePartsOrder(
  backend: Backend,
  orderId: string,
  body: {
    status: number;
    piece_name: string;
    piece_code: string | null;
    product_model: string | null;
    piece_value: number | null;
    payment_method: string | null;
    manufacturer_date: string | null;
    manufacturer_code: string | null;
  },
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
  body: { order_id: number; date: string; description: string },
) {
  return backend.call<Transaction>('POST', 'transactions/close/order', { body });
}

export function upfrontPaymentPartsOrder(
  backend: Backend,
  body: { order_id: number; value: number; description: string; date: string; payment_method: string },
) {
  return backend.call<Transaction>('POST', '/transactions/upfront-payment/order', { body });
}
