/**
 * Sign-in throttling counters shared by every api instance (decision 019), and the client address a
 * refresh token was rotated for, so a refresh repeated within seconds by the same client is told apart
 * from a stolen token presented again.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_throttle_window_ends')
    .on('login_throttle')
    .column('window_ends')
    .execute();
  await sql`ALTER TABLE refresh_tokens ADD COLUMN rotated_for text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE refresh_tokens DROP COLUMN rotated_for`.execute(db);
  await db.schema.dropTable('login_throttle').execute();
}
