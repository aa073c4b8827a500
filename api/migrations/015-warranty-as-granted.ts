/**
 * The warranty as it was granted (decision 031). Migration 007's trigger wrote the delivered moment once
 * and never moved it: a status set by mistake ('Produto Entregue Sem Recebimento', then back to 'Cliente
 * Notificado') left an order that never left the shop delivered, with its warranty running. And the
 * warranty ran the shop's current days, so changing them rewrote every warranty already given.
 *
 * Now reaching a delivered status writes the moment and the shop's warranty days of that moment, once;
 * a cancel keeps both (the device may have gone home before it); any other status clears both, as the
 * device is back on the bench.
 */
import { type Kysely, sql } from 'kysely';

/** Statuses that mean the device or the piece went back to the client (domain/client-view.ts). */
const DELIVERED = {
  service_orders: '(106, 108, 203, 205, 301)',
  orders: '(102, 104)',
} as const;
const CANCELLED = {
  service_orders: '(107, 204, 302)',
  orders: '(103)',
} as const;

/** The shop's warranty days now (api/shop-settings: 'shop_warranty_days', 90 when never set). */
const SHOP_DAYS = `coalesce((SELECT CASE WHEN value ~ '^[0-9]+$' THEN value::int END FROM settings
  WHERE key = 'shop_warranty_days'), 90)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['service_orders', 'orders'] as const) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN warranty_days integer`.execute(db);
    // What was delivered before this version was granted the days the shop has now. The row's other
    // triggers (versions, search keys) have nothing to do with this column.
    await sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`).execute(db);
    await sql
      .raw(`UPDATE ${table} SET warranty_days = ${SHOP_DAYS} WHERE delivered_at IS NOT NULL`)
      .execute(db);
    await sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`).execute(db);
    await sql
      .raw(`CREATE OR REPLACE FUNCTION ${table}_clocks() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status IS DISTINCT FROM OLD.status THEN
          NEW.status_changed_at := now();
        END IF;
        IF NEW.status IN ${DELIVERED[table]} AND OLD.delivered_at IS NULL THEN
          NEW.delivered_at := now();
          NEW.warranty_days := ${SHOP_DAYS};
        ELSIF NEW.status IN ${DELIVERED[table]} OR NEW.status IN ${CANCELLED[table]} THEN
          NEW.delivered_at := OLD.delivered_at;
          NEW.warranty_days := OLD.warranty_days;
        ELSE
          NEW.delivered_at := NULL;
          NEW.warranty_days := NULL;
        END IF;
        RETURN NEW;
      END $$`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['service_orders', 'orders'] as const) {
    await sql
      .raw(`CREATE OR REPLACE FUNCTION ${table}_clocks() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN warranty_days`.execute(db);
  }
}
