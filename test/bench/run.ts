/**
 * `npm run bench`: the whole system under load as production runs it, then the api benches. Prints the
 * tables and writes bench/results.json; docs/benchmarks.md explains every number and target. Targets are
 * reported, never asserted: the exit code is non-zero only when the bench itself could not run.
 *
 *   1. the api and the web as child processes (dist/ when built and fresh, else tsx), on PostgreSQL and
 *      Redis when DATABASE_URL / REDIS_URL are set, else PGlite and in-process sessions; data seeded
 *      through the api;
 *   2. five pages under 50 signed-in browsers (one session cookie per connection) with autocannon, beside
 *      baselines in a process of their own (bare Express 'ok', and for each page a bare Express handler
 *      making that page's own api call(s)), run before and after the pages; each page also alone (one
 *      browser) and its own api call hit directly;
 *   3. the JavaScript and CSS each page loads, raw and gzipped;
 *   4. the peak resident memory of the web and the api;
 *   5. the client search, cash by period and Painel (years of history, test/bench/seed-years.ts) benches
 *      of the api.
 *
 * Knobs: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (50), BENCH_WARMUP (s, 2), BENCH_SOLO (s, 2),
 * BENCH_OWN_API (s, 4), BENCH_BASELINE_AFTER (s, 5: the per-page api-call baselines' run after the pages;
 * 0 skips it), BENCH_RUNTIME (dist|tsx), BENCH_NODE_ARGS (extra node flags for the api and the
 * web), BENCH_API=0 skips step 5, BENCH_FULL=1 runs step 5 at its own full sizes (BENCH_CLIENTS,
 * BENCH_ENTRIES still apply).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatClientsSearchBench, runClientsSearchBench } from './clients-search.ts';
import { type LoadOptions, type LoadResult, measure } from './load.ts';
import { formatPainelBench, runPainelBench } from './painel.ts';
import { LIST_STATUS, SEARCH_WORD, type Seed, seed } from './seed.ts';
import { type Browser, getPage, signIn, signOut, unlockCash } from './sessions.ts';
import { BENCH_DIR, type Child, freePort, ROOT, type Stack, spawnNode, startStack } from './stack.ts';
import { eachLimited } from './util.ts';
import { type PageWeight, weighPage } from './weight.ts';

export const TARGETS = {
  /** Each page's req/s at least this share of its own 'same api call' baseline (its api calls, bare). */
  apiBaselineShare: 0.6,
  p95Ms: 50,
  /** gzip bytes (kB = 1,000 bytes) */
  heaviestJsGzip: 12_000,
  cssGzip: 15_000,
  rssMb: 150,
};

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** Seconds of one browser alone on each page: the latency without queueing. */
const SOLO = Number(process.env.BENCH_SOLO ?? 2);
/** Seconds of the page's own api call hit directly (0: skip), to tell the web's share from the api's. */
const OWN_API = Number(process.env.BENCH_OWN_API ?? 4);
/**
 * Seconds of each page's api-call baseline when run again after the pages (0: not again). Shorter than
 * DURATION to keep the bench near its old length: the 'ok' baseline runs the full DURATION both times.
 */
const BASELINE_AFTER = Number(process.env.BENCH_BASELINE_AFTER ?? 5);

/** The memory settings the api and the web ran with (the production image's, read from the Dockerfile). */
const memoryEnvLine = (stack: Stack) =>
  Object.entries(stack.memoryEnv)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ') + (process.env.BENCH_NODE_ARGS ? ` + ${process.env.BENCH_NODE_ARGS}` : '');

const log = (line: string) =>
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

type PageCase = {
  /** Short name in URLs and results.json (the baseline's route is /api-call/{key}). */
  key: string;
  name: string;
  path: string;
  /** What the page must show before it is measured. */
  check: (html: string) => string | null;
  /** Needs the cash unlocked. */
  cash?: boolean;
  /**
   * The api call the page's web route makes (server/routes/…), with the same query: hit directly with the
   * same concurrency (diagnostic), and made by the page's own baseline. Each of the five pages makes one:
   * the O.S. detail and sheet try normal, returned, external in turn and stop at the first found, and the
   * seeded order is a normal one.
   */
  apiPath: string;
};

