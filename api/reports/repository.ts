/**
 * The SQL aggregates of the Painel and the cash report (docs/decisions/022): counts and sums computed by
 * the database over index ranges (migration 009), never rows carried out to be added up. The same SQL
 * runs on PostgreSQL and PGlite. Instants are compared with the shop-day bounds the caller computed, so
 * the created_at/finished_at indexes serve them; cash entries carry their business date already.
 */
import { sql } from 'kysely';
import { isTerminal, statusesOf } from '../../domain/statuses.ts';
import type { Db } from '../db/connect.ts';

/** Completed ("Finalizada") per kind, as SQL on service_orders: closing is delivering and being paid. */
const SERVICE_COMPLETED = sql`((kind = 'normal' AND status = 108) OR (kind = 'returned' AND status = 205)
  OR (kind = 'external' AND status = 301))`;
const PARTS_COMPLETED = sql`status = 104`;
const SERVICE_READY = sql`status IN (104, 105, 201, 202)`;
const PARTS_READY = sql`status = 101`;

type Count = string | number;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export type WindowBounds = { since1: Date; since7: Date; since30: Date; until: Date };

export type ActivityRow = { kind: string; d1: Count; d7: Count; d30: Count };

/** Orders opened in each window, per kind (parts orders as 'parts'). */
export async function openedByKind(db: Db, w: WindowBounds): Promise<ActivityRow[]> {
  const { rows } = await sql<ActivityRow>`
    SELECT kind,
      count(*) FILTER (WHERE created_at >= ${ts(w.since1)}) AS d1,
      count(*) FILTER (WHERE created_at >= ${ts(w.since7)}) AS d7,
      count(*) AS d30
    FROM (
      SELECT kind, created_at FROM service_orders
      WHERE deleted_at IS NULL AND created_at >= ${ts(w.since30)} AND created_at < ${ts(w.until)}
      UNION ALL
      SELECT 'parts', created_at FROM orders
      WHERE deleted_at IS NULL AND created_at >= ${ts(w.since30)} AND created_at < ${ts(w.until)}
    ) opened
    GROUP BY kind`.execute(db);
  return rows;
}

export type FinishedRow = ActivityRow & { seconds30: string | number | null };

/** Orders completed in each window, per kind, with the seconds from opening to completing (30 days). */
export async function finishedByKind(db: Db, w: WindowBounds): Promise<FinishedRow[]> {
  const { rows } = await sql<FinishedRow>`
    SELECT kind,
      count(*) FILTER (WHERE finished_at >= ${ts(w.since1)}) AS d1,
      count(*) FILTER (WHERE finished_at >= ${ts(w.since7)}) AS d7,
      count(*) AS d30,
      sum(extract(epoch FROM finished_at - created_at)) AS seconds30
    FROM (
      SELECT kind, created_at, finished_at FROM service_orders
      WHERE deleted_at IS NULL AND finished_at >= ${ts(w.since30)} AND finished_at < ${ts(w.until)}
        AND ${SERVICE_COMPLETED}
      UNION ALL
      SELECT 'parts', created_at, finished_at FROM orders
      WHERE deleted_at IS NULL AND finished_at >= ${ts(w.since30)} AND finished_at < ${ts(w.until)}
        AND ${PARTS_COMPLETED}
    ) finished
    GROUP BY kind`.execute(db);
  return rows;
}

export type StatusRow = { kind: string; status: number; count: Count; oldest: Date | string };

/** Every (kind, status) pair of the list, as SQL VALUES rows. */
function pairs(list: readonly { kind: string; status: number }[]) {
  return sql.join(list.map((p) => sql`(${p.kind}::text, ${p.status}::int)`));
}

/** The statuses of each kind that are neither cancelled nor completed: still waiting for something. */
const OPEN_PAIRS = (['normal', 'returned', 'external', 'parts'] as const).flatMap((kind) =>
  statusesOf(kind)
    .filter((s) => !isTerminal(kind, s.code))
    .map((s) => ({ kind, status: s.code })),
);

/**
 * Per (kind, status) of `list`: how many live orders (the totals migration 012 keeps), and the earliest
 * opening, one index probe per pair with orders on (kind, status, created_at) or (status, created_at)
 * (migration 009): neither counts ten years of orders.
 */
async function perStatus(db: Db, list: readonly { kind: string; status: number }[]): Promise<StatusRow[]> {
  const { rows } = await sql<StatusRow>`
    SELECT c.kind, c.status, c.count, a.oldest
    FROM (VALUES ${pairs(list)}) AS p(kind, status)
    JOIN order_status_counts c ON c.kind = p.kind AND c.status = p.status AND c.count > 0
    CROSS JOIN LATERAL (
      SELECT min(o.created_at) AS oldest FROM service_orders o
      WHERE c.kind <> 'parts' AND o.deleted_at IS NULL AND o.kind = c.kind AND o.status = c.status
      UNION ALL
      SELECT min(o.created_at) FROM orders o
      WHERE c.kind = 'parts' AND o.deleted_at IS NULL AND o.status = c.status
    ) a
    WHERE a.oldest IS NOT NULL
    ORDER BY 1, 2`.execute(db);
  return rows;
}

/** Orders not yet cancelled or completed, per kind and status, with the oldest one's opening. */
export function waitingByStatus(db: Db): Promise<StatusRow[]> {
  return perStatus(db, OPEN_PAIRS);
}

/**
 * Ready orders untouched since before `before` (their last change), per kind and status: the status list
 * written out matches the small partial indexes on the ready statuses (migration 009), index-only.
 */
