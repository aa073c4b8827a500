/**
 * Consulta's O.S. search by product name or serial number (decision 027) reads the product as the client
 * search reads a name (migration 002, decision 009): accents off, then lower case (`lower(f_unaccent(…))`),
 * with a leading space so a short word is looked for at a word start through the same trigram index. On
 * top of that, punctuation (ASCII: unaccent has already mapped the typographic dashes and quotes to it)
 * reads as a space: 'Ar-condicionado' is held as ' ar condicionado', so 'ar condicionado' and
 * 'condicionado' find it, and 'fm' finds 'AM/FM' at a word start. The serial is held twice, with its
 * separators as spaces and without them ('SN-ABC-123': 'sn abc 123 snabc123'), so it is found typed
 * either way.
 *
 * A return is found by its original's product too. It is opened with a copy of the original's product,
 * and its own product cannot be edited, but the original's can (a serial filled in later, a name set
 * right): then `original_search` holds the original's key, kept by two triggers, and the return's key
 * ends with it. The search is then one column of one table, whose trigram index answers every word.
 */
import { type Kysely, sql } from 'kysely';

/** ASCII that is neither a digit nor a lower-case letter; the rest (letters unaccent kept) stays. */
const PUNCTUATION = String.raw`[^0-9a-z\u0080-\U0010FFFF]+`;

/** Accents off and lower case (the client name's key), then punctuation as `by`. */
const folded = (text: string, by: string) =>
  `regexp_replace(lower(f_unaccent(${text})), '${PUNCTUATION}', '${by}', 'g')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The original's key, on a return whose original's product is no longer the copy it was opened with.
  await sql`ALTER TABLE service_orders ADD COLUMN original_search text`.execute(db);
  // Kept in the row, as the clients' name key is: the LIKE recheck reads a column instead of calling
  // the wrapper for each candidate row (decision 009).
  await sql
    .raw(`ALTER TABLE service_orders ADD COLUMN product_search text NOT NULL GENERATED ALWAYS AS (
      ' ' || ${folded("coalesce(product_name, '') || ' ' || coalesce(product_serial, '')", ' ')}
        || ' ' || ${folded("coalesce(product_serial, '')", '')} || coalesce(original_search, '')) STORED`)
    .execute(db);

  // A return takes its original's key when the product it was opened with differs from the original's.
  // The search path of the migration goes with the functions (as migration 012's), so a write from a
  // connection with another path still finds the table.
  await sql
    .raw(`CREATE FUNCTION service_orders_original_search() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
    BEGIN
      NEW.original_search := (SELECT o.product_search FROM service_orders o
        WHERE o.id = NEW.original_service_order_id
          AND (o.product_name, o.product_serial) IS DISTINCT FROM (NEW.product_name, NEW.product_serial));
      RETURN NEW;
    END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER service_orders_original_search BEFORE INSERT OR UPDATE OF original_service_order_id
      ON service_orders FOR EACH ROW WHEN (NEW.original_service_order_id IS NOT NULL)
      EXECUTE FUNCTION service_orders_original_search()`)
    .execute(db);
  // An order whose product is edited passes its new key to the returns opened against it.
  await sql
    .raw(`CREATE FUNCTION service_orders_pass_search() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
    BEGIN
      UPDATE service_orders r SET original_search =
          CASE WHEN (r.product_name, r.product_serial) IS DISTINCT FROM (NEW.product_name, NEW.product_serial)
            THEN NEW.product_search END
        WHERE r.original_service_order_id = NEW.id;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER service_orders_pass_search AFTER UPDATE OF product_name, product_serial
      ON service_orders FOR EACH ROW
      WHEN ((OLD.product_name, OLD.product_serial) IS DISTINCT FROM (NEW.product_name, NEW.product_serial))
      EXECUTE FUNCTION service_orders_pass_search()`)
    .execute(db);
  // The returns already open against an original edited since.
  await sql`UPDATE service_orders r SET original_search = o.product_search FROM service_orders o
    WHERE o.id = r.original_service_order_id
      AND (o.product_name, o.product_serial) IS DISTINCT FROM (r.product_name, r.product_serial)`.execute(db);

  // The two ways the search reads (api/service-orders/repository.ts): every match by trigram, or the
  // orders newest first with their keys, from this index alone, until it has its 500.
  await sql`CREATE INDEX service_orders_product_trgm ON service_orders USING gin (product_search gin_trgm_ops)
    WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX service_orders_newest_products ON service_orders (created_at DESC, id DESC)
    INCLUDE (product_search) WHERE deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX service_orders_newest_products`.execute(db);
  await sql`DROP INDEX service_orders_product_trgm`.execute(db);
  await sql`DROP TRIGGER service_orders_pass_search ON service_orders`.execute(db);
  await sql`DROP TRIGGER service_orders_original_search ON service_orders`.execute(db);
  await sql`DROP FUNCTION service_orders_pass_search()`.execute(db);
  await sql`DROP FUNCTION service_orders_original_search()`.execute(db);
  await sql`ALTER TABLE service_orders DROP COLUMN product_search`.execute(db);
  await sql`ALTER TABLE service_orders DROP COLUMN original_search`.execute(db);
}