/** The api calls of a page, in order, as its baseline makes them. */
const apiCallsOf = (page: PageCase): string[] => [page.apiPath];

/** The load run, and one connection alone (`solo`: latency without queueing). */
type Measured = LoadResult & { solo: LoadResult | null };

/** A bare handler making one page's api calls: its run before the pages, and after them (shorter). */
type ApiBaseline = {
  /** The route measured, /api-call/{key} (the `sameAs` page's key when there is one). */
  route: string;
  calls: string[];
  /** Another page whose baseline makes the very same calls: measured once, under that page's key. */
  sameAs: string | null;
  before: Measured;
  after: Measured | null;
  afterSeconds: number;
  /** The req/s the page is compared with: the higher of before and after. */
  rps: number;
};

type PageResult = Measured & {
  key: string;
  apiPath: string;
  ownApi: LoadResult | null;
  name: string;
  path: string;
  /** The page's own 'same api call' baseline. */
  apiBaseline: ApiBaseline;
  vsOk: number;
  /** Against the page's own 'same api call' baseline (`apiBaseline.rps`). */
  vsApi: number;
  meetsShare: boolean;
  meetsP95: boolean;
};

const count = (html: string, needle: string) => html.split(needle).length - 1;
const expectCount = (what: string, needle: string, wanted: number) => (html: string) => {
  const found = count(html, needle);
  return found === wanted ? null : `${found} ${what}, expected ${wanted}`;
};
const expectText =
  (...texts: string[]) =>
  (html: string) => {
    const missing = texts.filter((t) => !html.includes(t));
    return missing.length === 0 ? null : `missing ${missing.map((t) => JSON.stringify(t)).join(', ')}`;
  };

/** yyyy-MM-dd in a time zone. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

function pageCases(s: Seed): PageCase[] {
  const escapeHtml = (t: string) => t.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return [
    {
      key: 'consulta',
      name: 'Consulta, 20 clients',
      path: `/consulta?q=${SEARCH_WORD}&tipo=cliente`,
      apiPath: `/clients?filter=${SEARCH_WORD}`,
      check: (html) =>
        expectCount('client results', 'class="client-result"', s.matchingNames.length)(html) ??
        expectText(...s.matchingNames.slice(0, 3).map(escapeHtml))(html),
    },
    {
      key: 'os-detail',
      name: 'O.S. detail',
      path: `/os/${s.order.id}`,
      apiPath: `/service-orders/normal/${s.order.id}`,
      check: expectText(s.order.number, escapeHtml(s.order.productName)),
    },
    {
      key: 'list',
      name: 'List, 50 orders',
      path: `/listar-os-normal?status=${LIST_STATUS}`,
      apiPath: `/service-orders/normal?status=${LIST_STATUS}`,
      check: expectCount('rows', '<li class="cols-5">', s.listRows),
    },
    {
      key: 'print',
      name: 'O.S. print sheet',
      path: `/os/${s.order.id}/imprimir`,
      apiPath: `/service-orders/normal/${s.order.id}`,
      check: expectText(s.order.number, escapeHtml(s.order.productName)),
    },
    {
      key: 'cash-day',
      name: 'Caixa do dia, 200',
      path: '/caixa-hoje',
      apiPath: `/transactions/day?date=${todayIn('America/Sao_Paulo')}`,
      check: expectCount('cash entries', '<tr class="flow-row-', s.cashEntries),
      cash: true,
    },
  ];
}

/** Every browser gets the page once: 200 (no redirect) and the expected content, else the bench stops. */
async function verifyPage(webUrl: string, page: PageCase, browsers: Browser[]): Promise<void> {
  await eachLimited(browsers, 10, async (b) => {
    const got = await getPage(webUrl, page.path, b.cookie);
    if (got.status !== 200) {
      throw new Error(`${page.path}: ${got.status} ${got.location ?? ''} (expected 200 with the page)`);
    }
    const problem = page.check(got.html);
    if (problem) throw new Error(`${page.path}: ${problem}`);
  });
}

