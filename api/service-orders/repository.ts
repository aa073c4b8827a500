/**
 * Service orders in the database: one table for the three kinds (migration 003), read living or, for
 * the original of a return, as it was; locked for the cash actions; written and soft-deleted.
 */
import { type Insertable, sql, type Updateable } from 'kysely';
import { clientJsonOf, type PublicClient } from '../clients/repository.ts';
import type { Db } from '../db/connect.ts';
import { isoTimestamp } from '../db/json-values.ts';
import { liveOrdersIn } from '../db/kept-totals.ts';
import type { ServiceOrdersTable } from '../db/schema.ts';
import { normalizeNumber } from '../numbering/next-number.ts';
import type { TransactionRow } from '../transactions/repository.ts';
import type { ServiceOrderKind } from './schema.ts';

export type ServiceOrderRow = {
  id: number;
  kind: ServiceOrderKind;
  number: string;
  status: number;
  client_id: number;
  original_service_order_id: number | null;
  return_motive: string | null;
  product_name: string | null;
  product_model: string | null;
  product_brand: string | null;
  product_serial: string | null;
  product_accessories: string | null;
  product_details: string | null;
  fix_description: string | null;
  fix_technician_name: string | null;
  fix_date: string | null;
  fix_value_pieces_cents: string | null;
  fix_value_labor_cents: string | null;
  fix_value_final_cents: string | null;
  fix_payment_method: string | null;
  service_details: string | null;
  service_type: string | null;
  service_date: string | null;
  service_period: string | null;
  service_value_cents: string | null;
  service_payment_method: string | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  version: number;
};

const columns = [
  'id',
  'kind',
  'number',
  'status',
  'client_id',
  'original_service_order_id',
  'return_motive',
  'product_name',
  'product_model',
  'product_brand',
  'product_serial',
  'product_accessories',
  'product_details',
  'fix_description',
  'fix_technician_name',
  'fix_date',
  'fix_value_pieces_cents',
  'fix_value_labor_cents',
  'fix_value_final_cents',
  'fix_payment_method',
  'service_details',
  'service_type',
  'service_date',
  'service_period',
  'service_value_cents',
  'service_payment_method',
  'created_by',
  'created_at',
  'updated_at',
  'finished_at',
  'version',
] as const;

/** At most this many orders answer a list (by status or by number). */
export const LIST_LIMIT = 500;

/**
 * A living order; `forUpdate` locks its row until the transaction ends, so the cash actions, edits
 * and deletes of one order run one after the other.
 */
