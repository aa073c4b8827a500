/**
 * Cash entries (SPEC §3 Transaction), shared by every area that writes them: upfront payments,
 * closes and cancels of orders, and the manual entries of the cash screens.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

export type TransactionRow = {
  id: number;
  type: number;
  value_cents: string;
  description: string;
  date: string;
  payment_method: string | null;
  service_order_id: number | null;
  order_id: number | null;
  created_at: Date | string;
  /** Counts the entry's edits (migration 005): an edit loaded from an older one is refused (409). */
  version: number;
};

export type NewTransaction = {
  type: number;
  valueCents: number;
  description: string;
  date: string;
  paymentMethod: string | null;
  serviceOrderId?: number | null;
  orderId?: number | null;
  createdBy: number | null;
};

const columns = [
  'id',
  'type',
  'value_cents',
  'description',
  'date',
  'payment_method',
  'service_order_id',
  'order_id',
  'created_at',
  'version',
] as const;

export async function insertTransaction(db: Db, t: NewTransaction): Promise<TransactionRow> {
  return db
    .insertInto('transactions')
    .values({
      type: t.type,
      value_cents: t.valueCents,
      description: t.description,
      date: t.date,
      payment_method: t.paymentMethod,
      service_order_id: t.serviceOrderId ?? null,
      order_id: t.orderId ?? null,
      created_by: t.createdBy,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export type Owner = { serviceOrderId: number } | { orderId: number };

function ownerColumn(owner: Owner) {
  return 'serviceOrderId' in owner
    ? ({ column: 'service_order_id', id: owner.serviceOrderId } as const)
    : ({ column: 'order_id', id: owner.orderId } as const);
}

/** The entries of one order, oldest first. */
export async function transactionsOf(db: Db, owner: Owner): Promise<TransactionRow[]> {
  const { column, id } = ownerColumn(owner);
  return db
    .selectFrom('transactions')
    .select(columns)
    .where('deleted_at', 'is', null)
    .where(column, '=', id)
    .orderBy('date')
    .orderBy('id')
    .execute();
}

/** The sum of an order's upfront payments (type 101), in cents. */
export async function upfrontCents(db: Db, owner: Owner): Promise<number> {
  const { column, id } = ownerColumn(owner);
  const row = await db
    .selectFrom('transactions')
    .select(sql<string>`coalesce(sum(value_cents), 0)`.as('total'))
    .where('deleted_at', 'is', null)
    .where('type', '=', 101)
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** An entry as JSON (SPEC §3): value in reais, date as yyyy-MM-dd, created_at ISO. */
export function transactionJson(row: TransactionRow) {
  return {
    id: row.id,
    type: row.type,
    value: Number(row.value_cents) / 100,
    description: row.description,
    date: row.date,
    payment_method: row.payment_method,
    created_at: new Date(row.created_at).toISOString(),
  };
}

// ---- The cash screens (SPEC §2 Cash of the day, Cash by period; §5 manual entries) ----

/**
 * Live entries whose business date is in [start, end], oldest first (date, id), each with the summary of
 * the order it belongs to: one query, LEFT JOINs, no N+1. An entry has at most one owner (the check
 * transactions_one_owner), so one join on clients names the client of either. Deleted orders and clients
 * still name their entries (API.md: cash entries already written stay in the cash history). Exported for
 * the bench's EXPLAIN.
 */
export function cashEntriesQuery(db: Db) {
  return db
    .selectFrom('transactions as t')
    .leftJoin('service_orders as so', 'so.id', 't.service_order_id')
    .leftJoin('orders as o', 'o.id', 't.order_id')
    .leftJoin('clients as c', (join) =>
      join.on((eb) => eb('c.id', '=', eb.fn.coalesce('so.client_id', 'o.client_id'))),
    )
    .select([
      't.id',
      't.type',
      't.value_cents',
      't.description',
      't.date',
      't.payment_method',
      't.service_order_id',
      't.order_id',
      't.created_at',
      't.version',
      'so.number as so_number',
      'so.product_name as so_product_name',
      'so.product_brand as so_product_brand',
      'o.number as o_number',
      'o.piece_name as o_piece_name',
      'c.name as client_name',
    ])
    .where('t.deleted_at', 'is', null);
}

export type CashEntryRow = TransactionRow & {
  so_number: string | null;
  so_product_name: string | null;
  so_product_brand: string | null;
  o_number: string | null;
  o_piece_name: string | null;
  client_name: string | null;
};

export function cashEntriesBetweenQuery(db: Db, start: string, end: string) {
  return cashEntriesQuery(db)
    .where('t.date', '>=', start)
    .where('t.date', '<=', end)
    .orderBy('t.date')
    .orderBy('t.id');
}

export type Slice = { limit?: number | undefined; offset?: number | undefined };

/**
 * One slice of the period, in the same order. The slice is cut from the index of live entries by date
 * (transactions_date: date, id WHERE deleted_at IS NULL) before anything is joined: only the entries of
 * the slice meet their orders and clients, so the last page of a year costs an index walk, not a year
 * of joins.
 */
export function cashEntriesSliceQuery(db: Db, start: string, end: string, slice: Slice) {
  let ids = db
    .selectFrom('transactions')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('date', '>=', start)
    .where('date', '<=', end)
    .orderBy('date')
    .orderBy('id');
  if (slice.limit !== undefined) ids = ids.limit(slice.limit);
  if (slice.offset !== undefined) ids = ids.offset(slice.offset);
  return cashEntriesQuery(db).where('t.id', 'in', ids).orderBy('t.date').orderBy('t.id');
}

/** Entries read at a time when a period is answered in pieces (cashEntryChunks). */
export const CHUNK_SIZE = 2000;

/**
 * The period (or one slice of it) in chunks of `size` entries, in order, for an answer written as it is
 * read: a year of 250,000 entries never sits in memory whole. After the first chunk each one starts past
 * the last entry sent, (date, id) > (its date, its id), on the same index; no chunk repeats or skips an
 * entry that stays put. An entry written while a long answer is read may or may not be in it, as with
 * any two requests.
 */
export async function* cashEntryChunks(
  db: Db,
  start: string,
  end: string,
  slice: Slice = {},
  size = CHUNK_SIZE,
): AsyncGenerator<CashEntryRow[]> {
  let remaining = slice.limit ?? Number.POSITIVE_INFINITY;
  let after: { date: string; id: number } | null = null;
  while (remaining > 0) {
    const take = Math.min(size, remaining);
    let ids = db
      .selectFrom('transactions')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('date', '>=', start)
      .where('date', '<=', end);
    if (after) {
      const last = after;
      ids = ids.where((eb) => eb(eb.refTuple('date', 'id'), '>', eb.tuple(last.date, last.id)));
    } else if (slice.offset) {
      ids = ids.offset(slice.offset);
    }
    ids = ids.orderBy('date').orderBy('id').limit(take);
    const rows = await cashEntriesQuery(db)
      .where('t.id', 'in', ids)
      .orderBy('t.date')
      .orderBy('t.id')
      .execute();
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < take) return;
    remaining -= rows.length;
    after = { date: last.date, id: last.id };
  }
}

/** The whole period, or one slice of it when a limit or an offset is given, read at once. */
export async function cashEntriesBetween(
  db: Db,
  start: string,
  end: string,
  slice: Slice = {},
): Promise<CashEntryRow[]> {
  const whole = slice.limit === undefined && slice.offset === undefined;
  return (
    whole ? cashEntriesBetweenQuery(db, start, end) : cashEntriesSliceQuery(db, start, end, slice)
  ).execute();
}

export type MethodTotalRow = {
  type: number;
  payment_method: string | null;
  count: string | number;
  value_cents: string | number;
};

/**
 * Live entries of the period counted and summed per type and payment method, from the day totals
 * migration 012 keeps in the writers' own transactions: a year is a few thousand rows, not every entry.
 */
export function cashTotalsBetweenQuery(db: Db, start: string, end: string) {
  return db
    .selectFrom('cash_day_totals')
    .select((eb) => [
      'type',
      sql<string | null>`nullif(payment_method, '')`.as('payment_method'),
      eb.fn.sum<string>('count').as('count'),
      eb.fn.sum<string>('value_cents').as('value_cents'),
    ])
    .where('date', '>=', start)
    .where('date', '<=', end)
    .where('count', '<>', 0)
    .groupBy(['type', 'payment_method'])
    .orderBy('type')
    .orderBy('payment_method');
}

export async function cashTotalsBetween(db: Db, start: string, end: string): Promise<MethodTotalRow[]> {
  return cashTotalsBetweenQuery(db, start, end).execute();
}

/**
 * The summary of a period as JSON: how many live entries, per type how many and their sum in reais, and
 * the same per type and payment method (cents counted exactly in SQL, divided once here, like
 * transactionJson).
 */
export function cashSummaryJson(rows: readonly MethodTotalRow[]) {
  const byType = new Map<number, { type: number; count: number; cents: number }>();
  for (const r of rows) {
    const t = byType.get(r.type) ?? { type: r.type, count: 0, cents: 0 };
    t.count += Number(r.count);
    t.cents += Number(r.value_cents);
    byType.set(r.type, t);
  }
  const totals = [...byType.values()].map((t) => ({ type: t.type, count: t.count, value: t.cents / 100 }));
  const by_method = rows.map((r) => ({
    type: r.type,
    payment_method: r.payment_method,
    count: Number(r.count),
    value: Number(r.value_cents) / 100,
  }));
  return { count: totals.reduce((sum, t) => sum + t.count, 0), totals, by_method };
}

/** One live entry with its order summary, or undefined. */
export async function cashEntry(db: Db, id: number): Promise<CashEntryRow | undefined> {
  return cashEntriesQuery(db).where('t.id', '=', id).executeTakeFirst();
}

/** An entry as SPEC §2's cash list shows it: the entry, and its service order or parts order summary. */
export function cashEntryJson(row: CashEntryRow) {
  return {
    ...transactionJson(row),
    // The cash screens edit entries: the edit count goes with them (an edit naming an older one is 409).
    version: row.version,
    service_order:
      row.service_order_id === null
        ? null
        : {
            id: row.service_order_id,
            number: row.so_number,
            product_name: row.so_product_name,
            product_brand: row.so_product_brand,
            client: { name: row.client_name },
          },
    order:
      row.order_id === null
        ? null
        : {
            id: row.order_id,
            number: row.o_number,
            piece_name: row.o_piece_name,
            client: { name: row.client_name },
          },
  };
}

/** A live entry by id, locked for the rest of the database transaction when asked. */
export async function findLiveTransaction(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<TransactionRow | undefined> {
  const query = db
    .selectFrom('transactions')
    .select(columns)
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export type EntryChange = { type: number; valueCents: number; description: string; paymentMethod: string };

/** Rewrites a live entry's type, value, description and payment method; undefined when there is none. */
export async function updateEntry(
  db: Db,
  id: number,
  change: EntryChange,
): Promise<TransactionRow | undefined> {
  return db
    .updateTable('transactions')
    .set({
      type: change.type,
      value_cents: change.valueCents,
      description: change.description,
      payment_method: change.paymentMethod,
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(columns)
    .executeTakeFirst();
}

/** Soft delete of a live entry; undefined when there is none. */
export async function softDeleteTransaction(db: Db, id: number): Promise<{ deleted_at: Date } | undefined> {
  const row = await db
    .updateTable('transactions')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('deleted_at')
    .executeTakeFirst();
  return row?.deleted_at ? { deleted_at: row.deleted_at } : undefined;
}

/** The entry as the audit trail keeps it: value in cents. */
export function transactionAudit(row: TransactionRow) {
  return {
    id: row.id,
    type: row.type,
    value_cents: Number(row.value_cents),
    description: row.description,
    date: row.date,
    payment_method: row.payment_method,
    service_order_id: row.service_order_id,
    order_id: row.order_id,
  };
}