async function measureBoth(url: string, load: LoadOptions): Promise<Measured> {
  const solo =
    SOLO > 0
      ? await measure(url, {
          connections: 1,
          duration: SOLO,
          warmup: 0,
          cookies: load.cookies?.slice(0, 1) ?? [],
        })
      : null;
  return { ...(await measure(url, load)), solo };
}

/** The page's api call alone, straight to the api with a bearer token, at the same concurrency. */
async function measureOwnApi(stack: Stack, data: Seed, page: PageCase): Promise<LoadResult> {
  const url = `${stack.apiUrl}${page.apiPath}`;
  const headers = { authorization: `Bearer ${data.token}` };
  const check = await fetch(url, { headers });
  await check.arrayBuffer();
  if (check.status !== 200) throw new Error(`api ${page.apiPath}: ${check.status}`);
  log(`  its api call alone: GET ${page.apiPath} (${OWN_API} s)`);
  return measure(url, { connections: CONNECTIONS, duration: OWN_API, warmup: 0, headers });
}

async function waitFor(url: string, child: Child): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.proc.exitCode !== null) throw new Error(`${child.name} exited with ${child.proc.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${child.name} did not answer ${url}`);
}

type BaselineServer = { url: string; stop: () => void };

/**
 * The baselines' own process, given each page's api calls (BENCH_BASELINES, from the page cases), checked
 * to answer 'ok' and, on every page's route, 200 with the api's JSON.
 */
async function startBaselines(stack: Stack, data: Seed, pages: PageCase[]): Promise<BaselineServer> {
  const port = await freePort();
  const child = spawnNode(
    'baseline',
    ['--import', 'tsx', join(ROOT, 'test', 'bench', 'baseline-server.ts')],
    {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      API_URL: stack.apiUrl,
      BENCH_TOKEN: data.token,
      BENCH_BASELINES: JSON.stringify(Object.fromEntries(pages.map((p) => [p.key, apiCallsOf(p)]))),
    },
    join(BENCH_DIR, 'baseline.log'),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.proc.exitCode === null) child.proc.kill('SIGTERM');
  };
  try {
    await waitFor(`${url}/ok`, child);
    for (const page of pages) {
      const check = await fetch(`${url}/api-call/${page.key}`);
      const body = (await check.json()) as unknown;
      const order = page.apiPath === `/service-orders/normal/${data.order.id}` ? body : null;
      if (
        check.status !== 200 ||
        body === null ||
        typeof body !== 'object' ||
        (order && (order as { number?: string }).number !== data.order.number)
      ) {
        throw new Error(
          `baseline /api-call/${page.key}: ${check.status} ${JSON.stringify(body).slice(0, 200)}`,
        );
      }
    }
  } catch (err) {
    stop();
    throw err;
  }
  return { url, stop };
}

async function measureOnly(url: string, load: LoadOptions): Promise<Measured> {
  return { ...(await measure(url, load)), solo: null };
}

/** Pages whose baselines make the same calls share one measurement: the first such page's. */
function distinctBaselines(pages: PageCase[]): { page: PageCase; sameAs: string | null }[] {
  const firstOf = new Map<string, PageCase>();
  return pages.map((page) => {
    const calls = JSON.stringify(apiCallsOf(page));
    const first = firstOf.get(calls);
    if (!first) firstOf.set(calls, page);
    return { page, sameAs: first ? first.key : null };
  });
}

type BaselineRuns = { ok: Measured; apiCalls: Map<string, Measured> };

/**
 * The baselines: 'ok' and each page's api-call baseline (pages making the same calls measured once).
 * They run before the pages (with the 'alone' run) and again after them: the machine's speed drifts
 * (other work on it), so a page is compared with the higher of the two runs (the harder bar), and the gap
 * between the two says how steady the machine was. After the pages, 'ok' runs the full DURATION and the
 * api-call baselines BASELINE_AFTER seconds (0: not again), to keep the bench near its old length.
 */
