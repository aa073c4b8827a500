/**
 * The client's side of a repair (decision 020): public status links kept only as hashes, and the two
 * clocks an order carries — since when it is in its status (ageing) and the day it went back to the client
 * (warranty). Both clocks are kept by a trigger, so every path that changes a status (edit, close, cancel)
 * keeps them without knowing about them; the delivered moment is written once and never moved.
 */
import { type Kysely, sql } from 'kysely';

/** Statuses that mean the device or the piece went back to the client (domain/client-view.ts). */
const DELIVERED = {
  service_orders: '(106, 108, 203, 205, 301)',
  orders: '(102, 104)',
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('status_links')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity in ('service_order', 'order')`))
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // One live link per order: a second issue at the same moment fails instead of leaving two.
  await sql`CREATE UNIQUE INDEX status_links_live ON status_links (entity, entity_id) WHERE revoked_at IS NULL`.execute(
    db,
  );

  for (const table of ['service_orders', 'orders'] as const) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN status_changed_at timestamptz`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN delivered_at timestamptz`.execute(db);
    await sql`UPDATE ${sql.table(table)} SET status_changed_at = updated_at`.execute(db);
    await sql`UPDATE ${sql.table(table)} SET delivered_at = coalesce(finished_at, updated_at)
      WHERE status IN ${sql.raw(DELIVERED[table])}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN status_changed_at SET DEFAULT now()`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN status_changed_at SET NOT NULL`.execute(db);
    await sql
      .raw(`CREATE FUNCTION ${table}_clocks() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status IS DISTINCT FROM OLD.status THEN
          NEW.status_changed_at := now();
        END IF;
        IF OLD.delivered_at IS NULL AND NEW.status IN ${DELIVERED[table]} THEN
          NEW.delivered_at := now();
        ELSE
          NEW.delivered_at := OLD.delivered_at;
        END IF;
        RETURN NEW;
      END $$`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_clocks BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_clocks()`,
      )
      .execute(db);
  }
  // A return opened out of warranty names the manager who allowed it.
  await sql`ALTER TABLE service_orders ADD COLUMN warranty_override_by integer REFERENCES users(id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE service_orders DROP COLUMN warranty_override_by`.execute(db);
  for (const table of ['service_orders', 'orders'] as const) {
    await sql.raw(`DROP TRIGGER ${table}_clocks ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION ${table}_clocks()`).execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN status_changed_at`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN delivered_at`.execute(db);
  }
  await db.schema.dropTable('status_links').execute();
}
