/**
 * Backups proven by restoring them: a shop's rows (clients, the three O.S. kinds, a parts order,
 * payments, a cash entry, audit rows) backed up with `npm run backup`, the database wiped, `npm run
 * restore` into a new one: every row and every sequence identical, and the web shows them. For
 * PostgreSQL (pg_dump / pg_restore) and for the embedded PGlite data folder. Then the move from the
 * embedded database to PostgreSQL (`npm run move-to-postgres`): the same rows, and numbering continues.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../api/boot.ts';
import { connectDatabase, type Db, type DbOptions } from '../../api/db/connect.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { readApiEnv } from '../../api/env.ts';
import { PROJECT_ROOT } from '../../runtime/paths.ts';
import { backupStamp, tablesInOrder } from '../../scripts/database-copy.ts';
import { apiLogin, serveApi } from '../support/api.ts';
import { startTestWeb } from '../support/web.ts';
import { OLD_MANAGER, seedShop } from './shop-rows.ts';
import { signIn } from './support.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'bancada-backups-'));
const cleanups: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** Every row of every table and every sequence's position, as the database renders them in UTC. */
async function snapshot(db: Db): Promise<Record<string, unknown>> {
  return db.connection().execute(async (conn) => {
    await sql`set time zone 'UTC'`.execute(conn);
    const out: Record<string, unknown> = {};
    for (const table of await tablesInOrder(conn)) {
      const { rows } = await sql<{ row: string }>`
        select to_jsonb(t)::text as row from ${sql.table(table)} t order by 1`.execute(conn);
      out[table] = rows.map((r) => r.row);
    }
    const { rows: sequences } = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = current_schema() order by 1`.execute(conn);
    for (const { name } of sequences) {
      const { rows } = await sql<{
        v: string;
      }>`select last_value::text || ':' || is_called as v from ${sql.table(name)}`.execute(conn);
      out[`sequence ${name}`] = rows[0]?.v;
    }
    return out;
  });
}

/** A migrated database holding the shop's rows, its normal O.S. numbered M00041. */
async function seeded(options: DbOptions): Promise<Record<string, unknown>> {
  const { db, close } = await connectDatabase(options);
  try {
    await migrateToLatest(db);
    await seedShop(db, 40);
    const rows = await snapshot(db);
    expect(Object.keys(rows)).toEqual(expect.arrayContaining(['clients', 'service_orders', 'audit_log']));
    expect((rows.service_orders as string[]).map((r) => JSON.parse(r).number)).toEqual([
      'M00041',
      'R00001',
      'E00001',
    ]);
    return rows;
  } finally {
    await close();
  }
}

async function snapshotOf(options: DbOptions): Promise<Record<string, unknown>> {
  const { db, close } = await connectDatabase(options);
  try {
    return await snapshot(db);
  } finally {
    await close();
  }
}

/** `npm run <script>` as an operator runs it: only the variables given, plus PATH and HOME. */
function npmScript(script: string, env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', `${script}.ts`), ...args],
      {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    proc.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    proc.stderr.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    proc.once('exit', (code) => resolve({ code, out }));
  });
}

/** Today's api and web on that database: the seeded manager signs in and sees the orders and the client. */
async function webShows(options: DbOptions): Promise<void> {
  const env = readApiEnv({ ADMIN_USERNAME: 'outro', ADMIN_PASSWORD: 'nao-usada-aqui', LOG_LEVEL: 'silent' });
  const api = await serveApi(await buildApi(env, pino({ level: 'silent' }), options), async () => {});
  const web = await startTestWeb({ api });
  const server = web.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const cookie = await signIn(url, OLD_MANAGER);
    const page = async (path: string) => {
      const res = await fetch(`${url}${path}`, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      return res.text();
    };
    const os = await page('/os/1');
    expect(os).toContain('M00041');
    expect(os).toContain('José Antônio da Conceição');
    expect(os).toContain('Televisor');
    expect(await page('/os/3')).toContain('E00001');
    expect(await page('/pedido/1')).toContain('Placa principal');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await web.stop();
    await api.stop();
  }
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

describe.runIf(DATABASE_URL)('PostgreSQL: npm run backup, wipe, npm run restore into a new database', () => {
  it('restores every row and sequence identically, and the web shows them', {
    timeout: 180_000,
  }, async () => {
    const url = DATABASE_URL as string;
    const schema = `bk_${randomBytes(5).toString('hex')}`;
    cleanups.push(() => dropSchema(schema));
    const before = await seeded({ kind: 'postgres', url, schema, poolSize: 2 });

    const file = join(work, 'shop.dump');
    const backup = await npmScript('backup', { DATABASE_URL: url, DATABASE_SCHEMA: schema }, [file]);
    expect(backup.out).toContain(`Backup gravado em ${file}`);
    expect(backup.code).toBe(0);

    await dropSchema(schema); // the wipe: the shop's data is gone

    const database = `bancada_restore_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    });
    const restoredUrl = new URL(url);
    restoredUrl.pathname = `/${database}`;
    const target = { DATABASE_URL: restoredUrl.href, DATABASE_SCHEMA: schema };
    const restore = await npmScript('restore', target, [file]);
    expect(restore.out).toContain('restaurado');
    expect(restore.code).toBe(0);
    // Never over data: a second restore into the same database is refused.
    const again = await npmScript('restore', target, [file]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('Restauração recusada: o banco de destino já tem dados.');

    const restored: DbOptions = { kind: 'postgres', url: restoredUrl.href, schema, poolSize: 2 };
    expect(await snapshotOf(restored)).toEqual(before);
    await webShows(restored);
  });
});