async function runBaselines(
  server: BaselineServer,
  pages: PageCase[],
  load: LoadOptions,
  when: 'before' | 'after',
): Promise<BaselineRuns> {
  log(`baseline ${when}: bare Express 'ok' (${DURATION} s)`);
  const ok =
    when === 'before'
      ? await measureBoth(`${server.url}/ok`, load)
      : await measureOnly(`${server.url}/ok`, load);
  const apiCalls = new Map<string, Measured>();
  if (when === 'after' && BASELINE_AFTER <= 0) return { ok, apiCalls };
  for (const { page, sameAs } of distinctBaselines(pages)) {
    if (sameAs) continue;
    const url = `${server.url}/api-call/${page.key}`;
    const seconds = when === 'before' ? DURATION : BASELINE_AFTER;
    log(`baseline ${when}: bare Express + ${apiCallsOf(page).join(' + ')} (${page.name}, ${seconds} s)`);
    apiCalls.set(
      page.key,
      when === 'before'
        ? await measureBoth(url, load)
        : await measureOnly(url, { ...load, duration: BASELINE_AFTER }),
    );
  }
  return { ok, apiCalls };
}

type Baselines = {
  ok: Measured;
  after: { ok: Measured };
  /** The req/s pages are compared with: the higher of before and after. */
  okRps: number;
  /** Seconds of the api-call baselines' run after the pages (0: not run again). */
  apiCallAfterSeconds: number;
};

/** Each page's own api-call baseline, from the two runs. */
function apiBaselinesOf(pages: PageCase[], before: BaselineRuns, after: BaselineRuns) {
  const byKey = new Map<string, ApiBaseline>();
  for (const { page, sameAs } of distinctBaselines(pages)) {
    const key = sameAs ?? page.key;
    const first = before.apiCalls.get(key);
    if (!first) throw new Error(`no baseline run for ${key}`);
    const again = after.apiCalls.get(key) ?? null;
    byKey.set(page.key, {
      route: `/api-call/${key}`,
      calls: apiCallsOf(page),
      sameAs,
      before: first,
      after: again,
      afterSeconds: again ? BASELINE_AFTER : 0,
      rps: Math.max(first.rps, again?.rps ?? 0),
    });
  }
  return byKey;
}

function weightPaths(s: Seed): { path: string; signedIn: boolean }[] {
  const id = s.order.id;
  return [
    { path: '/', signedIn: false },
    { path: '/consulta', signedIn: true },
    { path: '/cadastrar-cliente', signedIn: true },
    { path: `/abrir-os-normal?cliente=${s.clientIds[0]}`, signedIn: true },
    { path: `/os/${id}`, signedIn: true },
    { path: `/editar-os/${id}`, signedIn: true },
    { path: '/listar-os-normal', signedIn: true },
    { path: '/caixa-hoje', signedIn: true },
    { path: '/caixa-periodo', signedIn: true },
    { path: '/configuracoes', signedIn: true },
    { path: `/os/${id}/imprimir`, signedIn: true },
  ];
}

// --- Tables ---

