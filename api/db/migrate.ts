/** Runs every migration in order at start; the same files serve PostgreSQL and PGlite. */
import { sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as m001 from '../migrations/001-foundation.ts';
import * as m002 from '../migrations/002-clients.ts';
import * as m003 from '../migrations/003-orders-and-transactions.ts';
import * as m004 from '../migrations/004-client-name-statistics.ts';
import * as m005 from '../migrations/005-versions-and-idempotency.ts';
import * as m006 from '../migrations/006-login-throttle.ts';
import * as m007 from '../migrations/007-client-side.ts';
import * as m008 from '../migrations/008-print-queue.ts';
import * as m009 from '../migrations/009-report-indexes.ts';
import * as m012 from '../migrations/012-kept-report-totals.ts';
import * as m013 from '../migrations/013-list-order-indexes.ts';
import * as m014 from '../migrations/014-service-order-product-search.ts';
import * as m015 from '../migrations/015-warranty-as-granted.ts';
import type { Db } from './connect.ts';

/** Every migration, by name; the names' order is the order they run in. */
export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-clients': m002,
  '003-orders-and-transactions': m003,
  '004-client-name-statistics': m004,
  '005-versions-and-idempotency': m005,
  '006-login-throttle': m006,
  '007-client-side': m007,
  '008-print-queue': m008,
  '009-report-indexes': m009,
  '012-kept-report-totals': m012,
  '013-list-order-indexes': m013,
  '014-service-order-product-search': m014,
  '015-warranty-as-granted': m015,
};

/** One key for every Bancada migration on a database: schema changes happen one at a time. */
export const MIGRATION_LOCK_KEY = 7_424_117;

/** `list` is every registered migration; a test passes another (one that fails) to prove the rollback. */
export async function migrateToLatest(db: Db, list: Record<string, Migration> = migrations): Promise<void> {
  // Several api instances (or test files, each in a schema of its own) may start together on one
  // database. Kysely's own lock table lives inside the schema being migrated, so it cannot order them:
  // a session-level advisory lock on one pinned connection does.
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      await migrate(conn, list);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}

async function migrate(db: Db, list: Record<string, Migration>): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which: another schema of the same
  // database (DATABASE_SCHEMA, parallel tests) would make it skip creating them in ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => list },
    ...(rows[0]?.schema ? { migrationTableSchema: rows[0].schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // Kysely runs the pending migrations in one transaction on PostgreSQL and PGlite (their DDL is
    // transactional): a failure leaves the database exactly as it was before this start.
    throw new Error(
      `Falha na migração ${failed?.migrationName ?? ''}: ${error instanceof Error ? error.message : String(error)}\n` +
        'O banco de dados ficou como estava antes desta atualização; a api não foi iniciada.',
    );
  }
}
