/**
 * Optimistic concurrency and idempotent creates.
 *
 * `version` counts the changes of a row (edits, status changes, payments, close and cancel): an edit
 * sent with the version it was loaded from is refused (409) when the row has moved on since, instead of
 * silently putting back what another person changed.
 *
 * `idempotency_keys` remembers, per caller, the answer a create gave to an `Idempotency-Key`: a second
 * request with the same key gets the same answer instead of a second record. The primary key makes two
 * requests in flight at once safe: the second insert waits for the first and then fails.
 */
import { type Kysely, sql } from 'kysely';

const VERSIONED = ['clients', 'service_orders', 'orders', 'transactions'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    // null while the first request is still being answered.
    .addColumn('status', 'integer')
    .addColumn('body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await sql`CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  for (const table of VERSIONED) await db.schema.alterTable(table).dropColumn('version').execute();
}