const pad = (v: string | number, n: number) => String(v).padStart(n);
const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function formatLoad(baselines: Baselines, pages: PageResult[]): string {
  const share = Math.round(TARGETS.apiBaselineShare * 100);
  const ms = (v: number) => (v < 100 ? v.toFixed(1) : v.toFixed(0));
  const cols = (r: Measured) =>
    `${pad(r.rps, 6)}${pad(ms(r.latency.p50), 6)}${pad(ms(r.latency.p95), 6)}` +
    `${pad(ms(r.latency.p99), 6)}${pad(ms(r.latency.max), 6)}${pad(kb(r.bytesPerResponse), 6)}` +
    `${pad(r.solo ? `${ms(r.solo.latency.p50)}/${ms(r.solo.latency.p95)}` : '-', 14)}`;
  const heads =
    `${pad('req/s', 6)}${pad('p50', 6)}${pad('p95', 6)}${pad('p99', 6)}${pad('max', 6)}` +
    `${pad('kB', 6)}${pad('alone p50/p95', 14)}`;
  const again =
    baselines.apiCallAfterSeconds > 0
      ? `again after them ('ok' ${DURATION} s, api calls ${baselines.apiCallAfterSeconds} s, shorter to save time)`
      : `again after them ('ok' only, ${DURATION} s; the api-call baselines are not run again)`;
  const lines = [
    `pages under load: ${CONNECTIONS} signed-in browsers for ${DURATION} s each; 'alone': one browser for ${SOLO} s (ms)`,
    `baselines, bare Express in a process of its own: 'ok', and for each page a handler making that page's own`,
    `api call(s) and answering the JSON; run before the pages (${DURATION} s) and ${again}`,
    `${'baseline'.padEnd(26)}${heads}${pad('after', 7)}  api call(s)`,
    `${"'ok'".padEnd(26)}${cols(baselines.ok)}${pad(baselines.after.ok.rps, 7)}`,
  ];
  const nameOf = new Map(pages.map((p) => [p.key, p.name]));
  for (const p of pages) {
    const b = p.apiBaseline;
    const name = `api: ${p.name}`.padEnd(26);
    if (b.sameAs) {
      lines.push(`${name}  = api: ${nameOf.get(b.sameAs) ?? b.sameAs} (same call, measured once)`);
      continue;
    }
    lines.push(`${name}${cols(b.before)}${pad(b.after ? b.after.rps : '-', 7)}  ${b.calls.join(' + ')}`);
  }
  lines.push(
    '',
    `targets: req/s >= ${share}% of the page's OWN 'same api call' baseline; p95 < ${TARGETS.p95Ms} ms (under load)`,
    `${'page'.padEnd(20)}${heads}${pad('own base', 9)}${pad('vs ok', 6)}${pad('vs own', 7)}` +
      `${pad(`>=${share}%`, 6)}${pad(`p95<${TARGETS.p95Ms}`, 7)}`,
  );
  for (const p of pages) {
    const bad = p.non2xx + p.errors + p.timeouts > 0 ? `  (${p.non2xx} non-2xx, ${p.errors} errors)` : '';
    lines.push(
      `${p.name.padEnd(20)}${cols(p)}${pad(p.apiBaseline.rps, 9)}${pad(p.vsOk.toFixed(2), 6)}` +
        `${pad(p.vsApi.toFixed(2), 7)}${pad(yes(p.meetsShare), 6)}${pad(yes(p.meetsP95), 7)}${bad}`,
    );
  }
  lines.push(
    `kB: mean response size, headers included. own base: req/s of the bare handler making this page's own`,
    `api call(s) (its 'api:' row above), the higher of its two runs. vs ok: page req/s / the 'ok' baseline's`,
    `${baselines.okRps} req/s (higher of its two runs); vs own: page req/s / own base; >=${share}% is judged on vs own.`,
  );
  lines.push(...pages.map((p) => `  ${p.name.padEnd(20)} ${p.path}`));
  if (pages.some((p) => p.ownApi)) {
    lines.push(
      '',
      `each page beside its own api call hit directly (${CONNECTIONS} connections, ${OWN_API} s)`,
    );
    lines.push(`${'page'.padEnd(20)}${pad('page r/s', 9)}${pad('api r/s', 9)}${pad('share', 7)}  api call`);
    for (const p of pages) {
      if (!p.ownApi) continue;
      const shareOfOwn = p.rps / Math.max(1, p.ownApi.rps);
      lines.push(
        `${p.name.padEnd(20)}${pad(p.rps, 9)}${pad(p.ownApi.rps, 9)}${pad(shareOfOwn.toFixed(2), 7)}  ${p.apiPath}`,
      );
    }
  }
  return lines.join('\n');
}

type WeightRow = PageWeight & { noIslandNoJs: boolean; meetsCss: boolean };

