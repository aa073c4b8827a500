/**
 * Indexes the Painel and the cash report read (docs/decisions/022): orders opened or finished in a window
 * of days, orders waiting by status with the oldest, and the cash of a day range summed by type and
 * payment method without visiting the table (index-only scans). Partial on live rows, like the others.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX service_orders_created ON service_orders (created_at) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX service_orders_finished ON service_orders (finished_at)
    WHERE deleted_at IS NULL AND finished_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX service_orders_kind_status_created ON service_orders (kind, status, created_at)
    WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX orders_created ON orders (created_at) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX orders_finished ON orders (finished_at)
    WHERE deleted_at IS NULL AND finished_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX orders_status_created ON orders (status, created_at) WHERE deleted_at IS NULL`.execute(
    db,
  );
  // Ready orders by their last change: small (only the ready statuses), and index-only for the ageing.
  await sql`CREATE INDEX service_orders_ready_updated ON service_orders (kind, status, updated_at)
    WHERE deleted_at IS NULL AND status IN (104, 105, 201, 202)`.execute(db);
  await sql`CREATE INDEX orders_ready_updated ON orders (status, updated_at)
    WHERE deleted_at IS NULL AND status = 101`.execute(db);
  // What came in for each service order (upfront and close): index-only, for the technicians' revenue.
  await sql`CREATE INDEX transactions_service_order_paid ON transactions (service_order_id) INCLUDE (value_cents)
    WHERE deleted_at IS NULL AND type IN (101, 102) AND service_order_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX transactions_date_totals ON transactions (date) INCLUDE (type, payment_method, value_cents)
    WHERE deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'transactions_date_totals',
    'transactions_service_order_paid',
    'orders_ready_updated',
    'service_orders_ready_updated',
    'orders_status_created',
    'orders_finished',
    'orders_created',
    'service_orders_kind_status_created',
    'service_orders_finished',
    'service_orders_created',
  ]) {
    await sql.raw(`DROP INDEX ${name}`).execute(db);
  }
}
