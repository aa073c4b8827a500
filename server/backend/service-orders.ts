/** SPEC §7 Service orders calls and their shapes (SPEC §3). Money in reais, dates 'yyyy-MM-dd'. */

import type { ApiResult, Backend } from './client.ts';
import type { Client } from './clients.ts';
import type { OrderListItem } from './lookup.ts';

export type ServiceOrderKind = 'normal' | 'returned' | 'external';

export type Transaction = {
  id: number | string;
  type: number;
  value: number;
  description: string;
  date: string;
  payment_method: string | null;
  created_at?: string;
};

type Product = {
  product_name: string | null;
  product_model: string | null;
  product_brand: string | null;
  product_serial: string | null;
  product_accessories: string | null;
  product_details: string | null;
};

type Repair = {
  fix_description: string | null;
  fix_technician_name: string | null;
  fix_date: string | null;
  fix_value_pieces: number | null;
  fix_value_labor: number | null;
  fix_value_final: number | null;
  fix_payment_method: string | null;
};

type Base = {
  id: number | string;
  number: string;
  status: number;
  client: Client;
  transactions: Transaction[];
  created_at: string;
  updated_at?: string;
  finished_at?: string | null;
};

export type NormalOrder = Base & Product & Repair & { type?: 'normal'; client_id?: number | string };
export type ReturnedOrder = Base &
  Repair & {
    type?: 'returned';
    original_service_order_id: number | string;
    original_service_order: NormalOrder;
    return_motive: string | null;
  };
export type ExternalOrder = Base &
  Product & {
    type?: 'external';
    service_details: string | null;
    service_type: string | null;
    service_date: string | null;
    service_period: string | null;
    service_value: number | null;
    service_payment_method: string | null;
  };

export type AnyServiceOrder =
  | { kind: 'normal'; order: NormalOrder }
  | { kind: 'returned'; order: ReturnedOrder }
  | { kind: 'external'; order: ExternalOrder };

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
  for (const kind of ['normal', 'returned', 'external'] as const) {
    const result = await getServiceOrder(backend, kind, orderId);
    if (result.ok) return { kind, order: result.data } as AnyServiceOrder;
  }
  return null;
}

export function listServiceOrders(
  backend: Backend,
  kind: ServiceOrderKind,
  status: number,
): Promise<ApiResult<OrderListItem[]>> {
  return backend.call<OrderListItem[]>('GET', `/service-orders/${kind}`, { query: { status } });
}

export function normalOrdersByNumber(backend: Backend, number: string): Promise<ApiResult<OrderListItem[]>> {
  return backend.call<OrderListItem[]>('GET', '/service-orders/normal', { query: { number } });
}

export type NewNormalOrder = { client_id: number } & Product;
export type NewReturnedOrder = { original_service_order_id: number; return_motive: string };
export type NewExternalOrder = NewNormalOrder & {
  service_details: string | null;
  service_type: string | null;
  service_date: string | null;
  service_period: string | null;
  service_value: number | null;
  service_payment_method: string | null;
};

type Created = { id: number | string; number?: string };

export function createNormalOrder(backend: Backend, body: NewNormalOrder): Promise<ApiResult<Created>> {
  return backend.call<Created>('POST', '/service-orders/normal', { body });
}
export function createReturnedOrder(backend: Backend, body: NewReturnedOrder): Promise<ApiResult<Created>> {
  return backend.call<Created>('POST', '/service-orders/returned', { body });
}
export function createExternalOrder(backend: Backend, body: NewExternalOrder): Promise<ApiResult<Created>> {
  return backend.call<Created>('POST', '/service-orders/external', { body });
}

export type NormalOrderChange = { status: number } & Product & Repair;
export type ReturnedOrderChange = { status: number; return_motive: string } & Repair;
export type ExternalOrderChange = Omit<NewExternalOrder, 'client_id'> & { status: number };

export function updateNormalOrder(backend: Backend, orderId: string, body: NormalOrderChange) {
  return backend.call<Created>('PUT', `/service-orders/normal/${id(orderId)}`, { body });
}
export function updateReturnedOrder(backend: Backend, orderId: string, body: ReturnedOrderChange) {
  return backend.call<Created>('PUT', `/service-orders/returned/${id(orderId)}`, { body });
}
export function updateExternalOrder(backend: Backend, orderId: string, body: ExternalOrderChange) {
  return backend.call<Created>('PUT', `/service-orders/external/${id(orderId)}`, { body });
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
export function closeServiceOrder(backend: Backend, body: { service_order_id: number; date: string }) {
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