function formatWeight(rows: WeightRow[], heaviest: WeightRow, meetsHeaviest: boolean): string {
  const lines = [
    `page weight: JavaScript and CSS each page loads, kB (1,000 bytes), raw / gzip`,
    `targets: 0 JS without an island; heaviest JS <= ${kb(TARGETS.heaviestJsGzip)} gzip; CSS <= ${kb(TARGETS.cssGzip)} gzip`,
    `${'page'.padEnd(26)}${'islands'.padEnd(40)}${pad('JS raw', 8)}${pad('JS gz', 7)}${pad('CSS raw', 8)}${pad('CSS gz', 7)}` +
      `${pad('HTML gz', 8)}${pad('ok', 4)}`,
  ];
  for (const r of rows) {
    const ok = r.noIslandNoJs && r.meetsCss && (r !== heaviest || meetsHeaviest);
    lines.push(
      `${r.path.slice(0, 25).padEnd(26)}${(r.islands.join(',') || '-').slice(0, 39).padEnd(40)}${pad(kb(r.js.raw), 8)}` +
        `${pad(kb(r.js.gzip), 7)}${pad(kb(r.css.raw), 8)}${pad(kb(r.css.gzip), 7)}${pad(kb(r.html.gzip), 8)}${pad(yes(ok), 4)}`,
    );
  }
  lines.push(`heaviest JS: ${heaviest.path}, ${kb(heaviest.js.gzip)} kB gzip: ${yes(meetsHeaviest)}`);
  return lines.join('\n');
}

// --- The api benches (optional files) ---

type ApiBenchModule = {
  run: (options: { log: (line: string) => void } & Record<string, unknown>) => Promise<unknown>;
  format: (bench: never) => string;
};

async function loadCashPeriod(): Promise<ApiBenchModule | null> {
  const file = join(ROOT, 'test', 'bench', 'cash-period.ts');
  if (!existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  if (typeof mod.runCashPeriodBench !== 'function') return null;
  return {
    run: mod.runCashPeriodBench as ApiBenchModule['run'],
    format:
      typeof mod.formatCashPeriodBench === 'function'
        ? (mod.formatCashPeriodBench as ApiBenchModule['format'])
        : (bench) => JSON.stringify(bench, null, 2),
  };
}

function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT }).toString().trim() !== '';
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

