/**
 * Totals the Painel and the cash report read instead of counting ten years of rows on every request
 * (docs/decisions/022): live orders per (kind, status), and live cash entries per (day, type, payment
 * method). Triggers keep them in the same transaction as the rows they count, so they are never stale;
 * they fire once per statement (transition tables), so a bulk insert writes one row per key, and an
 * update that changes no counted column writes nothing. Keys are written in a fixed order, so two
 * transactions never take the same two rows in opposite orders.
 */
import { type Kysely, sql } from 'kysely';

/** One trigger function `fn`: keeps `totals` (keyed by `keys`, summing `sums`) from the rows of `source`. */
type Kept = {
  fn: string;
  source: string;
  totals: string;
  keys: string[];
  /** The key and the signed deltas of the live rows of a transition table. */
  deltas: (rows: string, sign: '+' | '-') => string;
  /** The totals' summed columns besides the key. */
  sums: string[];
};

async function keep(db: Kysely<unknown>, k: Kept) {
  const keys = k.keys.join(', ');
  const upsert = (select: string) => `
    INSERT INTO ${k.totals} AS t (${keys}, ${k.sums.join(', ')})
      SELECT ${keys}, ${k.sums.map((c) => `sum(${c})`).join(', ')} FROM (${select}) d
      GROUP BY ${keys} HAVING ${k.sums.map((c) => `sum(${c}) <> 0`).join(' OR ')}
      ORDER BY ${keys}
    ON CONFLICT (${keys}) DO UPDATE SET ${k.sums.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ')};`;
  // A key whose rows are all gone leaves no row behind, so the totals hold only what a recount would.
  const emptied = `
    DELETE FROM ${k.totals} t USING (SELECT DISTINCT ${keys} FROM (${k.deltas('old_rows', '-')}) o) o
    WHERE ${k.keys.map((c) => `t.${c} = o.${c}`).join(' AND ')} AND t.count = 0;`;
  await sql
    // The search path of the migration (the api's schema) goes with the function, so a write from a
    // connection with another path (a script, a psql session) still finds the totals.
    .raw(`CREATE FUNCTION ${k.fn}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${upsert(k.deltas('new_rows', '+'))}
      ELSIF TG_OP = 'DELETE' THEN ${upsert(k.deltas('old_rows', '-'))} ${emptied}
      ELSE ${upsert(`${k.deltas('old_rows', '-')} UNION ALL ${k.deltas('new_rows', '+')}`)} ${emptied}
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  // One trigger per event: a trigger with transition tables may have only one.
  const referencing = {
    insert: 'NEW TABLE AS new_rows',
    update: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
    delete: 'OLD TABLE AS old_rows',
  };
  for (const [event, tables] of Object.entries(referencing)) {
    await sql
      .raw(`CREATE TRIGGER ${k.fn}_${event} AFTER ${event.toUpperCase()} ON ${k.source}
        REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION ${k.fn}()`)
      .execute(db);
  }
}

const KEPT: Kept[] = [
  {
    fn: 'service_orders_count_statuses',
    source: 'service_orders',
    totals: 'order_status_counts',
    keys: ['kind', 'status'],
    sums: ['count'],
    deltas: (rows, sign) => `SELECT kind, status, ${sign}1 AS count FROM ${rows} WHERE deleted_at IS NULL`,
  },
  {
    fn: 'orders_count_statuses',
    source: 'orders',
    totals: 'order_status_counts',
    keys: ['kind', 'status'],
    sums: ['count'],
    deltas: (rows, sign) =>
      `SELECT 'parts'::text AS kind, status, ${sign}1 AS count FROM ${rows} WHERE deleted_at IS NULL`,
  },
  {
    fn: 'transactions_sum_days',
    source: 'transactions',
    totals: 'cash_day_totals',
    keys: ['date', 'type', 'payment_method'],
    sums: ['count', 'value_cents'],
    deltas: (rows, sign) => `SELECT date, type, coalesce(payment_method, '') AS payment_method,
      ${sign}1 AS count, ${sign}value_cents AS value_cents FROM ${rows} WHERE deleted_at IS NULL`,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE order_status_counts (
    kind text NOT NULL, status integer NOT NULL, count bigint NOT NULL,
    PRIMARY KEY (kind, status))`.execute(db);
  // No payment method is '' here, so the key has no NULL in it.
  await sql`CREATE TABLE cash_day_totals (
    date date NOT NULL, type integer NOT NULL, payment_method text NOT NULL,
    count bigint NOT NULL, value_cents bigint NOT NULL,
    PRIMARY KEY (date, type, payment_method))`.execute(db);
  // What is already there, counted once; the triggers keep it from here on.
  await sql`INSERT INTO order_status_counts (kind, status, count)
    SELECT kind, status, count(*) FROM service_orders WHERE deleted_at IS NULL GROUP BY kind, status
    UNION ALL
    SELECT 'parts', status, count(*) FROM orders WHERE deleted_at IS NULL GROUP BY status`.execute(db);
  await sql`INSERT INTO cash_day_totals (date, type, payment_method, count, value_cents)
    SELECT date, type, coalesce(payment_method, ''), count(*), sum(value_cents) FROM transactions
    WHERE deleted_at IS NULL GROUP BY 1, 2, 3`.execute(db);
  for (const kept of KEPT) await keep(db, kept);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { fn, source } of KEPT) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`DROP TRIGGER ${fn}_${event} ON ${source}`).execute(db);
    }
    await sql.raw(`DROP FUNCTION ${fn}()`).execute(db);
  }
  await sql`DROP TABLE cash_day_totals`.execute(db);
  await sql`DROP TABLE order_status_counts`.execute(db);
}
