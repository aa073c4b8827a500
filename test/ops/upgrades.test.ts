/**
 * Upgrades: a shop's database that has lived through every version. It is built from the first migration
 * forward, one migration at a time, with the shop's data written as soon as the schema holds it (the
 * rows written in raw SQL, as that version stored them); every later migration must carry those rows
 * through, and at the end today's api reads them all. The walk covers whatever migrations are
 * registered in api/db/migrate.ts. Then a migration that fails: the database is left exactly as it was,
 * and the api process refuses to start with a line saying so.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../api/boot.ts';
import { connectDatabase, type Db, type DbKind, type DbOptions } from '../../api/db/connect.ts';
import { migrateToLatest, migrations } from '../../api/db/migrate.ts';
import { readApiEnv } from '../../api/env.ts';
import { PROJECT_ROOT } from '../../runtime/paths.ts';
import { apiLogin, DB_TARGETS, serveApi } from '../support/api.ts';
import { DAY, OLD_MANAGER, SEEDS } from './shop-rows.ts';

/** Every row of the tables seeded so far, as JSON text: what a later migration must carry through. */
async function seededRows(db: Db, tables: string[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows } = await sql<{
      row: unknown;
    }>`select to_jsonb(t) as row from ${sql.table(table)} t order by to_jsonb(t)::text`.execute(db);
    out[table] = rows.map((r) => r.row);
  }
  return out;
}

const TABLES_BY_MIGRATION: Record<string, string[]> = {
  '001-foundation': ['users', 'audit_log'],
  '002-clients': ['clients'],
  '003-orders-and-transactions': ['service_orders', 'orders', 'transactions'],
};

type Target = { options: DbOptions; drop: () => Promise<void>; env: Record<string, string> };

