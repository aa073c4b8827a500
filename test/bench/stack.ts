/**
 * The whole system as production runs it, for the bench: the api and the web as two child processes
 * (the compiled `dist/` when it is there and up to date, else the sources through tsx), on PostgreSQL in a
 * schema of its own and Redis when DATABASE_URL / REDIS_URL are set, else PGlite in a temporary DATA_DIR
 * and in-process sessions. Both run with the production image's memory settings (NODE_OPTIONS and
 * MALLOC_*, read from the Dockerfile). Each child's peak resident memory is read from /proc (VmHWM).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connectDatabase, type Db } from '../../api/db/connect.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { productionEnv } from './production-env.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
export const BENCH_DIR = join(ROOT, 'bench');
export const MANAGER = { username: 'gerente', password: 'senha-do-gerente-bench' };

export type Runtime = 'node dist' | 'tsx';

export type Child = {
  name: string;
  proc: ChildProcess;
  /** Peak resident set of the process so far, in MB (VmHWM; polled RSS where /proc is missing). */
  peakRssMb(): number;
  /** Resident set now, in MB. */
  rssMb(): number;
};

export type Stack = {
  apiUrl: string;
  webUrl: string;
  runtime: Runtime;
  /** Why the sources ran instead of dist, when they did. */
  runtimeNote: string;
  db: 'postgres' | 'pglite';
  sessions: 'redis' | 'memory';
  /** The production image's memory settings both children run with (and any MALLOC_* given to the bench). */
  memoryEnv: Record<string, string>;
  api: Child;
  web: Child;
  /** Another web process in front of `apiUrl` (e.g. a recording proxy of the api), with the same settings. */
  startWeb(name: string, apiUrl: string): Promise<{ url: string; child: Child; stop: () => Promise<void> }>;
  stop(): Promise<void>;
};

export type StackOptions = {
  /** PostgreSQL (DATABASE_URL, a schema of its own) or PGlite; by default PostgreSQL when DATABASE_URL is set. */
  db?: 'postgres' | 'pglite';
  /**
   * Fills the database before the api starts (migrated first): on PGlite the api holds the data folder
   * alone once it runs, so a history written by SQL goes in before.
   */
  fill?: (db: Db) => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (/\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** dist/ when it was built and no source it compiles is newer; else the sources, and why. */
export function chooseRuntime(): { runtime: Runtime; note: string } {
  const forced = process.env.BENCH_RUNTIME;
  if (forced === 'tsx') return { runtime: 'tsx', note: 'BENCH_RUNTIME=tsx' };
  const api = join(ROOT, 'dist', 'api', 'index.js');
  const web = join(ROOT, 'dist', 'server', 'index.js');
  if (!existsSync(api) || !existsSync(web)) {
    return { runtime: 'tsx', note: 'no dist/ (npm run build compiles it)' };
  }
  const built = Math.min(statSync(api).mtimeMs, statSync(web).mtimeMs);
  const sources = ['api', 'server', 'domain', 'views', 'print-templates', 'runtime'];
  const newest = Math.max(...sources.map((d) => newestMtime(join(ROOT, d))));
  if (newest > built && forced !== 'dist') {
    return { runtime: 'tsx', note: 'dist/ is older than the sources (npm run build refreshes it)' };
  }
  return { runtime: 'node dist', note: '' };
}

function memoryOf(pid: number): { hwm: number; rss: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { hwm: kb('VmHWM'), rss: kb('VmRSS') };
  } catch {
    return null;
  }
}

function psRssKb(pid: number): number {
  try {
    return (
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
          .toString()
          .trim(),
      ) || 0
    );
  } catch {
    return 0;
  }
}

function watch(name: string, proc: ChildProcess): Child {
  const pid = proc.pid ?? 0;
  // Where /proc is missing (not Linux), poll ps and keep the largest value seen.
  let polledPeak = 0;
  let last = 0;
  const hasProc = memoryOf(pid) !== null;
  const timer = hasProc
    ? null
    : setInterval(() => {
        last = psRssKb(pid);
        polledPeak = Math.max(polledPeak, last);
      }, 250);
  timer?.unref();
  let finalHwm = 0;
  let finalRss = 0;
  const read = () => {
    const m = memoryOf(pid);
    if (m && proc.exitCode === null) {
      finalHwm = m.hwm;
      finalRss = m.rss;
    }
    return hasProc ? { hwm: finalHwm, rss: finalRss } : { hwm: polledPeak, rss: last };
  };
  proc.once('exit', () => {
    if (timer) clearInterval(timer);
  });
  const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;
  return { name, proc, peakRssMb: () => mb(read().hwm), rssMb: () => mb(read().rss) };
}

async function waitReady(url: string, child: Child, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null) throw new Error(`${child.name} exited with ${child.proc.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${child.name} not ready at ${url} after ${timeoutMs / 1000} s`);
}