async function main() {
  const started = Date.now();
  const machine = {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadBefore: loadavg().map((v) => Math.round(v * 100) / 100),
  };
  if (!existsSync(join(ROOT, 'public', 'build', '.vite', 'manifest.json'))) {
    log('islands not built: npm run build:islands');
    execFileSync('npm', ['run', 'build:islands'], { cwd: ROOT, stdio: 'inherit' });
  }

  log('starting the api and the web…');
  const stack = await startStack(log);
  const onInterrupt = () => {
    void stack.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onInterrupt);
  log(
    `stack: ${stack.runtime}${stack.runtimeNote ? ` (${stack.runtimeNote})` : ''}, ${stack.db}, ` +
      `${stack.sessions} sessions; api pid ${stack.api.proc.pid}, web pid ${stack.web.proc.pid}; ` +
      memoryEnvLine(stack),
  );
  const idle = { api: stack.api.rssMb(), web: stack.web.rssMb() };
  /** Resident set and peak so far after each phase, to tell which one raised the peak. */
  const phases: { phase: string; api: number; apiPeak: number; web: number; webPeak: number }[] = [];
  const phase = (name: string) =>
    phases.push({
      phase: name,
      api: stack.api.rssMb(),
      apiPeak: stack.api.peakRssMb(),
      web: stack.web.rssMb(),
      webPeak: stack.web.peakRssMb(),
    });
  phase('started');
  let browsers: Browser[] = [];
  try {
    log('seeding through the api…');
    const data = await seed(stack.apiUrl);
    phase('seeded');
    log(`signing ${CONNECTIONS} browsers in through the login form…`);
    browsers = await eachLimited(
      Array.from({ length: CONNECTIONS }, () => stack.webUrl),
      5,
      signIn,
    );
    const load: LoadOptions = {
      connections: CONNECTIONS,
      duration: DURATION,
      warmup: WARMUP,
      cookies: browsers.map((b) => b.cookie),
    };

    phase('signed in');
    const cases = pageCases(data);
    const baselineServer = await startBaselines(stack, data, cases);
    const measured: { page: PageCase; r: Measured; ownApi: LoadResult | null }[] = [];
    let baselines: Baselines;
    let apiBaselines: Map<string, ApiBaseline>;
    try {
      const before = await runBaselines(baselineServer, cases, load, 'before');
      for (const page of cases) {
        if (page.cash) {
          log(`unlocking the cash in each of the ${browsers.length} browsers…`);
          await eachLimited(browsers, 5, (b) => unlockCash(stack.webUrl, b));
        }
        await verifyPage(stack.webUrl, page, browsers);
        log(`${page.name}: ${page.path} (${DURATION} s)`);
        const r = await measureBoth(`${stack.webUrl}${page.path}`, load);
        const ownApi = OWN_API > 0 ? await measureOwnApi(stack, data, page) : null;
        phase(page.name);
        measured.push({ page, r, ownApi });
      }
      const after = await runBaselines(baselineServer, cases, load, 'after');
      baselines = {
        ok: before.ok,
        after: { ok: after.ok },
        okRps: Math.max(before.ok.rps, after.ok.rps),
        apiCallAfterSeconds: after.apiCalls.size > 0 ? BASELINE_AFTER : 0,
      };
      apiBaselines = apiBaselinesOf(cases, before, after);
    } finally {
      baselineServer.stop();
    }
    const pages: PageResult[] = measured.map(({ page, r, ownApi }) => {
      const apiBaseline = apiBaselines.get(page.key);
      if (!apiBaseline) throw new Error(`no api-call baseline for ${page.key}`);
      const vsOk = r.rps / Math.max(1, baselines.okRps);
      const vsApi = r.rps / Math.max(1, apiBaseline.rps);
      return {
        key: page.key,
        name: page.name,
        path: page.path,
        apiPath: page.apiPath,
        ...r,
        ownApi,
        apiBaseline,
        vsOk: Math.round(vsOk * 100) / 100,
        vsApi: Math.round(vsApi * 100) / 100,
        meetsShare: vsApi >= TARGETS.apiBaselineShare && r.non2xx === 0,
        meetsP95: r.latency.p95 < TARGETS.p95Ms && r.non2xx === 0,
      };
    });

    log('weighing pages…');
    const cookie = browsers[0]?.cookie;
    const weights: WeightRow[] = [];
    for (const { path, signedIn } of weightPaths(data)) {
      const w = await weighPage(stack.webUrl, path, signedIn ? cookie : undefined);
      weights.push({
        ...w,
        noIslandNoJs: w.islands.length > 0 || w.js.raw === 0,
        meetsCss: w.css.gzip <= TARGETS.cssGzip,
      });
    }
    const heaviest = weights.reduce((a, b) => (b.js.gzip > a.js.gzip ? b : a));
    const meetsHeaviest = heaviest.js.gzip <= TARGETS.heaviestJsGzip;

    phase('weighed');
    const memory = {
      api: { peakMb: stack.api.peakRssMb(), idleMb: idle.api, endMb: stack.api.rssMb() },
      web: { peakMb: stack.web.peakRssMb(), idleMb: idle.web, endMb: stack.web.rssMb() },
    };

    await eachLimited(browsers, 5, (b) => signOut(stack.webUrl, b));
    browsers = [];
    await stack.stop();
    process.off('SIGINT', onInterrupt);

    const stackSeconds = Math.round((Date.now() - started) / 1000);
    let clientsSearch: unknown = null;
    let cashPeriod: unknown = null;
    let painel: unknown = null;
    const apiTables: string[] = [];
    if (process.env.BENCH_API !== '0') {
      const full = process.env.BENCH_FULL === '1';
      log('api bench: client search…');
      const cs = await runClientsSearchBench({
        log,
        ...(full || process.env.BENCH_CLIENTS ? {} : { clients: 20_000, requests: 100 }),
      });
      clientsSearch = cs;
      apiTables.push(formatClientsSearchBench(cs));
      const cp = await loadCashPeriod();
      if (cp) {
        log('api bench: cash by period…');
        cashPeriod = await cp.run({
          log,
          ...(full || process.env.BENCH_ENTRIES ? {} : { entries: 50_000, requests: 10 }),
        });
        apiTables.push(cp.format(cashPeriod as never));
      } else {
        apiTables.push('cash by period: test/bench/cash-period.ts not there yet, skipped');
      }
      // Ten years of history at full size (BENCH_FULL=1) take minutes to seed: a tenth by default.
      log('api bench: painel on years of history…');
      const pb = await runPainelBench({ log, ...(full ? {} : { scale: 0.1, requests: 20 }) });
      painel = pb;
      apiTables.push(formatPainelBench(pb));
    }

    const memoryLines = [
      `memory: peak resident set (VmHWM) of each process over the run; target < ${TARGETS.rssMb} MB`,
      `${'process'.padEnd(9)}${pad('idle MB', 9)}${pad('peak MB', 9)}${pad('end MB', 9)}${pad('ok', 4)}`,
      ...(['web', 'api'] as const).map(
        (k) =>
          `${k.padEnd(9)}${pad(memory[k].idleMb.toFixed(0), 9)}${pad(memory[k].peakMb.toFixed(0), 9)}` +
          `${pad(memory[k].endMb.toFixed(0), 9)}${pad(yes(memory[k].peakMb < TARGETS.rssMb), 4)}`,
      ),
      'after each phase, MB now (peak so far):',
      ...phases.map(
        (p) =>
          `  ${p.phase.padEnd(22)} web ${pad(p.web.toFixed(0), 4)} (${pad(p.webPeak.toFixed(0), 4)})` +
          `   api ${pad(p.api.toFixed(0), 4)} (${pad(p.apiPeak.toFixed(0), 4)})`,
      ),
    ];
    const results = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      machine: { ...machine, loadAfter: loadavg().map((v) => Math.round(v * 100) / 100) },
      stack: {
        runtime: stack.runtime,
        runtimeNote: stack.runtimeNote,
        db: stack.db,
        sessions: stack.sessions,
        memoryEnv: stack.memoryEnv,
        nodeArgs: process.env.BENCH_NODE_ARGS ?? '',
        connections: CONNECTIONS,
        durationSeconds: DURATION,
        warmupSeconds: WARMUP,
      },
      targets: TARGETS,
      seed: {
        clients: data.clientIds.length,
        searchHits: data.matchingNames.length,
        listRows: data.listRows,
        cashEntries: data.cashEntries,
      },
      baselines,
      pages,
      weight: { pages: weights, heaviest: heaviest.path, meetsHeaviest },
      memory: {
        ...memory,
        phases,
        meetsTarget: memory.api.peakMb < TARGETS.rssMb && memory.web.peakMb < TARGETS.rssMb,
      },
      api: { clientsSearch, cashPeriod, painel },
      seconds: { stack: stackSeconds, total: Math.round((Date.now() - started) / 1000) },
    };
    mkdirSync(BENCH_DIR, { recursive: true });
    writeFileSync(join(BENCH_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

    const header =
      `Bancada bench, ${results.date.slice(0, 16).replace('T', ' ')} UTC, commit ${results.commit}\n` +
      `${machine.cpus} cores (${machine.cpu}), node ${machine.node}; load average before ${machine.loadBefore.join(' ')}, ` +
      `after ${results.machine.loadAfter.join(' ')}\n` +
      `stack: ${stack.runtime}${stack.runtimeNote ? ` (${stack.runtimeNote})` : ''}, ${stack.db}, ${stack.sessions} sessions; ` +
      memoryEnvLine(stack);
    process.stdout.write(
      `\n${[header, formatLoad(baselines, pages), formatWeight(weights, heaviest, meetsHeaviest), memoryLines.join('\n'), ...apiTables].join('\n\n')}\n\n` +
        `bench/results.json written; ${results.seconds.total} s in all\n`,
    );
  } catch (err) {
    await eachLimited(browsers, 5, (b) => signOut(stack.webUrl, b)).catch(() => {});
    await stack.stop().catch(() => {});
    throw err;
  }
}

await main().catch((err: unknown) => {
  log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
