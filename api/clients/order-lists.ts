/**
 * The order lists a client carries (SPEC §3; API.md Clients): its normal, returned and external service
 * orders and its parts orders, each item a short summary. This is the one place the order areas fill in
 * (the service_orders and orders tables).
 */
import type { Db } from '../db/connect.ts';

/** One order as a client's list shows it (API.md: id, number, status, product or piece name, created_at). */
export type OrderSummary = {
  id: number;
  number: string;
  status: number;
  product_name?: string | null;
  piece_name?: string | null;
  created_at: string;
};

export type ClientOrderLists = {
  normal_service_orders: OrderSummary[];
  returned_service_orders: OrderSummary[];
  external_service_orders: OrderSummary[];
  orders: OrderSummary[];
};

/**
 * Gives each client its four order lists, in the order the clients came: one query for the service
 * orders of every kind and one for the parts orders, for the whole page of clients (never per client).
 */
export async function attachOrderLists<C extends { id: number }>(
  db: Db,
  clients: readonly C[],
): Promise<(C & ClientOrderLists)[]> {
  const ids = clients.map((c) => c.id);
  if (ids.length === 0) return [];
  const [serviceOrders, partsOrders] = await Promise.all([
    db
      .selectFrom('service_orders')
      .select(['id', 'kind', 'number', 'status', 'product_name', 'client_id', 'created_at'])
      .where('client_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('orders')
      .select(['id', 'number', 'status', 'piece_name', 'client_id', 'created_at'])
      .where('client_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const lists = new Map<number, ClientOrderLists>(
    ids.map((id) => [
      id,
      { normal_service_orders: [], returned_service_orders: [], external_service_orders: [], orders: [] },
    ]),
  );
  const key = {
    normal: 'normal_service_orders',
    returned: 'returned_service_orders',
    external: 'external_service_orders',
  } as const;
  for (const o of serviceOrders) {
    lists.get(o.client_id)?.[key[o.kind]].push({
      id: o.id,
      number: o.number,
      status: o.status,
      product_name: o.product_name,
      created_at: new Date(o.created_at).toISOString(),
    });
  }
  for (const o of partsOrders) {
    lists.get(o.client_id)?.orders.push({
      id: o.id,
      number: o.number,
      status: o.status,
      piece_name: o.piece_name,
      created_at: new Date(o.created_at).toISOString(),
    });
  }
  return clients.map((client) => ({ ...client, ...(lists.get(client.id) as ClientOrderLists) }));
}