describe("a backup's default name", () => {
  it("is dated by the shop's clock: an evening backup in São Paulo is named for its own day", () => {
    const evening = new Date('2026-11-25T00:44:00Z');
    expect(backupStamp(evening, 'America/Sao_Paulo')).toBe('2026-11-24-21-44');
    expect(backupStamp(evening, 'UTC')).toBe('2026-11-25-00-44');
  });
});

describe('PGlite: npm run backup of the data folder, wipe, npm run restore into a new folder', () => {
  it('restores every row and sequence identically, and the web shows them', {
    timeout: 180_000,
  }, async () => {
    const dataDir = join(work, 'data');
    const before = await seeded({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });

    const file = join(work, 'shop-data.tar.gz');
    const backup = await npmScript('backup', { DATA_DIR: dataDir }, [file]);
    expect(backup.out).toContain(`Backup gravado em ${file}`);
    expect(backup.code).toBe(0);

    rmSync(dataDir, { recursive: true, force: true }); // the wipe
    const newDir = join(work, 'data-restored');
    const restore = await npmScript('restore', { DATA_DIR: newDir }, [file]);
    expect(restore.code, restore.out).toBe(0);
    expect(existsSync(join(newDir, 'pglite'))).toBe(true);
    const again = await npmScript('restore', { DATA_DIR: newDir }, [file]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('já tem um banco');

    const restored: DbOptions = { kind: 'pglite', dataDir: join(newDir, 'pglite') };
    expect(await snapshotOf(restored)).toEqual(before);
    await webShows(restored);
  });
});

describe('PGlite: one process at a time in the data folder', () => {
  it('a backup while Bancada runs on the folder is refused, nothing written; once it stops, it is taken', {
    timeout: 120_000,
  }, async () => {
    const dataDir = join(work, 'data-in-use');
    await seeded({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    // The api holding the folder, as `npm start` does.
    const running = await connectDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    const file = join(work, 'while-running.tar.gz');
    const refused = await npmScript('backup', { DATA_DIR: dataDir }, [file]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Backup recusado: a Bancada está rodando com esta DATA_DIR.');
    expect(existsSync(file)).toBe(false);
    await running.close();
    const taken = await npmScript('backup', { DATA_DIR: dataDir }, [file]);
    expect(taken.code, taken.out).toBe(0);
  });

  it('restore: a missing file or one that is no backup says so, without a stack, and leaves nothing', {
    timeout: 60_000,
  }, async () => {
    const newDir = join(work, 'data-bad-restore');
    const missing = await npmScript('restore', { DATA_DIR: newDir }, [join(work, 'nao-existe.tar.gz')]);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('não existe');
    expect(missing.out).not.toMatch(/\n\s+at /);
    const junk = join(work, 'lixo.tar.gz');
    writeFileSync(junk, 'isto não é um backup');
    const bad = await npmScript('restore', { DATA_DIR: newDir }, [junk]);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('não é um backup da Bancada');
    expect(bad.out).not.toMatch(/\n\s+at /);
    expect(existsSync(join(newDir, 'pglite'))).toBe(false);
  });
});

describe.runIf(DATABASE_URL)('the move from the embedded database to PostgreSQL', () => {
  it('copies every row and sequence; the next O.S. after M00041 is M00042', {
    timeout: 180_000,
  }, async () => {
    const url = DATABASE_URL as string;
    const dataDir = join(work, 'data-to-move');
    const before = await seeded({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    const schema = `mv_${randomBytes(5).toString('hex')}`;
    cleanups.push(() => dropSchema(schema));

    const move = await npmScript('move-to-postgres', {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      DATABASE_SCHEMA: schema,
    });
    expect(move.out).toContain('Banco embutido copiado para o PostgreSQL.');
    // Started again on the copy: the schema it went into is named too.
    expect(move.out).toContain(`Inicie a api com este DATABASE_URL e DATABASE_SCHEMA=${schema}.`);
    expect(move.code).toBe(0);
    const moved: DbOptions = { kind: 'postgres', url, schema, poolSize: 2 };
    expect(await snapshotOf(moved)).toEqual(before);
    // Into a PostgreSQL that already holds data: refused, nothing written twice.
    const again = await npmScript('move-to-postgres', {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      DATABASE_SCHEMA: schema,
    });
    expect(again.code).toBe(1);
    expect(again.out).toContain('Mudança recusada: o PostgreSQL de destino já tem dados');
    expect(await snapshotOf(moved)).toEqual(before);

    await webShows(moved);
    const env = readApiEnv({
      ADMIN_USERNAME: 'outro',
      ADMIN_PASSWORD: 'nao-usada-aqui',
      LOG_LEVEL: 'silent',
    });
    const api = await serveApi(await buildApi(env, pino({ level: 'silent' }), moved), async () => {});
    try {
      const { token } = await apiLogin(api, OLD_MANAGER.username, OLD_MANAGER.password);
      const res = await fetch(`${api.url}/service-orders/normal`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 1, product_name: 'Rádio' }),
      });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { number: string }).number).toBe('M00042');
    } finally {
      await api.stop();
    }
  });
});
