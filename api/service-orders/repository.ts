/**
 * Service orders in the database: one table for the three kinds (migration 003), read living or, for
 * the original of a return, as it was; locked for the cash actions; written and soft-deleted.
 */
import { type Insertable, type RawBuilder, sql, type Updateable } from 'kysely';
import { clientJsonOf, type PublicClient } from '../clients/repository.ts';
import type { Db } from '../db/connect.ts';
import { isoTimestamp } from '../db/json-values.ts';
import { liveOrdersIn } from '../db/kept-totals.ts';
import type { ServiceOrdersTable } from '../db/schema.ts';
import { everyWord, hasWord } from '../db/search-words.ts';
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
 * The words of Consulta's text: whatever is not a letter or a digit separates them ('Ar-condicionado',
 * 'SN-ABC-123'), as punctuation reads as a space in the key (migration 014); each word once.
 */
function productWords(text: string): string[] {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return [...new Map(words.map((word) => [word.toLowerCase(), word])).values()];
}

/**
 * How the search finds the newest matches (decision 027). It first reads the newest SAMPLE_ROWS orders'
 * keys, which tells how common the words are: how many of those orders hold them all, and each one.
 * Then it reads whichever costs fewer rows: the orders newest first until it has the 500 (read from an
 * index, without the table), or every match through the trigram index, then sorted (a match costs the
 * table's row, about WALK_ROWS_PER_MATCH rows of the walk). A walk reads at most twice as far as the
 * sample says it needs; one that finds fewer (words common lately, rare before) goes to the matches.
 * Each read is bounded by what the sample saw, not by the planner's guess of how many orders hold all
 * the words together (it multiplies the words' shares: 'micro' and 'ondas' are each in one order in
 * six, and together in the same one).
 */
const SAMPLE_ROWS = 2_000;
const WALK_ROWS_PER_MATCH = 4;

/**
 * The newest `rows` living orders, with what a walk needs: read from the index of that order, which
 * holds each order's search key (migration 014), without going to the table.
 */
function newest(rows: number) {
  return sql`(SELECT so.id, so.created_at, so.product_search FROM service_orders so
    WHERE so.deleted_at IS NULL ORDER BY so.created_at DESC, so.id DESC LIMIT ${rows}) so`;
}

/** The columns of an order that a list row shows (LIST_COLUMNS but the client's name). */
const ROW_COLUMNS = sql.raw(
  'so.id, so.kind, so.number, so.status, so.product_name, so.client_id, so.created_at, so.status_changed_at',
);

/** A page of orders `so` (ROW_COLUMNS) as ListRows, newest first, with their clients' names. */
function withClients(page: RawBuilder<unknown>) {
  return sql<ListRow>`SELECT ${ROW_COLUMNS}, c.name AS client_name
    FROM (${page}) so JOIN clients c ON c.id = so.client_id
    ORDER BY so.created_at DESC, so.id DESC`;
}

const PAGE = sql`ORDER BY so.created_at DESC, so.id DESC LIMIT ${sql.lit(LIST_LIMIT)}`;

/**
 * Living service orders whose product name and serial number hold every word of the text (case,
 * accents and punctuation ignored; a serial typed with or without its separators; a return also by its
 * original's product: migration 014). Newest first, at most LIST_LIMIT.
 */
export async function searchServiceOrders(db: Db, text: string): Promise<ListRow[]> {
  const words = productWords(text);
  if (words.length === 0) return [];
  const key = 'so.product_search';
  const match = everyWord(key, words);

  // The sample: its size, its matches, each word's matches (for several words), and how many living
  // orders there are (migration 012's counts).
  const counts = sql.join([
    sql`count(*)`,
    sql`count(*) FILTER (WHERE ${match})`,
    ...(words.length > 1 ? words.map((word) => sql`count(*) FILTER (WHERE ${hasWord(key, word)})`) : []),
  ]);
  const sampled = await sql<{ counts: (string | number)[]; living: string | number | null }>`
    SELECT ARRAY[${counts}] AS counts,
      (SELECT sum(count) FROM order_status_counts WHERE kind <> 'parts') AS living
    FROM ${newest(SAMPLE_ROWS)}`.execute(db);
  const [read = 0, inSample = 0, ...perWord] = (sampled.rows[0]?.counts ?? []).map(Number);
  const living = Number(sampled.rows[0]?.living ?? 0);

  // Rows the walk expects to read for the page, and the matches the index would read.
  const walkRows = inSample > 0 ? (LIST_LIMIT * read) / inSample : Number.POSITIVE_INFINITY;
  const matches = read > 0 ? (inSample / read) * living : 0;
  if (walkRows < WALK_ROWS_PER_MATCH * matches) {
    const reach = Math.ceil(2 * walkRows);
    const walked = await withClients(sql`SELECT ${ROW_COLUMNS} FROM service_orders so JOIN (
        SELECT so.id FROM ${newest(reach)} WHERE ${match} ${PAGE}) p ON p.id = so.id`).execute(db);
    if (walked.rows.length === LIST_LIMIT) return walked.rows;
  }
  // Through the index, then sorted: as a CTE, so the planner cannot walk the date order instead. A word
  // in half the newest orders (the 'SN' that starts every serial of a brand) narrows too little to be
  // worth reading its trigrams in the index: it is checked on the rows the other words found.
  const rarest = Math.min(...perWord);
  const indexed = perWord.length
    ? sql.join(
        words.map((word, i) => {
          const count = perWord[i] ?? 0;
          return hasWord(key, word, { indexed: count < read / 2 || count === rarest });
        }),
        sql` AND `,
      )
    : match;
  const found = await withClients(sql`WITH so AS MATERIALIZED (
      SELECT ${ROW_COLUMNS} FROM service_orders so WHERE so.deleted_at IS NULL AND ${indexed})
    SELECT * FROM so ${PAGE}`).execute(db);
  return found.rows;
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
