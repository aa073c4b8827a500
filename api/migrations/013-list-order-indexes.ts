/**
 * The lists by status read one page of a status in its list order: newest number first (by letter,
 * length and number, as the lists sort) or the longest in the status first. These indexes hold each
 * status in those orders, so a page of the ten years' 'Entregue' is read from its start, not sorted
 * from every row of the status; the page's total comes from migration 012's counts.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The expressions are the lists' own ORDER BY (api/service-orders/repository.ts, api/orders/repository.ts).
  await sql`CREATE INDEX service_orders_list_order
    ON service_orders (kind, status, left(number, 1), length(number), number) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX service_orders_status_age
    ON service_orders (kind, status, status_changed_at, id) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX orders_list_order
    ON orders (status, char_length(number), number) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX orders_status_age ON orders (status, status_changed_at, id) WHERE deleted_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'orders_status_age',
    'orders_list_order',
    'service_orders_status_age',
    'service_orders_list_order',
  ]) {
    await sql.raw(`DROP INDEX ${name}`).execute(db);
  }
}