function targetFor(kind: DbKind): Target {
  const url = process.env.DATABASE_URL;
  if (kind === 'postgres' && url) {
    const schema = `up_${randomBytes(6).toString('hex')}`;
    return {
      options: { kind, url, schema, poolSize: 3 },
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
      async drop() {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bancada-upgrades-'));
  return {
    options: { kind: 'pglite', dataDir: join(dir, 'pglite') },
    env: { DATA_DIR: dir },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The schema's shape: tables, columns with their types, indexes and constraints, for "as it was". */
async function shapeOf(db: Db): Promise<unknown[]> {
  const { rows } = await sql<{ item: string }>`
    select 'column ' || table_name || '.' || column_name || ' ' || data_type as item
      from information_schema.columns where table_schema = current_schema()
    union all select 'index ' || indexname from pg_indexes where schemaname = current_schema()
    union all select 'constraint ' || conname from pg_constraint c
      join pg_namespace n on n.oid = c.connamespace where n.nspname = current_schema()
    order by 1`.execute(db);
  return rows.map((r) => r.item);
}

describe.each(DB_TARGETS)('upgrades on %s', (kind) => {
  const targets: Target[] = [];
  afterAll(async () => {
    for (const t of targets) await t.drop();
  });

  it('walks every registered migration one at a time with data, then today’s api reads it all', async () => {
    const target = targetFor(kind);
    targets.push(target);
    const { db, close } = await connectDatabase(target.options);
    const names = Object.keys(migrations);
    expect(names[0]).toBe('001-foundation');
    const seeded: string[] = [];
    try {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        migrationTableSchema: rows[0]?.schema ?? 'public',
      });
      for (const name of names) {
        const before = await seededRows(db, seeded);
        const { error, results } = await migrator.migrateUp();
        expect(error, `${name}: ${String(error)}`).toBeUndefined();
        expect(results?.map((r) => [r.migrationName, r.status])).toEqual([[name, 'Success']]);
        // What the earlier versions stored is still there, unchanged, once this one has run (a new
        // column may join each row, with its default).
        expect(await seededRows(db, seeded)).toMatchObject(before);
        await SEEDS[name]?.(db);
        seeded.push(...(TABLES_BY_MIGRATION[name] ?? []));
      }
      expect((await migrator.migrateUp()).results).toEqual([]);
      expect(seeded).toEqual(['users', 'audit_log', 'clients', 'service_orders', 'orders', 'transactions']);
    } finally {
      await close();
    }

    // Today's api on that database: it migrates nothing more, and reads every row through its routes.
    const env = readApiEnv({
      ...target.env,
      ADMIN_USERNAME: 'outro',
      ADMIN_PASSWORD: 'nao-usada-aqui',
      LOG_LEVEL: 'silent',
    });
    const api = await serveApi(
      await buildApi(env, pino({ level: 'silent' }), target.options),
      async () => {},
    );
    try {
      expect(api.firstManager).toBeNull();
      const { token } = await apiLogin(api, OLD_MANAGER.username, OLD_MANAGER.password);
      const get = async (path: string) => {
        const res = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status, path).toBe(200);
        return (await res.json()) as Record<string, unknown> & Array<Record<string, unknown>>;
      };
      expect(await get('/clients/1')).toMatchObject({
        name: 'José Antônio da Conceição',
        cpf: '52998224725',
      });
      expect(await get('/clients/2')).toMatchObject({
        name: 'Eletrônica Ação Ltda',
        cnpj: '11222333000181',
      });
      expect(await get('/service-orders/normal/1')).toMatchObject({
        number: 'M00001',
        product_brand: 'Semp',
      });
      expect(await get('/service-orders/returned/2')).toMatchObject({ number: 'R00001' });
      expect(await get('/service-orders/external/3')).toMatchObject({ number: 'E00001' });
      expect(await get('/orders/1')).toMatchObject({ number: 'P00001', piece_name: 'Placa principal' });
      const day = await get(`/transactions/day?date=${DAY}`);
      expect(day.map((t) => [t.type, t.value])).toEqual([
        [101, 100],
        [101, 50],
        [201, 12.5],
      ]);
    } finally {
      await api.stop();
    }
  }, 120_000);

  it('a failing migration leaves the database as it was, and the api refuses to start saying so', async () => {
    const target = targetFor(kind);
    targets.push(target);
    const { db, close } = await connectDatabase(target.options);
    const failing: Migration = {
      async up(trx) {
        // Work that must not survive: a new column, a changed row and a new table, then the error.
        await sql`alter table clients add column nickname text`.execute(trx);
        await sql`update clients set name = 'MUDADO'`.execute(trx);
        await sql`create table half_done (id integer)`.execute(trx);
        throw new Error('coluna de teste inválida');
      },
    };
    let before: unknown[];
    let rowsBefore: Record<string, unknown[]>;
    try {
      await migrateToLatest(db);
      await SEEDS['002-clients']?.(db);
      before = await shapeOf(db);
      rowsBefore = await seededRows(db, ['clients', 'kysely_migration']);
      const good: Migration = {
        up: async (trx) => void (await sql`create table also_new (id integer)`.execute(trx)),
      };
      await expect(
        migrateToLatest(db, { ...migrations, '900-good-first': good, '901-fails': failing }),
      ).rejects.toThrow(
        /Falha na migração 901-fails: coluna de teste inválida\nO banco de dados ficou como estava antes desta atualização; a api não foi iniciada\./,
      );
      // Nothing of the failed run remains, not even the good migration before it in the same run.
      expect(await shapeOf(db)).toEqual(before);
      expect(await seededRows(db, ['clients', 'kysely_migration'])).toEqual(rowsBefore);
    } finally {
      await close();
    }

    // The process: a database where a registered migration cannot run (a table in the way of 003).
    const blocked = targetFor(kind);
    targets.push(blocked);
    const c = await connectDatabase(blocked.options);
    try {
      await migrateToLatest(c.db, { '001-foundation': migrations['001-foundation'] as Migration });
      await sql`create table orders (in_the_way integer)`.execute(c.db);
      before = await shapeOf(c.db);
    } finally {
      await c.close();
    }
    const run = await runApi(blocked.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /Falha na migração (002-clients|003-orders-and-transactions): .*orders.*already exists/,
    );
    expect(run.stderr).toContain(
      'O banco de dados ficou como estava antes desta atualização; a api não foi iniciada.',
    );
    expect(run.stdout).not.toContain('api listening');
    const after = await connectDatabase(blocked.options);
    try {
      expect(await shapeOf(after.db)).toEqual(before);
    } finally {
      await after.close();
    }
  }, 120_000);
});

/** `tsx api/index.ts` on that database, until it exits. */
function runApi(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'api', 'index.ts')], {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        API_PORT: '0',
        ADMIN_USERNAME: 'gerente',
        ADMIN_PASSWORD: 'senha-do-gerente',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    proc.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => proc.kill('SIGKILL'), 60_000);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
