/**
 * Clients (SPEC §3): soft-deleted, CPF/CNPJ unique among the living, and searchable by any word of the
 * name (case and accents ignored) or by the digits of a CPF, CNPJ or phone, all through trigram indexes.
 */
import { type Kysely, sql } from 'kysely';

/** The schema that holds the unaccent extension, quoted for use in SQL text. */
async function unaccentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`
    SELECT n.nspname AS schema
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'unaccent'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('a extensão unaccent não está instalada');
  return `"${schema.replaceAll('"', '""')}"`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // unaccent(regdictionary, text) is only STABLE (its dictionary could change), so it cannot sit in an
  // index. The usual IMMUTABLE wrapper makes it indexable. Both the function and the dictionary are
  // qualified with the extension's own schema, found here: the body then resolves the same whatever the
  // caller's search_path (a per-test schema first, an empty one in pg_dump), on PostgreSQL and PGlite.
  const ext = await unaccentSchema(db);
  await sql
    .raw(`
    CREATE FUNCTION f_unaccent(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT ${ext}.unaccent('${ext.replaceAll("'", "''")}.unaccent'::regdictionary, $1) $$`)
    .execute(db);

  await db.schema
    .createTable('clients')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cpf', 'text', (c) => c.check(sql`cpf ~ '^[0-9]{11}$'`))
    .addColumn('cnpj', 'text', (c) => c.check(sql`cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$'`))
    .addColumn('email', 'text')
    .addColumn('phone1', 'text')
    .addColumn('phone2', 'text')
    .addColumn('phone3', 'text')
    .addColumn('zip_code', 'text', (c) => c.check(sql`zip_code ~ '^[0-9]{8}$'`))
    .addColumn('address', 'text')
    .addColumn('number', 'text')
    .addColumn('complement', 'text')
    .addColumn('neighborhood', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    // The name as the search reads it: a leading space, then accents off and lower case (see the indexes
    // below). The space makes every word start follow a space, so a short word (no trigram of its own)
    // is looked for as '% ze%', which the trigram index can answer. Kept in the row, not only in an
    // index: the LIKE recheck and the ORDER BY of a search then read a column instead of calling the SQL
    // wrapper for each candidate row (about 10 µs a call, most of a common word's time).
    .addColumn('name_search', 'text', (c) =>
      c.generatedAlwaysAs(sql`' ' || lower(f_unaccent(name))`).stored().notNull(),
    )
    // The digits of the three phones, '|' between them, so a search never matches across two phones.
    .addColumn('phone_digits', 'text', (c) =>
      c
        .generatedAlwaysAs(
          sql`regexp_replace(coalesce(phone1, '') || '|' || coalesce(phone2, '') || '|' || coalesce(phone3, ''), '[^0-9|]', '', 'g')`,
        )
        .stored()
        .notNull(),
    )
    .execute();

  // Unique among the clients that are not deleted: a deleted client's CPF can be registered again.
  await sql`CREATE UNIQUE INDEX clients_cpf_unique ON clients (cpf) WHERE deleted_at IS NULL AND cpf IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX clients_cnpj_unique ON clients (cnpj) WHERE deleted_at IS NULL AND cnpj IS NOT NULL`.execute(
    db,
  );

  // Search (api/clients/repository.ts): every arm of its OR has a trigram index, so the planner can
  // answer with one BitmapOr instead of reading the table. The name key is lower(f_unaccent(name)), accents
  // off first: under a "C" ctype lower() folds ASCII only, and f_unaccent(lower('JOSÉ')) would stay 'josE'.
  await sql`CREATE INDEX clients_name_trgm ON clients USING gin (name_search gin_trgm_ops) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX clients_cpf_trgm ON clients USING gin (cpf gin_trgm_ops) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX clients_cnpj_trgm ON clients USING gin (cnpj gin_trgm_ops) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX clients_phone_trgm ON clients USING gin (phone_digits gin_trgm_ops) WHERE deleted_at IS NULL`.execute(
    db,
  );
  // Results come ordered by this key; a common word can then be answered by walking it and stopping at 50.
  await sql`CREATE INDEX clients_name_order ON clients (name_search, id) WHERE deleted_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('clients').execute();
  await sql`DROP FUNCTION IF EXISTS f_unaccent(text)`.execute(db);
}
