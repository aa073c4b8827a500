import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { type Logger, pino } from 'pino';
import { buildApi } from '../../api/boot.ts';
import type { Db, DbKind } from '../../api/db/connect.ts';
import { readApiEnv } from '../../api/env.ts';
import { maskCpfs, REDACT } from '../../runtime/logger.ts';
import { buildWeb } from '../../server/boot.ts';
import { readWebEnv } from '../../server/env.ts';
import { MANAGER, serveApi, TEST_WEB_API_SECRET, type TestApi } from '../support/api.ts';
import { tcpProxy } from '../support/tcp-proxy.ts';
import { removeSessions, testSessionPrefix } from '../support/web.ts';

export type ApiAnswer = { status: number; text: string; json: unknown };

export type CallOptions = {
  token?: string;
  /** A value sent as JSON. */
  body?: unknown;
  /** Bytes sent as they are, with content-type application/json. */
  rawBody?: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
};

/** One request to the api, whatever it answers. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer> {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, v);
  }
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, text, json };
}

export const TABLES = [
  'users',
  'refresh_tokens',
  'audit_log',
  'settings',
  'clients',
  'service_orders',
  'orders',
  'transactions',
] as const;

export type RowCounts = Record<(typeof TABLES)[number], number> & { changes: string };

/**
 * The rows of every table, in one query, plus a fingerprint of every row's last change (an UPDATE
 * that writes nothing new is still a write we want to see).
 */
export async function rowCounts(db: Db): Promise<RowCounts> {
  const result = await sql<Record<string, string>>`
    select
      (select count(*) from users) as users,
      (select count(*) from refresh_tokens) as refresh_tokens,
      (select count(*) from audit_log) as audit_log,
      (select count(*) from settings) as settings,
      (select count(*) from clients) as clients,
      (select count(*) from service_orders) as service_orders,
      (select count(*) from orders) as orders,
      (select count(*) from transactions) as transactions,
      concat_ws('|',
        (select max(updated_at)::text from users),
        (select max(updated_at)::text from clients),
        (select max(updated_at)::text from service_orders),
        (select max(updated_at)::text from orders),
        (select count(*)::text from refresh_tokens where revoked_at is not null or rotated_at is not null),
        (select count(*)::text from clients where deleted_at is not null),
        (select count(*)::text from service_orders where deleted_at is not null),
        (select count(*)::text from orders where deleted_at is not null),
        (select count(*)::text from transactions where deleted_at is not null)
      ) as changes
  `.execute(db);
  const row = result.rows[0] ?? {};
  const counts = { changes: String(row.changes ?? '') } as RowCounts;
  for (const table of TABLES) counts[table] = Number(row[table]);
  return counts;
}

/** English words a default (untranslated) validation message would carry. */
const ENGLISH =
  /\b(invalid input|expected|received|required|must be|too (big|small)|unrecognized|undefined)\b/i;

/** An error body of API.md: `{ status: 'error', message }` with a non-empty pt-BR message. */
export function errorProblems(answer: ApiAnswer): string[] {
  const problems: string[] = [];
  const body = answer.json as { status?: unknown; message?: unknown; issues?: unknown } | null;
  if (!body || typeof body !== 'object') return [`body is not JSON: ${answer.text.slice(0, 120)}`];
  if (body.status !== 'error') problems.push(`status is ${JSON.stringify(body.status)}`);
  if (typeof body.message !== 'string' || body.message.trim() === '') problems.push('no message');
  const messages = [
    body.message,
    ...(body.issues && typeof body.issues === 'object' ? Object.values(body.issues) : []),
  ];
  for (const m of messages) {
    if (typeof m === 'string' && ENGLISH.test(m) && m !== 'Invalid JWT token') {
      problems.push(`message not in pt-BR: ${m}`);
    }
  }
  return problems;
}

/** mulberry32: a tiny seeded PRNG, floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export { type TcpProxy, tcpProxy } from '../support/tcp-proxy.ts';

/** A TCP server that accepts connections and never answers a byte. */
export async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export { freePort, hasRedisServer, type OwnRedis, ownRedis, sleep, waitFor } from '../support/processes.ts';

export type MemoryLog = { log: Logger; text: () => string };

/** A logger configured as production's (runtime/logger.ts: redaction, CPF mask) that writes to memory. */
export function memoryLog(name: string, level = 'debug'): MemoryLog {
  const lines: string[] = [];
  const log = pino(
    { name, level, redact: { paths: REDACT, censor: '[oculto]' }, hooks: { streamWrite: maskCpfs } },
    { write: (line: string) => void lines.push(line) },
  );
  return { log, text: () => lines.join('') };
}

/** The real api on PGlite in memory (or a schema of its own on DATABASE_URL), logging to `log`. */
export async function startLoggedApi(
  log: Logger,
  options: { kind?: DbKind; databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<TestApi> {
  const kind = options.kind ?? 'pglite';
  const env = readApiEnv({
    ...options.env,
    ADMIN_USERNAME: MANAGER.username,
    ADMIN_PASSWORD: MANAGER.password,
    WEB_API_SECRET: TEST_WEB_API_SECRET,
  });
  const schema = `h_${randomBytes(6).toString('hex')}`;
  const url = options.databaseUrl ?? process.env.DATABASE_URL;
  const api = await buildApi(
    env,
    log,
    kind === 'postgres' && url
      ? { kind, url, schema, poolSize: 5, queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS }
      : { kind: 'pglite', dataDir: null },
  );
  return serveApi(api, async () => {
    if (kind === 'postgres' && process.env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  });
}

/** A web in front of `apiUrl`, its sessions in `redisUrl` (or in memory), logging to `log`. */
export async function startLoggedWeb(
  apiUrl: string,
  log: Logger,
  env: Record<string, string> = {},
): Promise<Awaited<ReturnType<typeof buildWeb>>> {
  const web = await buildWeb(
    readWebEnv({
      API_URL: apiUrl,
      SESSION_SECRET: 'segredo-de-teste-com-mais-de-32-caracteres',
      WEB_API_SECRET: TEST_WEB_API_SECRET,
      CEP_PROVIDER_URL: 'http://127.0.0.1:9/ws/{cep}/json/',
      CEP_FALLBACK_URL: '',
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      ...env,
    }),
    log,
    { sessionPrefix: testSessionPrefix() },
  );
  return {
    ...web,
    async close() {
      await removeSessions(web);
      await web.close();
    },
  };
}

/**
 * The api on a schema of its own of DATABASE_URL's PostgreSQL, reached through a TCP proxy of ours that a
 * test stalls or refuses, and a web on that api; `stop` resumes the proxy and closes all three.
 */
export async function stackBehindPostgresProxy(queryTimeoutMs: number) {
  const target = new URL(process.env.DATABASE_URL ?? '');
  const proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.start();
  const viaProxy = new URL(target);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const api = await startLoggedApi(memoryLog('api', 'silent').log, {
    kind: 'postgres',
    databaseUrl: viaProxy.toString(),
    env: { DB_QUERY_TIMEOUT_MS: String(queryTimeoutMs) },
  });
  const web = await startLoggedWeb(api.url, memoryLog('web', 'silent').log);
  return {
    proxy,
    api,
    web,
    async stop() {
      proxy.resume();
      await web.close();
      await api.stop();
      await proxy.stop();
    },
  };
}
