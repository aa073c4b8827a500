/**
 * Reads of the totals the database keeps itself (migration 012): exact in the reader's own transaction,
 * and one row instead of counting a status's ten years of orders.
 */
import { sql } from 'kysely';
import type { Db } from './connect.ts';

/** How many live orders of `kind` ('parts' for parts orders) are in `status`. */
export async function liveOrdersIn(db: Db, kind: string, status: number): Promise<number> {
  const { rows } = await sql<{ count: string | number }>`
    SELECT count FROM order_status_counts WHERE kind = ${kind} AND status = ${status}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}
