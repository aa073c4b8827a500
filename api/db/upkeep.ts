/**
 * PGlite runs PostgreSQL as one session with no autovacuum, so nothing would ever ANALYZE its tables:
 * with no statistics the planner guesses, and at 100,000 clients a name search took 50–90 ms instead of
 * 3–5 ms. This does autovacuum's job there, with autovacuum's default thresholds: a table is analyzed
 * once more than 50 + 10 % of its rows changed since the last ANALYZE, and vacuumed (and analyzed) once
 * more than 50 + 20 % of them are dead. PostgreSQL proper keeps its own autovacuum and never runs this.
 */
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from './connect.ts';

/** How often the counters are looked at; a check is one small catalog query. */
export const UPKEEP_EVERY_MS = 60_000;

export type DueTable = { table: string; vacuum: boolean };

/** The tables of the current schema past autovacuum's default thresholds. */
export async function tablesDue(db: Db): Promise<DueTable[]> {
  const { rows } = await sql<DueTable>`
    SELECT s.relname AS "table",
           s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) AS vacuum
    FROM pg_stat_user_tables s
    JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = current_schema()
      AND (s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
           OR s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0))
    ORDER BY s.relname`.execute(db);
  return rows;
}

/** One pass: analyzes (or vacuums and analyzes) every table that is due; returns what it did. */
export async function runUpkeep(db: Db): Promise<DueTable[]> {
  const due = await tablesDue(db);
  for (const { table, vacuum } of due) {
    const name = sql.table(table);
    if (vacuum) await sql`VACUUM (ANALYZE) ${name}`.execute(db);
    else await sql`ANALYZE ${name}`.execute(db);
  }
  return due;
}

/** Runs a pass every `everyMs` until stopped; a failed pass is logged and the next one tries again. */
export function startUpkeep(db: Db, log: Logger, everyMs = UPKEEP_EVERY_MS): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runUpkeep(db)
      .then((done) => {
        if (done.length > 0) log.info({ tables: done }, 'database statistics refreshed');
      })
      .catch((err: unknown) => log.warn({ err }, 'database statistics refresh failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  // The process may end whenever its server does; a pending check is no reason to stay.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
