/**
 * Helpers of the operations tests. The api and the web run as their production commands start them,
 * `node dist/api/index.js` and `node dist/server/index.js`, compiled by the same tsconfig.build.json into
 * a folder of the test's own under test-output/ (type checking is skipped there: `npm run typecheck` does
 * it; public/build is not rebuilt: other test files read it at the same time). Around them: a Redis of
 * the test's own, a TCP proxy that can be cut (a database that goes away) and a slow HTTP proxy.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../../runtime/paths.ts';
import { sleep } from '../support/processes.ts';

export const MANAGER = { username: 'gerente', password: 'senha-do-gerente-ops' };
export const SESSION_SECRET = 'segredo-de-sessao-dos-testes-de-operacao-0123456789';
export const OPS_WEB_API_SECRET = 'segredo-web-api-dos-testes-de-operacao-0123456789';

// ---------------------------------------------------------------------------------------------- build

export type Dist = { dir: string; remove: () => void };

/** Compiles the server as `npm run build:server` does, into test-output/ops-dist-<random>. */
export async function buildDist(): Promise<Dist> {
  const dir = join(PROJECT_ROOT, 'test-output', `ops-dist-${randomBytes(4).toString('hex')}`);
  const tsc = join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const args = ['-p', join(PROJECT_ROOT, 'tsconfig.build.json'), '--outDir', dir, '--noCheck'];
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [tsc, ...args], { cwd: PROJECT_ROOT }, (err, stdout, stderr) =>
      err ? reject(new Error(`tsc failed: ${stdout}${stderr}`)) : resolve(),
    );
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// ------------------------------------------------------------------------------------------- services

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Service = {
  proc: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote to stdout (its pino lines) and stderr so far. */
  stdout: () => string;
  stderr: () => string;
  /** The JSON lines of stdout, parsed. */
  logLines: () => Array<Record<string, unknown>>;
  exited: Promise<Exit>;
  /** SIGTERM (or another signal) and the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<Exit>;
};

/** Starts `node dist/api/index.js` or `node dist/server/index.js` and waits for its "listening" line. */
export async function startService(
  kind: 'api' | 'web',
  dist: Dist,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<Service> {
  const entry = kind === 'api' ? join(dist.dir, 'api', 'index.js') : join(dist.dir, 'server', 'index.js');
  const ports = kind === 'api' ? { API_HOST: '127.0.0.1', API_PORT: '0' } : { HOST: '127.0.0.1', PORT: '0' };
  // Only what we pass: never the test runner's own DATABASE_URL or REDIS_URL by accident.
  const proc = spawn(process.execPath, [entry], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      CEP_PROVIDER_URL: 'http://127.0.0.1:9/ws/{cep}/json/',
      CEP_FALLBACK_URL: '',
      // Production demands it of both (runtime/production-secrets.ts); the same for every service here.
      WEB_API_SECRET: OPS_WEB_API_SECRET,
      ...ports,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout?.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  proc.stderr?.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  const exited = new Promise<Exit>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const logLines = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  const message = kind === 'api' ? 'api listening' : 'web listening';
  const started = Date.now();
  let port: number | undefined;
  while (port === undefined) {
    port = logLines().find((l) => l.msg === message)?.port as number | undefined;
    if (port !== undefined) break;
    if (proc.exitCode !== null || proc.signalCode !== null || Date.now() - started > timeoutMs) {
      proc.kill('SIGKILL');
      throw new Error(`${kind} did not start:\n${out}\n${err}`);
    }
    await sleep(50);
  }
  return {
    proc,
    port,
    url: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    logLines,
    exited,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}

/** Kills what a failed test left running. */
export async function kill(service: Service | undefined): Promise<void> {
  if (!service) return;
  if (service.proc.exitCode === null && service.proc.signalCode === null) service.proc.kill('SIGKILL');
  await service.exited;
}

// ------------------------------------------------------------------------------------------- database

export type ApiDatabase = {
  kind: 'postgres' | 'pglite';
  env: Record<string, string>;
  drop: () => Promise<void>;
};

/**
 * A database of the test's own for the api child: a schema of its own on the PostgreSQL of
 * DATABASE_URL (dropped afterwards; `url` may point at a proxy in front of it), else PGlite in a temp
 * DATA_DIR.
 */
export function apiDatabase(url = process.env.DATABASE_URL): ApiDatabase {
  const real = process.env.DATABASE_URL;
  if (url && real) {
    const schema = `ops_${randomBytes(6).toString('hex')}`;
    return {
      kind: 'postgres',
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
      async drop() {
        const client = new pg.Client({ connectionString: real });
        await client.connect();
        try {
          await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        } finally {
          await client.end();
        }
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bancada-ops-'));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dir },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The api env every ops test uses: its own database, a known first manager, a fixed JWT secret. */
export function apiEnv(db: ApiDatabase): Record<string, string> {
  return {
    ...db.env,
    ADMIN_USERNAME: MANAGER.username,
    ADMIN_PASSWORD: MANAGER.password,
    JWT_SECRET: 'segredo-jwt-dos-testes-de-operacao-0123456789',
  };
}

// ---------------------------------------------------------------------------------------------- redis

// -------------------------------------------------------------------------------------------- proxies

export { type TcpProxy, tcpProxy } from '../support/tcp-proxy.ts';

export type SeenRequest = { method: string; url: string };

export type SlowProxy = {
  url: string;
  /** How long each request waits before it is passed on. */
  delayMs: number;
  /** Resolves when a request matching `match` arrives (before its delay). */
  next: (match: (r: SeenRequest) => boolean) => Promise<SeenRequest>;
  close: () => Promise<void>;
};

/** An HTTP proxy in front of `target` that holds each request for `delayMs`: a slow upstream. */
export async function slowProxy(target: string, delayMs = 0): Promise<SlowProxy> {
  const to = new URL(target);
  const waiters: Array<{ match: (r: SeenRequest) => boolean; resolve: (r: SeenRequest) => void }> = [];
  const agent = new http.Agent({ keepAlive: false });
  const server = http.createServer((req, res) => {
    const seen = { method: req.method ?? 'GET', url: req.url ?? '/' };
    for (const w of [...waiters]) {
      if (w.match(seen)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(seen);
      }
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        const upstream = http.request(
          {
            host: to.hostname,
            port: to.port,
            method: seen.method,
            path: seen.url,
            headers: { ...req.headers, host: to.host, connection: 'close' },
            agent,
          },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', () => {
          res.writeHead(502).end();
        });
        upstream.end(Buffer.concat(chunks));
      }, self.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  const self: SlowProxy = {
    url: `http://127.0.0.1:${port}`,
    delayMs,
    next: (match) => new Promise((resolve) => waiters.push({ match, resolve })),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
  return self;
}

// ------------------------------------------------------------------------------------ the web, as a browser

/** The session cookie (`bancada.sid=…`) a response sets, if any. */
export function sessionCookieOf(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('bancada.sid='))
    ?.split(';')[0];
}

/** Opens the login page: its session cookie and CSRF token. */
export async function openLogin(webUrl: string): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${webUrl}/`);
  const html = await res.text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  // An anonymous visitor gets no stored session: the login form's token rides in a signed cookie of its
  // own (decision 019). Whatever cookies the page set go back with the form.
  const cookie =
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ') || undefined;
  if (res.status !== 200 || !csrf || !cookie)
    throw new Error(`login page: ${res.status} ${html.slice(0, 200)}`);
  return { cookie, csrf };
}

/** Posts the login form as a browser does (no redirect followed). */
export function postLogin(
  webUrl: string,
  page: { cookie: string; csrf: string },
  user = MANAGER,
): Promise<Response> {
  return fetch(`${webUrl}/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: page.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: page.csrf, username: user.username, password: user.password }),
  });
}

/** Signs in through the login form; returns the signed-in session cookie. */
export async function signIn(webUrl: string, user = MANAGER): Promise<string> {
  const page = await openLogin(webUrl);
  const res = await postLogin(webUrl, page, user);
  if (res.status !== 303 || res.headers.get('location') !== '/consulta') {
    throw new Error(`sign-in failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
  return sessionCookieOf(res) ?? page.cookie;
}

/** The hidden fields of the last form posting to `action` (CSRF token, form key), as a browser sends them. */
export function hiddenFields(html: string, action: string): Record<string, string> {
  const at = html.lastIndexOf(`action="${action}"`);
  if (at < 0) throw new Error(`no form for ${action}`);
  const form = html.slice(at, html.indexOf('</form>', at));
  const fields: Record<string, string> = {};
  for (const input of form.match(/<input[^>]*type="hidden"[^>]*>/g) ?? []) {
    const name = /name="([^"]+)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? '';
    if (name) fields[name] = value.replace(/&amp;/g, '&');
  }
  return fields;
}

// ------------------------------------------------------------------------------------------------ misc

export { freePort, hasRedisServer, type OwnRedis, ownRedis, sleep, waitFor } from '../support/processes.ts';

/**
 * A client and a normal O.S. of theirs, opened through the api by the manager (signed in on it): the
 * O.S.'s id.
 */
export async function openOrderThroughApi(apiUrl: string, clientName: string, productName: string) {
  const login = await fetch(`${apiUrl}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MANAGER),
  });
  const { token } = (await login.json()) as { token: string };
  const post = (path: string, body: unknown) =>
    fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const person = await post('/clients', { name: clientName });
  if (person.status !== 201) throw new Error(`client not created: ${person.status}`);
  const { id: clientId } = (await person.json()) as { id: number };
  const created = await post('/service-orders/normal', { client_id: clientId, product_name: productName });
  if (created.status !== 201) throw new Error(`O.S. not created: ${created.status}`);
  return ((await created.json()) as { id: number }).id;
}

/** The status of GET url, or 0 when nothing answers. */
export async function statusOf(url: string, timeoutMs = 5_000): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
