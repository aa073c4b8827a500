/**
 * The client search's plan (api/clients/order-lists.ts) hangs on how many names the planner thinks hold
 * a word: few, and it fetches them by trigram and sorts; many, and it walks the name order and stops at
 * 50. With the default statistics target ANALYZE reads a random 30,000 rows, and at 100,000 clients the
 * estimate for a common surname swung between 2,000 and 5,000 from one ANALYZE to the next, and with it
 * the plan (4 ms or 18 ms). At 1000 ANALYZE reads up to 300,000 rows — every row of a shop's table — and
 * keeps a 1,000-value histogram: the estimate is the same on every run (decision 009).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE clients ALTER COLUMN name_search SET STATISTICS 1000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE clients ALTER COLUMN name_search SET STATISTICS -1`.execute(db);
}