function stopChild(child: Child, timeoutMs = 30_000): Promise<void> {
  const { proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

/** Node with the tsx loader for sources, plain node for dist/: no tsx CLI parent, so the pid is the server. */
export function nodeArgs(runtime: Runtime, source: string): string[] {
  // BENCH_NODE_ARGS: extra flags for the api and the web, e.g. '--cpu-prof --cpu-prof-dir=bench/prof'.
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  if (runtime === 'node dist') return [...extra, join(ROOT, 'dist', source.replace(/\.ts$/, '.js'))];
  return [...extra, '--import', 'tsx', join(ROOT, source)];
}

export function spawnNode(name: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): Child {
  mkdirSync(BENCH_DIR, { recursive: true });
  const out = openSync(logFile, 'w');
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  const child = watch(name, proc);
  const kill = () => {
    if (proc.exitCode === null) proc.kill('SIGKILL');
  };
  process.once('exit', kill);
  proc.once('exit', () => process.off('exit', kill));
  return child;
}

async function startOn(runtime: Runtime, options: StackOptions): Promise<Omit<Stack, 'runtimeNote'>> {
  const databaseUrl = options.db === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (options.db === 'postgres' && !databaseUrl) throw new Error('PostgreSQL asked for: set DATABASE_URL');
  // Sessions in Redis only beside PostgreSQL: a PGlite shop runs as one machine, sessions in memory.
  const redisUrl = databaseUrl ? process.env.REDIS_URL : undefined;
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'bancada-bench-'));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  // The production image's settings; the bench's own MALLOC_* win, for memory experiments (V8 flags go in
  // BENCH_NODE_ARGS, which come after NODE_OPTIONS on the command line and so win over it).
  const memoryEnv: Record<string, string> = {
    ...productionEnv(ROOT),
    ...Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('MALLOC_') && !!e[1]),
    ),
  };
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    // Shared by the web and the api, required by both in production.
    WEB_API_SECRET: randomBytes(32).toString('hex'),
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    // The production default (docker-compose.yml, .env.example): a line for every request, as in a shop.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    SHOP_TZ: 'America/Sao_Paulo',
    ...memoryEnv,
    ...(process.env.UV_THREADPOOL_SIZE ? { UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE } : {}),
  };
  const apiEnv: NodeJS.ProcessEnv = {
    ...base,
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: MANAGER.username,
    ADMIN_PASSWORD: MANAGER.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : { DATA_DIR: dataDir ?? '' }),
  };
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webEnv: NodeJS.ProcessEnv = {
    ...base,
    PORT: String(webPort),
    HOST: '127.0.0.1',
    API_URL: apiUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // The bench never reaches an outside postal-code service.
    CEP_PROVIDER_URL: 'http://127.0.0.1:9/ws/{cep}/json/',
    CEP_FALLBACK_URL: '',
    SHOP_NAME: 'Bancada Assistência Técnica',
    SHOP_PHONES: '(11) 3333-4444',
    SHOP_STREET: 'Rua das Flores, 100',
    SHOP_DISTRICT: 'Centro',
    SHOP_CITY: 'São Paulo',
    SHOP_STATE: 'SP',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };

  const extraWebs: Child[] = [];
  let web: Child | null = null;
  const cleanUp = async () => {
    for (const w of extraWebs) await stopChild(w);
    if (web) await stopChild(web);
    if (api) await stopChild(api);
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  let api: Child | null = null;
  try {
    if (options.fill) {
      const connected = await connectDatabase(
        databaseUrl
          ? { kind: 'postgres', url: databaseUrl, schema, poolSize: 2, queryTimeoutMs: 3_600_000 }
          : { kind: 'pglite', dataDir: join(dataDir ?? '', 'pglite') },
      );
      try {
        await migrateToLatest(connected.db);
        await options.fill(connected.db);
      } finally {
        await connected.close();
      }
    }
    api = spawnNode('api', nodeArgs(runtime, 'api/index.ts'), apiEnv, join(BENCH_DIR, 'api.log'));
    await waitReady(apiUrl, api);
    web = spawnNode('web', nodeArgs(runtime, 'server/index.ts'), webEnv, join(BENCH_DIR, 'web.log'));
    const webUrl = `http://127.0.0.1:${webPort}`;
    await waitReady(webUrl, web);
    const startWeb = async (name: string, via: string) => {
      const port = await freePort();
      const child = spawnNode(
        name,
        nodeArgs(runtime, 'server/index.ts'),
        { ...webEnv, PORT: String(port), API_URL: via },
        join(BENCH_DIR, `${name}.log`),
      );
      extraWebs.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitReady(url, child);
      return { url, child, stop: () => stopChild(child) };
    };
    return {
      apiUrl,
      webUrl,
      runtime,
      db: databaseUrl ? 'postgres' : 'pglite',
      sessions: redisUrl ? 'redis' : 'memory',
      memoryEnv,
      api,
      web,
      startWeb,
      stop: cleanUp,
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

/** Starts the stack on dist/ when it can, falling back to the sources if the compiled one does not start. */
export async function startStack(log: (line: string) => void, options: StackOptions = {}): Promise<Stack> {
  const chosen = chooseRuntime();
  if (chosen.runtime === 'node dist') {
    try {
      return { ...(await startOn('node dist', options)), runtimeNote: '' };
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      log(`dist/ did not start (${why}); running the sources through tsx`);
      // The history is written again: a failed start dropped the schema (or the data folder).
      return { ...(await startOn('tsx', options)), runtimeNote: `dist/ did not start: ${why}` };
    }
  }
  return { ...(await startOn('tsx', options)), runtimeNote: chosen.note };
}