export async function readyUntouchedSince(db: Db, before: Date): Promise<StatusRow[]> {
  const { rows } = await sql<StatusRow>`
    SELECT kind, status, count(*) AS count, min(updated_at) AS oldest FROM service_orders
    WHERE deleted_at IS NULL AND ${SERVICE_READY} AND updated_at < ${ts(before)} GROUP BY kind, status
    UNION ALL
    SELECT 'parts', status, count(*), min(updated_at) FROM orders
    WHERE deleted_at IS NULL AND ${PARTS_READY} AND updated_at < ${ts(before)} GROUP BY status
    ORDER BY 1, 2`.execute(db);
  return rows;
}

export type CashCellRow = {
  date: string;
  type: number;
  payment_method: string | null;
  count: Count;
  value_cents: Count;
};

/**
 * Live cash entries of [start, end] counted and summed per day, type and payment method: read from the
 * totals migration 012 keeps (a few thousand rows for a year), not from the entries.
 */
export async function cashByDay(db: Db, start: string, end: string): Promise<CashCellRow[]> {
  const { rows } = await sql<CashCellRow>`
    SELECT date, type, nullif(payment_method, '') AS payment_method, count, value_cents
    FROM cash_day_totals
    WHERE date >= ${start} AND date <= ${end} AND count <> 0
    ORDER BY date, type, payment_method`.execute(db);
  return rows;
}

/** The same, summed per month: each cell dated the first day of its month (or `start`, in the first). */
export async function cashByMonth(db: Db, start: string, end: string): Promise<CashCellRow[]> {
  const { rows } = await sql<CashCellRow>`
    SELECT greatest(date_trunc('month', date)::date, ${start}::date) AS date, type,
      nullif(payment_method, '') AS payment_method, sum(count) AS count, sum(value_cents) AS value_cents
    FROM cash_day_totals
    WHERE date >= ${start} AND date <= ${end} AND count <> 0
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3`.execute(db);
  return rows;
}

export type TechnicianRow = { name: string; finished: Count; value_cents: Count };

/**
 * Service orders (normal, returned) completed in [since, until) per technician, with what came into the
 * cash for them (upfront payments and the close, live entries).
 */
export async function technicians(db: Db, since: Date, until: Date): Promise<TechnicianRow[]> {
  const { rows } = await sql<TechnicianRow>`
    SELECT coalesce(btrim(so.fix_technician_name), '') AS name, count(*) AS finished,
      coalesce(sum((
        SELECT sum(t.value_cents) FROM transactions t
        WHERE t.service_order_id = so.id AND t.deleted_at IS NULL AND t.type IN (101, 102)
      )), 0) AS value_cents
    FROM service_orders so
    WHERE so.deleted_at IS NULL AND so.finished_at >= ${ts(since)} AND so.finished_at < ${ts(until)}
      AND so.kind IN ('normal', 'returned') AND ${SERVICE_COMPLETED}
    GROUP BY 1
    ORDER BY 2 DESC, 1`.execute(db);
  return rows;
}

export type ListedOrderRow = {
  id: number;
  number: string;
  status: number;
  created_at: Date | string;
  finished_at: Date | string | null;
  updated_at: Date | string;
  what: string | null;
  client_name: string | null;
};

export type OrderFilter = {
  kind: 'normal' | 'returned' | 'external' | 'parts';
  which: 'opened' | 'finished' | 'ready_aged';
  since: Date;
  until: Date;
  technician?: string | undefined;
};

/** The orders behind one number of the Painel: how many, and the first `limit` of them, newest first. */
export async function ordersBehind(
  db: Db,
  f: OrderFilter,
  limit: number,
): Promise<{ count: number; rows: ListedOrderRow[] }> {
  const parts = f.kind === 'parts';
  const table = parts ? sql`orders o` : sql`service_orders o`;
  const kind = parts ? sql`TRUE` : sql`o.kind = ${f.kind}`;
  const which =
    f.which === 'opened'
      ? sql`o.created_at >= ${ts(f.since)} AND o.created_at < ${ts(f.until)}`
      : f.which === 'finished'
        ? sql`o.finished_at >= ${ts(f.since)} AND o.finished_at < ${ts(f.until)} AND ${parts ? PARTS_COMPLETED : SERVICE_COMPLETED}`
        : sql`${parts ? PARTS_READY : SERVICE_READY} AND o.updated_at < ${ts(f.until)}`;
  const technician =
    f.technician !== undefined && !parts
      ? sql`coalesce(btrim(o.fix_technician_name), '') = ${f.technician}`
      : sql`TRUE`;
  const where = sql`o.deleted_at IS NULL AND ${kind} AND ${which} AND ${technician}`;
  const order =
    f.which === 'finished'
      ? sql`o.finished_at DESC`
      : f.which === 'opened'
        ? sql`o.created_at DESC`
        : sql`o.updated_at`;
  const what = parts ? sql`o.piece_name` : sql`o.product_name`;
  const [counted, listed] = await Promise.all([
    sql<{ count: Count }>`SELECT count(*) AS count FROM ${table} WHERE ${where}`.execute(db),
    sql<ListedOrderRow>`
      SELECT o.id, o.number, o.status, o.created_at, o.finished_at, o.updated_at, ${what} AS what,
        c.name AS client_name
      FROM ${table} LEFT JOIN clients c ON c.id = o.client_id
      WHERE ${where} ORDER BY ${order}, o.id DESC LIMIT ${limit}`.execute(db),
  ]);
  return { count: Number(counted.rows[0]?.count ?? 0), rows: listed.rows };
}
