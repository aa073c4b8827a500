/**
 * The shop's print servers and their print queue (decision 021). A print server signs in with a device
 * key that is stored only as its SHA-256 (the key is 32 random bytes, so a plain hash cannot be walked
 * back); revoking a key clears the hash. A job keeps the sheet's snapshot as it was rendered when it was
 * sent, so it prints the same whether it is taken at once or after the web restarted.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('printers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('paper', 'text', (c) => c.notNull().check(sql`paper in ('a4', '80mm')`))
    .addColumn('note', 'text')
    .addColumn('key_hash', 'text', (c) => c.unique())
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX printers_name_key ON printers (lower(name))`.execute(db);

  await db.schema
    .createTable('print_jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('printer_id', 'integer', (c) => c.notNull().references('printers.id'))
    // The form's one-time value: the same form sent twice queues one job.
    .addColumn('request_key', 'text', (c) => c.notNull().unique())
    .addColumn('sheet_path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('copies', 'integer', (c) => c.notNull().check(sql`copies between 1 and 20`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`status in ('queued', 'printed', 'failed', 'expired')`),
    )
    .addColumn('reason', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX print_jobs_queue ON print_jobs (printer_id, created_at) WHERE status = 'queued'`.execute(
    db,
  );
  await sql`CREATE INDEX print_jobs_sheet ON print_jobs (sheet_path, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('print_jobs').execute();
  await db.schema.dropTable('printers').execute();
}
