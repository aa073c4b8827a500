/**
 * One Kysely for both databases: PostgreSQL through `pg` when a URL is given, else PGlite
 * (Postgres in WASM) in a data folder, so a fresh machine runs Bancada with nothing installed.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from './schema.ts';

// bigint (counts, cents) stays a string we convert ourselves; a DATE stays 'yyyy-MM-dd' text, never a
// Date at some zone's midnight. Timestamps stay Date objects. PGlite gets the same parsers below.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
const PGLITE_PARSERS = { 20: (v: string) => v, 1082: (v: string) => v };

export type DbKind = 'postgres' | 'pglite';
export type Db = Kysely<Database>;

export type DbOptions =
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number; queryTimeoutMs?: number }
  | { kind: 'pglite'; dataDir: string | null };

export type Connected = { db: Db; kind: DbKind; close: () => Promise<void> };

export async function connectDatabase(options: DbOptions): Promise<Connected> {
  if (options.kind === 'postgres') {
    const searchPath = options.schema ? `-c search_path=${options.schema},public` : undefined;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: searchPath,
      // A restarted database leaves dead sockets in the pool; pg drops them on error and dials again.
      idleTimeoutMillis: 30_000,
      // A database that stops answering (packets dropped) fails the query instead of hanging the page:
      // the api answers 503 'Servidor indisponível' (http/errors.ts); replies that come late are dropped.
      connectionTimeoutMillis: Math.min(5_000, options.queryTimeoutMs ?? 5_000),
      query_timeout: options.queryTimeoutMs ?? 4_000,
    });
    pool.on('error', () => {
      /* an idle client lost its server (restart); the pool replaces it on next use */
    });
    // A client lost while checked out (the server restarted mid-request) emits 'error' with no pool
    // listener on it: unheard, that event would be an uncaught exception and end the process. Its query
    // fails on its own, and the pool drops the client, no longer queryable, when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    if (options.schema) {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
      } catch (err) {
        // Two instances starting at the same moment both find the schema missing; one of them then
        // meets the other's row in pg_namespace (23505) or the schema itself (42P06): it exists, go on.
        const code = (err as { code?: string }).code;
        if (code !== '23505' && code !== '42P06') throw err;
      } finally {
        client.release();
      }
    }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  let release = async () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // One process at a time in the folder (a restart right after a crash waits for the old lock to go).
    release = await lockDataDir(options.dataDir, { waitForStale: true });
  }
  try {
    const pglite = await PGlite.create(options.dataDir ?? 'memory://', {
      extensions: { pg_trgm, unaccent },
      parsers: PGLITE_PARSERS,
    });
    const { pglitePool } = await import('./pglite-pool.ts');
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        // Already gone when it went stale under a long statement (data-dir-lock.ts): nothing to free.
        await release().catch(() => {});
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
