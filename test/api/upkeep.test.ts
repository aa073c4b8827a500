/**
 * PGlite's stand-in for autovacuum (api/db/upkeep.ts): a table grown past the threshold gets analyzed,
 * one full of dead rows gets vacuumed, and a quiet one is left alone. PGlite only: PostgreSQL has its own.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../api/db/connect.ts';
import { runUpkeep, tablesDue } from '../../api/db/upkeep.ts';
import { startTestApi, type TestApi } from '../support/api.ts';

/** The backend's table counters reach pg_stat_user_tables in batches; this sends them now. */
async function flushCounters(db: Db) {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  await sql`select 1`.execute(db);
}

async function tableStats(db: Db, table: string) {
  const { rows } = await sql<{ reltuples: number; n_dead_tup: string; analyzed: boolean }>`
    SELECT c.reltuples, s.n_dead_tup, s.last_analyze IS NOT NULL AS analyzed
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = current_schema() AND s.relname = ${table}`.execute(db);
  return rows[0];
}

async function histogramOfNames(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT coalesce(array_length(histogram_bounds::text::text[], 1), 0) AS n
    FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'clients' AND attname = 'name_search'`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

describe('database upkeep on PGlite', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  });
  afterAll(async () => {
    await api.stop();
  });

  it('analyzes a table once enough rows changed, then leaves it until more do', async () => {
    const { db } = api.deps;
    const names = Array.from({ length: 1500 }, (_, i) => ({ name: `Cliente Número ${i}` }));
    await db.insertInto('clients').values(names).execute();
    await flushCounters(db);
    expect(await tableStats(db, 'clients')).toMatchObject({ analyzed: false });
    expect((await tablesDue(db)).map((t) => t.table)).toContain('clients');

    const done = await runUpkeep(db);
    expect(done).toContainEqual({ table: 'clients', vacuum: false });
    expect(await tableStats(db, 'clients')).toMatchObject({ reltuples: 1500, analyzed: true });
    // Migration 004's statistics target: up to 1,001 histogram bounds (101 by default).
    expect(await histogramOfNames(db)).toBeGreaterThan(500);

    await flushCounters(db);
    expect((await tablesDue(db)).map((t) => t.table)).not.toContain('clients');
  });

  it('vacuums a table whose rows were mostly replaced', async () => {
    const { db } = api.deps;
    await db.updateTable('clients').set({ city: 'Campinas' }).execute();
    await flushCounters(db);
    expect(Number((await tableStats(db, 'clients'))?.n_dead_tup)).toBeGreaterThan(1000);
    expect(await tablesDue(db)).toContainEqual({ table: 'clients', vacuum: true });

    await runUpkeep(db);
    await flushCounters(db);
    expect(Number((await tableStats(db, 'clients'))?.n_dead_tup)).toBe(0);
  });
});
