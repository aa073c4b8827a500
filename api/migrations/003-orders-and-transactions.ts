/**
 * Service orders (normal, returned, external), parts orders and the cash entries they write.
 *
 * The three kinds of service order share one table and one id sequence: /os/{id} is then never
 * ambiguous between kinds (SPEC §2 tries normal, returned, external in order). Money is integer cents.
 * Numbers come from one sequence per letter (API.md): M/F normal, R returned, E external, P parts.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const letter of ['m', 'f', 'r', 'e', 'p']) {
    await sql.raw(`CREATE SEQUENCE order_number_${letter} START 1`).execute(db);
  }

  await db.schema
    .createTable('service_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('normal', 'returned', 'external')`))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('original_service_order_id', 'integer', (c) => c.references('service_orders.id'))
    .addColumn('return_motive', 'text')
    .addColumn('product_name', 'text')
    .addColumn('product_model', 'text')
    .addColumn('product_brand', 'text')
    .addColumn('product_serial', 'text')
    .addColumn('product_accessories', 'text')
    .addColumn('product_details', 'text')
    .addColumn('fix_description', 'text')
    .addColumn('fix_technician_name', 'text')
    .addColumn('fix_date', 'date')
    .addColumn('fix_value_pieces_cents', 'bigint', (c) => c.check(sql`fix_value_pieces_cents >= 0`))
    .addColumn('fix_value_labor_cents', 'bigint', (c) => c.check(sql`fix_value_labor_cents >= 0`))
    .addColumn('fix_value_final_cents', 'bigint', (c) => c.check(sql`fix_value_final_cents >= 0`))
    .addColumn('fix_payment_method', 'text')
    .addColumn('service_details', 'text')
    .addColumn('service_type', 'text')
    .addColumn('service_date', 'date')
    .addColumn('service_period', 'text')
    .addColumn('service_value_cents', 'bigint', (c) => c.check(sql`service_value_cents >= 0`))
    .addColumn('service_payment_method', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint(
      'service_orders_status_by_kind',
      sql`(kind = 'normal' and status between 100 and 112)
        or (kind = 'returned' and status between 200 and 209)
        or (kind = 'external' and status between 300 and 302)`,
    )
    .addCheckConstraint(
      'service_orders_return_has_original',
      sql`(kind = 'returned') = (original_service_order_id is not null)`,
    )
    .execute();
  await sql`CREATE INDEX service_orders_client ON service_orders (client_id) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX service_orders_kind_status ON service_orders (kind, status) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX service_orders_original ON service_orders (original_service_order_id)`.execute(db);

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull().check(sql`status between 100 and 104`))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('piece_name', 'text', (c) => c.notNull())
    .addColumn('piece_code', 'text')
    .addColumn('piece_value_cents', 'bigint', (c) => c.check(sql`piece_value_cents >= 0`))
    .addColumn('product_model', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('manufacturer_date', 'date')
    .addColumn('manufacturer_code', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX orders_client ON orders (client_id) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX orders_status ON orders (status) WHERE deleted_at IS NULL`.execute(db);

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('type', 'integer', (c) => c.notNull().check(sql`type in (101, 102, 103, 104, 201, 301, 302)`))
    .addColumn('value_cents', 'bigint', (c) => c.notNull().check(sql`value_cents >= 0`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // The business date, in the shop's time zone: what the cash of the day and of a period select on.
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('payment_method', 'text')
    .addColumn('service_order_id', 'integer', (c) => c.references('service_orders.id'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint('transactions_one_owner', sql`service_order_id is null or order_id is null`)
    .execute();
  await sql`CREATE INDEX transactions_date ON transactions (date, id) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX transactions_service_order ON transactions (service_order_id) WHERE service_order_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX transactions_order ON transactions (order_id) WHERE order_id IS NOT NULL`.execute(
    db,
  );
  // At most one close entry per order, whatever races happen: the database itself refuses a second.
  await sql`CREATE UNIQUE INDEX transactions_one_close_per_service_order ON transactions (service_order_id)
    WHERE type = 102 AND deleted_at IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX transactions_one_close_per_order ON transactions (order_id)
    WHERE type = 104 AND deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transactions').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('service_orders').execute();
  for (const letter of ['m', 'f', 'r', 'e', 'p']) {
    await sql.raw(`DROP SEQUENCE order_number_${letter}`).execute(db);
  }
}
