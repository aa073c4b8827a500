/** Parts orders in the database: reading the living ones, listing, writing, locking and soft-deleting. */
import { sql } from 'kysely';
import { type ClientRow, clientsByIds } from '../clients/repository.ts';
import type { Db } from '../db/connect.ts';
import { liveOrdersIn } from '../db/kept-totals.ts';
import type { CreateInput, UpdateInput } from './schema.ts';

export type OrderRow = {
  id: number;
  number: string;
  status: number;
  client_id: number;
  piece_name: string;
  piece_code: string | null;
  piece_value_cents: string | null;
  product_model: string | null;
  payment_method: string | null;
  manufacturer_date: string | null;
  manufacturer_code: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  version: number;
};

const columns = [
  'id',
  'number',
  'status',
  'client_id',
  'piece_name',
  'piece_code',
  'piece_value_cents',
  'product_model',
  'payment_method',
  'manufacturer_date',
  'manufacturer_code',
  'created_at',
  'updated_at',
  'finished_at',
  'version',
] as const;

/** At most this many orders answer a list (by number or by status). */
export const LIST_LIMIT = 500;

/** A living order; `forUpdate` locks its row until the surrounding transaction ends. */
export async function findOrder(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | undefined> {
  let query = db.selectFrom('orders').select(columns).where('id', '=', id).where('deleted_at', 'is', null);
  if (options.forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) as OrderRow | undefined;
}

export type OrderListRow = {
  id: number;
  number: string;
  status: number;
  piece_name: string;
  created_at: Date;
  client_id: number;
  client_name: string;
  /** Since when it is in its status (migration 007): the lists' ageing. */
  status_changed_at: Date;
};

type OrderListFilter = { number?: string | undefined; status?: number | undefined };

function listedOrders(db: Db, filter: OrderListFilter) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('clients as c', 'c.id', 'o.client_id')
    .where('o.deleted_at', 'is', null);
  if (filter.number !== undefined) query = query.where('o.number', '=', filter.number);
  if (filter.status !== undefined) query = query.where('o.status', '=', filter.status);
  return query;
}

/**
 * Living orders with this exact number and/or status, highest number first (P100000 after P99999), or,
 * asked, the longest in their status first. At most LIST_LIMIT, or the slice asked for.
 */
export async function listOrders(
  db: Db,
  filter: OrderListFilter,
  slice?: { limit: number; offset: number; oldestFirst?: boolean; reversed?: boolean },
): Promise<OrderListRow[]> {
  let query = listedOrders(db, filter).select([
    'o.id',
    'o.number',
    'o.status',
    'o.piece_name',
    'o.created_at',
    'o.client_id',
    'c.name as client_name',
    'o.status_changed_at',
  ]);
  // `reversed`: the same order read from its end (a page past the middle, paging.ts fromNearerEnd).
  const [up, down] = slice?.reversed ? (['desc', 'asc'] as const) : (['asc', 'desc'] as const);
  query = slice?.oldestFirst
    ? query.orderBy('o.status_changed_at', up).orderBy('o.id', up)
    : query.orderBy(sql`char_length(o.number)`, down).orderBy('o.number', down);
  const rows = (await query
    .limit(slice?.limit ?? LIST_LIMIT)
    .offset(slice?.offset ?? 0)
    .execute()) as OrderListRow[];
  return slice?.reversed ? rows.reverse() : rows;
}

/** How many living orders the same filter holds (a page's total). */
export async function countOrders(db: Db, filter: OrderListFilter): Promise<number> {
  // A whole status (the lists by status): the kept count. Every order has its client (NOT NULL).
  if (filter.number === undefined && filter.status !== undefined)
    return liveOrdersIn(db, 'parts', filter.status);
  const row = await listedOrders(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The order's client, even one deleted after the order was opened: the order and its printouts still
 * name who it belongs to.
 */
export async function clientOfOrder(db: Db, clientId: number): Promise<ClientRow | undefined> {
  return (await clientsByIds(db, [clientId])).get(clientId);
}

/** Whether a living client has this id (a new order may only name one of those). */
export async function livingClientExists(db: Db, clientId: number): Promise<boolean> {
  const row = await db
    .selectFrom('clients')
    .select('id')
    .where('id', '=', clientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOrder(
  db: Db,
  input: CreateInput & { number: string; status: number; createdBy: number },
): Promise<OrderRow> {
  return (await db
    .insertInto('orders')
    .values({
      number: input.number,
      status: input.status,
      client_id: input.client_id,
      piece_name: input.piece_name,
      piece_code: input.piece_code,
      piece_value_cents: input.piece_value,
      product_model: input.product_model,
      created_by: input.createdBy,
    })
    .returning(columns)
    .executeTakeFirstOrThrow()) as OrderRow;
}

/** Replaces the edit form's fields; the status stays when the body left it out. */
export async function updateOrder(db: Db, id: number, input: UpdateInput): Promise<OrderRow | undefined> {
  return (await db
    .updateTable('orders')
    .set({
      ...(input.status === undefined ? {} : { status: input.status }),
      piece_name: input.piece_name,
      piece_code: input.piece_code,
      product_model: input.product_model,
      piece_value_cents: input.piece_value,
      payment_method: input.payment_method,
      manufacturer_date: input.manufacturer_date,
      manufacturer_code: input.manufacturer_code,
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(columns)
    .executeTakeFirst()) as OrderRow | undefined;
}

/** Sets a terminal status (cancelled or completed) and the finish time. */
export async function finishOrder(db: Db, id: number, status: number): Promise<OrderRow> {
  return (await db
    .updateTable('orders')
    .set({ status, finished_at: sql`now()`, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow()) as OrderRow;
}

/** Takes a completed order back to an open `status`, with no finish time (decision 032). */
export async function reopenOrder(db: Db, id: number, status: number): Promise<OrderRow> {
  return (await db
    .updateTable('orders')
    .set({ status, finished_at: null, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow()) as OrderRow;
}

/** Marks a living order deleted; undefined when there was none. */
export async function softDeleteOrder(db: Db, id: number): Promise<{ deleted_at: Date } | undefined> {
  return (await db
    .updateTable('orders')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('deleted_at')
    .executeTakeFirst()) as { deleted_at: Date } | undefined;
}

/** A change that is not an edit (an upfront payment) still moves the order's version on. */
export async function bumpOrderVersion(db: Db, id: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}
