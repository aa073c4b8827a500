/**
 * The order lists a client carries (SPEC §3; API.md Clients): its normal, returned and external service
 * orders and its parts orders, each item a short summary. This is the one place the order areas fill in
 * (the service_orders and orders tables).
 *
 * The database builds the lists as JSON in the same query that reads the clients: one round trip for a
 * page of clients with all their orders, instead of one for the clients and two more for their orders.
 */
import { type RawBuilder, sql } from 'kysely';
import { TERMINAL_STATUSES } from '../../domain/statuses.ts';
import type { Db } from '../db/connect.ts';
import { isoTimestamp } from '../db/json-values.ts';
import {
  CLIENT_COLUMNS,
  type ClientPageRow,
  countClientsQuery,
  livingClientQuery,
  type PublicClient,
  type SearchPlan,
  searchClientsQuery,
  searchWithinMatchesQuery,
} from './repository.ts';

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

/** A client as the api shows it (every field, dates as ISO strings) with its four order lists. */
export type ClientWithOrderLists = PublicClient & ClientOrderLists;

/** One item of a list as JSON; created_at written as Date.toISOString writes it. */
const serviceOrderItem = sql`json_build_object(
  'id', so.id, 'number', so.number, 'status', so.status, 'product_name', so.product_name,
  'created_at', ${isoTimestamp('so.created_at')})`;
const partsOrderItem = sql`json_build_object(
  'id', o.id, 'number', o.number, 'status', o.status, 'piece_name', o.piece_name,
  'created_at', ${isoTimestamp('o.created_at')})`;

/** The service orders of one kind as a JSON array, newest first (ties by id), [] when there are none. */
const serviceOrderList = (kind: 'normal' | 'returned' | 'external') =>
  sql`coalesce(json_agg(${serviceOrderItem} ORDER BY so.created_at DESC, so.id DESC)
    FILTER (WHERE so.kind = ${sql.lit(kind)}), '[]')`;

/** The client's columns as the api shows them (timestamps as ISO text), then its four lists. */
const CLIENT_WITH_LISTS = sql.join([
  ...CLIENT_COLUMNS.map((column) =>
    column === 'created_at' || column === 'updated_at'
      ? sql`${isoTimestamp(`c.${column}`)} AS ${sql.id(column)}`
      : sql.ref(`c.${column}`),
  ),
  sql.raw('service_lists.normal_service_orders'),
  sql.raw('service_lists.returned_service_orders'),
  sql.raw('service_lists.external_service_orders'),
  sql.raw('parts_lists.orders'),
]);

/**
 * The most orders a client's lists carry: its newest service orders of the three kinds together, and
 * its newest parts orders. No shop has a client near this, but no answer reads an unbounded set.
 */
export const CLIENT_ORDERS_MAX = 1000;

/** Two lateral aggregates per client of the page, on the client_id indexes: living orders only. */
const ORDER_LISTS = sql`
  CROSS JOIN LATERAL (
    SELECT ${serviceOrderList('normal')} AS normal_service_orders,
      ${serviceOrderList('returned')} AS returned_service_orders,
      ${serviceOrderList('external')} AS external_service_orders
    FROM (SELECT * FROM service_orders WHERE client_id = c.id AND deleted_at IS NULL
      ORDER BY created_at DESC, id DESC LIMIT ${sql.lit(CLIENT_ORDERS_MAX)}) so
  ) service_lists
  CROSS JOIN LATERAL (
    SELECT coalesce(json_agg(${partsOrderItem} ORDER BY o.created_at DESC, o.id DESC), '[]') AS orders
    FROM (SELECT * FROM orders WHERE client_id = c.id AND deleted_at IS NULL
      ORDER BY created_at DESC, id DESC LIMIT ${sql.lit(CLIENT_ORDERS_MAX)}) o
  ) parts_lists`;

/**
 * The page of clients, in the page's order (name_search, id), each as the api shows it with its four
 * lists. The lists are built per client of the page, after the page is cut: a search matching
 * thousands builds 50 clients' lists. Everything around the page is the same SQL for every search,
 * built once here rather than through the query builder on every request.
 */
function withOrderLists(page: RawBuilder<ClientPageRow>) {
  return sql<ClientWithOrderLists>`SELECT ${CLIENT_WITH_LISTS} FROM (${page}) AS c ${ORDER_LISTS}
    ORDER BY c.name_search, c.id`;
}

/**
 * A page of the search found from its matches, with how many there are, in one query; null when the
 * matches are more than `upTo` or the page came back empty (no match, or past the end): the count then
 * says how many, and the plan, as before (service.ts).
 */
export async function searchWithinMatches(
  db: Db,
  filter: string,
  slice: { limit: number; offset: number },
  upTo: number,
): Promise<{ total: number; items: ClientWithOrderLists[] } | null> {
  const page = searchWithinMatchesQuery(filter, slice, upTo);
  if (!page) return null;
  const { rows } = await sql<ClientWithOrderLists & { matches: string | number }>`SELECT ${CLIENT_WITH_LISTS},
    c.matches FROM (${page}) AS c ${ORDER_LISTS} ORDER BY c.name_search, c.id`.execute(db);
  const total = Number(rows[0]?.matches ?? 0);
  if (rows.length === 0 || total > upTo) return null;
  return { total, items: rows.map(({ matches: _matches, ...client }) => client) };
}

/** The search the api runs (API.md Clients): the clients found, with their lists, in one query. */
export function searchWithOrderListsQuery(
  filter: string,
  slice?: { limit: number; offset: number },
  plan?: SearchPlan,
) {
  const page = searchClientsQuery(filter, slice, plan);
  return page ? withOrderLists(page) : null;
}

export async function searchWithOrderLists(
  db: Db,
  filter: string,
  slice?: { limit: number; offset: number },
  plan?: SearchPlan,
): Promise<ClientWithOrderLists[]> {
  return (await searchWithOrderListsQuery(filter, slice, plan)?.execute(db))?.rows ?? [];
}

/** How many clients the same search finds in all. */
export async function countSearch(db: Db, filter: string): Promise<number> {
  const row = (await countClientsQuery(filter)?.execute(db))?.rows[0];
  return Number(row?.count ?? 0);
}

/** A living client with its lists, or undefined. */
export async function clientWithOrderLists(db: Db, id: number): Promise<ClientWithOrderLists | undefined> {
  const { rows } = await withOrderLists(livingClientQuery(id)).execute(db);
  return rows[0];
}

/** Every terminal status of the service-order kinds (SPEC §4), and of parts orders. */
const TERMINAL_SERVICE = (['normal', 'returned', 'external'] as const).flatMap((kind) => [
  TERMINAL_STATUSES[kind].cancelled,
  TERMINAL_STATUSES[kind].completed,
]);
const TERMINAL_PARTS = [TERMINAL_STATUSES.parts.cancelled, TERMINAL_STATUSES.parts.completed];

/** The numbers of the client's living orders still open, of the four kinds. */
export async function openOrderNumbers(db: Db, clientId: number): Promise<string[]> {
  const service = await db
    .selectFrom('service_orders')
    .select('number')
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .where('status', 'not in', TERMINAL_SERVICE)
    .orderBy('number')
    .execute();
  const parts = await db
    .selectFrom('orders')
    .select('number')
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .where('status', 'not in', TERMINAL_PARTS)
    .orderBy('number')
    .execute();
  return [...service, ...parts].map((row) => row.number);
}