export async function findServiceOrder(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<ServiceOrderRow | undefined> {
  let query = db
    .selectFrom('service_orders')
    .select(columns)
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (options.forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) as ServiceOrderRow | undefined;
}

/** An order with what its detail shows: its client (deleted or not) and its living cash entries. */
export type ServiceOrderDetailRow = ServiceOrderRow & {
  client: PublicClient | null;
  transactions: TransactionRow[];
};

/**
 * The order's living cash entries as a JSON array, oldest first (date, id), each with the columns
 * TransactionRow holds (cents as text, created_at as ISO): the same rows transactionsOf reads.
 */
const transactionsJson = sql<TransactionRow[]>`(SELECT coalesce(json_agg(json_build_object(
    'id', t.id, 'type', t.type, 'value_cents', t.value_cents::text, 'description', t.description,
    'date', t.date, 'payment_method', t.payment_method, 'service_order_id', t.service_order_id,
    'order_id', t.order_id, 'created_at', ${isoTimestamp('t.created_at')}
  ) ORDER BY t.date, t.id), '[]')
  FROM transactions t WHERE t.service_order_id = so.id AND t.deleted_at IS NULL)`;

/**
 * An order, its client and its cash entries in one query (the detail was three round trips). Living
 * orders only, unless `asWas`: the original a return points at stays part of its history even deleted.
 */
export async function findServiceOrderDetail(
  db: Db,
  id: number,
  options: { asWas?: boolean } = {},
): Promise<ServiceOrderDetailRow | undefined> {
  let query = db
    .selectFrom('service_orders as so')
    .select(columns.map((column) => `so.${column}` as const))
    .select([clientJsonOf('so.client_id').as('client'), transactionsJson.as('transactions')])
    .where('so.id', '=', id);
  if (!options.asWas) query = query.where('so.deleted_at', 'is', null);
  return (await query.executeTakeFirst()) as ServiceOrderDetailRow | undefined;
}

export async function insertServiceOrder(
  db: Db,
  values: Insertable<ServiceOrdersTable>,
): Promise<ServiceOrderRow> {
  return (await db
    .insertInto('service_orders')
    .values(values)
    .returning(columns)
    .executeTakeFirstOrThrow()) as ServiceOrderRow;
}

export async function updateServiceOrder(
  db: Db,
  id: number,
  changes: Updateable<ServiceOrdersTable>,
  options: { finished?: boolean } = {},
): Promise<ServiceOrderRow | undefined> {
  return (await db
    .updateTable('service_orders')
    .set({
      ...changes,
      updated_at: sql`now()`,
      version: sql`version + 1`,
      ...(options.finished ? { finished_at: sql`now()` } : {}),
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(columns)
    .executeTakeFirst()) as ServiceOrderRow | undefined;
}

export async function softDeleteServiceOrder(db: Db, id: number): Promise<{ deleted_at: Date } | undefined> {
  return (await db
    .updateTable('service_orders')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('deleted_at')
    .executeTakeFirst()) as { deleted_at: Date } | undefined;
}

/** What a list row of service orders shows (Consulta, the lists by status), from so and its client c. */
const LIST_COLUMNS = [
  'so.id',
  'so.kind',
  'so.number',
  'so.status',
  'so.product_name',
  'so.client_id',
  'c.name as client_name',
  'so.created_at',
  'so.status_changed_at',
] as const;

/**
 * Service orders whose number is one of `numbers`, or whose serial number or product name contains the
 * text (ignoring case; a return matches by its original's product). Newest first, at most LIST_LIMIT.
 */
export async function searchServiceOrders(
  db: Db,
  filter: { numbers: readonly string[]; text: string },
): Promise<ListRow[]> {
  const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return (await db
    .selectFrom('service_orders as so')
    .innerJoin('clients as c', 'c.id', 'so.client_id')
    .leftJoin('service_orders as orig', 'orig.id', 'so.original_service_order_id')
    .select(LIST_COLUMNS)
    .where('so.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(filter.numbers.length ? [eb('so.number', 'in', [...filter.numbers])] : []),
        eb('so.product_serial', 'ilike', pattern),
        eb('so.product_name', 'ilike', pattern),
        eb('orig.product_serial', 'ilike', pattern),
        eb('orig.product_name', 'ilike', pattern),
      ]),
    )
    .orderBy('so.created_at', 'desc')
    .orderBy('so.id', 'desc')
    .limit(LIST_LIMIT)
    .execute()) as ListRow[];
}

const SERVICE_LETTERS = ['M', 'F', 'R', 'E'] as const;

/**
 * The numbers a typed text can name, ignoring case and leading zeros (API.md): 'm12' -> M00012; bare
 * digits '0012' -> M00012, F00012, R00012 and E00012. Text that names no service order -> [].
 */
export function numbersFor(text: string): string[] {
  const normalized = normalizeNumber(text);
  if (normalized) {
    return (SERVICE_LETTERS as readonly string[]).includes(normalized[0] ?? '') ? [normalized] : [];
  }
  const digits = /^\s*0*(\d{1,9})\s*$/.exec(text)?.[1];
  if (digits === undefined) return [];
  return SERVICE_LETTERS.map((letter) => `${letter}${digits.padStart(5, '0')}`);
}

export type ListRow = {
  id: number;
  kind: ServiceOrderKind;
  number: string;
  status: number;
  product_name: string | null;
  client_id: number;
  client_name: string;
  created_at: Date;
  /** Since when it is in its status (migration 007): the lists' ageing. */
  status_changed_at: Date;
};

/** Which of a list's rows: a slice (`limit`, `offset`), and the longest in their status first. */
export type ListSlice = { limit: number; offset: number; oldestFirst?: boolean; reversed?: boolean };

type ListFilter = { kind?: ServiceOrderKind; status?: number; numbers?: readonly string[] };

function listedServiceOrders(db: Db, filter: ListFilter) {
  let query = db
    .selectFrom('service_orders as so')
    .innerJoin('clients as c', 'c.id', 'so.client_id')
    .where('so.deleted_at', 'is', null);
  if (filter.kind) query = query.where('so.kind', '=', filter.kind);
  if (filter.status !== undefined) query = query.where('so.status', '=', filter.status);
  if (filter.numbers) query = query.where('so.number', 'in', [...filter.numbers]);
  return query;
}

/**
 * Living orders of a kind (or any), by status and/or among some numbers, newest number first: by
 * letter, then by the number's value (M100000 comes before M99999); or, asked, the longest in their
 * status first. At most LIST_LIMIT, or the slice asked for.
 */
export async function listServiceOrders(db: Db, filter: ListFilter, slice?: ListSlice): Promise<ListRow[]> {
  if (filter.numbers && filter.numbers.length === 0) return [];
  let query = listedServiceOrders(db, filter).select(LIST_COLUMNS);
  // `reversed`: the same order read from its end (a page past the middle, paging.ts fromNearerEnd).
  const [up, down] = slice?.reversed ? (['desc', 'asc'] as const) : (['asc', 'desc'] as const);
  query = slice?.oldestFirst
    ? query.orderBy('so.status_changed_at', up).orderBy('so.id', up)
    : query
        .orderBy(sql`left(so.number, 1)`, down)
        .orderBy(sql`length(so.number)`, down)
        .orderBy('so.number', down);
  const rows = (await query
    .limit(slice?.limit ?? LIST_LIMIT)
    .offset(slice?.offset ?? 0)
    .execute()) as ListRow[];
  return slice?.reversed ? rows.reverse() : rows;
}

/** How many living orders the same filter holds (a page's total). */
export async function countServiceOrders(db: Db, filter: ListFilter): Promise<number> {
  if (filter.numbers && filter.numbers.length === 0) return 0;
  // A whole status of a kind (the lists by status): the kept count. Every order has its client.
  if (!filter.numbers && filter.kind && filter.status !== undefined) {
    return liveOrdersIn(db, filter.kind, filter.status);
  }
  const row = await listedServiceOrders(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
