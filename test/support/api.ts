/**
 * The real api for tests, on a fresh database: PGlite in memory, or a schema of its own on the real
 * PostgreSQL named by DATABASE_URL (dropped afterwards). Tests run on every target available.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { pino } from 'pino';
import { type BuiltApi, buildApi } from '../../api/boot.ts';
import type { DbKind } from '../../api/db/connect.ts';
import { MIGRATION_LOCK_KEY } from '../../api/db/migrate.ts';
import { readApiEnv } from '../../api/env.ts';

export const DB_TARGETS: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const MANAGER = { username: 'gerente', password: 'senha-do-gerente' };

/** The secret test webs and apis share, so the api believes the browser address a test web passes on. */
export const TEST_WEB_API_SECRET = 'segredo-web-api-de-teste-com-mais-de-32-caracteres';

export type TestApi = BuiltApi & { url: string; stop: () => Promise<void> };

export async function startTestApi(kind: DbKind = 'pglite'): Promise<TestApi> {
  const env = readApiEnv({
    ADMIN_USERNAME: MANAGER.username,
    ADMIN_PASSWORD: MANAGER.password,
    LOG_LEVEL: 'silent',
    WEB_API_SECRET: TEST_WEB_API_SECRET,
    // A bench seeding years of history raises it; tests keep the api's own default.
    DB_QUERY_TIMEOUT_MS: process.env.DB_QUERY_TIMEOUT_MS,
  });
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const url = process.env.DATABASE_URL;
  if (kind === 'postgres' && !url) throw new Error('DATABASE_URL is needed for the postgres target');
  const api = await buildApi(
    env,
    pino({ level: 'silent' }),
    kind === 'postgres' && url
      ? { kind, url, schema, poolSize: 5, queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS }
      : { kind: 'pglite', dataDir: null },
  );
  return serveApi(api, async () => {
    if (kind === 'postgres' && url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      // Under the migrations' lock: a schema vanishing mid-migration confuses another file's migrator.
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await client.end();
    }
  });
}

/** Puts a built api on a free local port; `stop` closes it, then runs `afterClose` (dropping its schema). */
export async function serveApi(api: BuiltApi, afterClose: () => Promise<void>): Promise<TestApi> {
  const server = api.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    ...api,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
      await afterClose();
    },
  };
}

/** Signs in through the real endpoint; returns the session the api hands out. */
export async function apiLogin(api: { url: string }, username: string, password: string) {
  const res = await fetch(`${api.url}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as {
    token: string;
    refresh_token: string;
    user: { id: number; username: string; authority_level: number; origin: number };
  };
}

/** Creates an employee through the api as the seeded manager; returns its credentials. */
export async function createEmployee(
  api: { url: string },
  username = 'funcionaria',
  password = 'senha-da-func',
) {
  const manager = await apiLogin(api, MANAGER.username, MANAGER.password);
  const res = await fetch(`${api.url}/employees`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${manager.token}` },
    body: JSON.stringify({ origin: 200, username, password }),
  });
  if (res.status !== 201) throw new Error(`employee creation failed: ${res.status} ${await res.text()}`);
  return { username, password };
}

/** What the api answered: its status and its JSON body (null when empty). */
export type ApiReply<B = unknown> = { status: number; body: B };

/** One JSON call to the api as any client makes it; a string body goes as it is (broken-JSON cases). */
export async function apiCall<B = unknown>(
  api: { url: string },
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<ApiReply<B>> {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
