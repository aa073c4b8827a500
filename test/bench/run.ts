/**
 * `npm run bench`: performance as staff feel it, on ten years of a busy shop (seed-years.ts). Prints each
 * target with its figure and 'met' / 'NOT met' and writes bench/results.json; docs/benchmarks.md explains
 * every number. Targets are reported, not asserted, with one exception: a response over 300 kB (a page, or
 * an api call the web makes for it) fails the bench (exit code 1), as does a bench that cannot run.
 *
 *   1. every page as a lone request, through the web (web + api as child processes, the image's memory
 *      settings), on PostgreSQL (when DATABASE_URL is set) and on PGlite: p95 < 20 ms / < 60 ms;
 *   2. offered load on the first of those stacks: 200 pages a second over 50 signed-in sessions (open
 *      model, rate.ts): p95 < 25 ms, p99 < 60 ms, no error, each process's RSS < 200 MB, no heap
 *      out-of-memory; then the rate stepped up to the knee (p95 past 50 ms), recorded per core;
 *   3. thin clients, Chromium slowed six times (thin.ts), beside the old single-page app (seed-spa.ts);
 *   4. bytes on the wire: whether compressing pages pays on a 10 Mbit/s link (wire.ts).
 *
 * Knobs: BENCH_YEARS_SCALE (1: the full ten years; 0.02 for a quick run), BENCH_PGLITE_SCALE (the same by
 * default), BENCH_DBS (postgres,pglite: which stacks; PGlite alone without DATABASE_URL),
 * BENCH_LONE_REQUESTS (30 per page), BENCH_RATE (200), BENCH_RATE_SECONDS (60), BENCH_SESSIONS (50),
 * BENCH_KNEE_SECONDS (15 per step; 0 skips the knee), BENCH_KNEE_FROM (50 pages/s, then ×1.25 a step),
 * BENCH_KNEE_MAX (3000),
 * BENCH_THIN_RUNS (5; 0 skips the thin clients), BENCH_RUNTIME (dist|tsx), BENCH_NODE_ARGS.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { apiRelay, getOnce, keepAlive, type LoneResult, MAX_RESPONSE_BYTES, timeLone } from './lone.ts';
import { findKnee, type Knee, offerLoad, type RateRun } from './rate.ts';
import { buildSeedSpa, FLOOR_PATH, type SpaBundle, serveSeedSpa } from './seed-spa.ts';
import { type SeedTimes, scaled, seedYears, TEN_YEARS, type YearsSize } from './seed-years.ts';
import { type Browser, signIn, signOut, unlockCash } from './sessions.ts';
import { BENCH_DIR, MANAGER, ROOT, type Stack, startStack } from './stack.ts';
import { CPU_SLOWDOWN, measureThin, type ThinResult } from './thin.ts';
import { eachLimited } from './util.ts';
import { type PageWeight, weighPage } from './weight.ts';
import { LINK_MBIT, measureWire, type Wire } from './wire.ts';
import { type BenchPage, benchPages, samplesOf, type YearsSamples } from './years-pages.ts';

export const TARGETS = {
  lone: { postgresP95Ms: 20, pgliteP95Ms: 60 },
  maxResponseBytes: MAX_RESPONSE_BYTES,
  offered: { rate: 200, sessions: 50, p95Ms: 25, p99Ms: 60, rssMb: 200 },
  kneeP95Ms: 50,
  thin: { cpuSlowdown: CPU_SLOWDOWN, firstLoadSpeedup: 3, navigationMs: 300 },
  wire: { linkMbit: LINK_MBIT },
};

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const YEARS_SCALE = env('BENCH_YEARS_SCALE', 1);
const PGLITE_SCALE = env('BENCH_PGLITE_SCALE', YEARS_SCALE);
const LONE_REQUESTS = env('BENCH_LONE_REQUESTS', 30);
const RATE = env('BENCH_RATE', TARGETS.offered.rate);
const RATE_SECONDS = env('BENCH_RATE_SECONDS', 60);
const SESSIONS = env('BENCH_SESSIONS', TARGETS.offered.sessions);
const KNEE_SECONDS = env('BENCH_KNEE_SECONDS', 15);
const KNEE_FROM = env('BENCH_KNEE_FROM', 50);
const KNEE_MAX = env('BENCH_KNEE_MAX', 3000);
const THIN_RUNS = env('BENCH_THIN_RUNS', 5);

const log = (line: string) =>
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const pad = (v: string | number, n: number) => String(v).padStart(n);
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ratio = (a: number, b: number) => Math.round((a / Math.max(1, b)) * 10) / 10;

type DbKind = 'postgres' | 'pglite';

type LoneRun = {
  db: DbKind;
  size: YearsSize;
  seed: SeedTimes;
  stack: { runtime: string; runtimeNote: string; sessions: string; memoryEnv: Record<string, string> };
  limitMs: number;
  pages: (LoneResult & { meets: boolean })[];
  met: boolean;
};

type Offered = {
  db: DbKind;
  run: RateRun;
  /** Pages of the mix; pages over 300 kB are left out of it (they have failed already). */
  mix: string[];
  leftOut: string[];
  heapOom: string[];
  met: { p95: boolean; p99: boolean; noError: boolean; rss: boolean; noOom: boolean; all: boolean };
  knee: Knee | null;
};

type ThinRun = ThinResult & {
  spaBundle: SpaBundle;
  weights: PageWeight[];
  met: { speedup: boolean; navigations: boolean };
};

type WireRun = Wire & { pagesCompressed: boolean; assetsCompressed: boolean };

function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT }).toString().trim() !== '';
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

/** Lines of the api's and the web's logs that tell of a heap out of memory. */
function heapOomLines(): string[] {
  const lines: string[] = [];
  for (const name of ['api', 'web']) {
    const file = join(BENCH_DIR, `${name}.log`);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/heap out of memory|Allocation failed|FATAL ERROR/i.test(line))
        lines.push(`${name}: ${line.trim()}`);
    }
  }
  return lines;
}

async function signedIn(webUrl: string): Promise<Browser> {
  const browser = await signIn(webUrl);
  await unlockCash(webUrl, browser);
  return browser;
}

/** Does the web answer a page compressed when the browser takes it; and a stylesheet? */
async function compressedOnWire(webUrl: string, cookie: string, pagePath: string) {
  const encodingOf = async (path: string) => {
    const res = await request(`${webUrl}${path}`, {
      headers: { cookie, 'accept-encoding': 'br, gzip' },
      dispatcher: keepAlive,
    });
    await res.body.dump({ limit: Number.POSITIVE_INFINITY });
    return String(res.headers['content-encoding'] ?? '');
  };
  const page = await getOnce(`${webUrl}${pagePath}`, cookie);
  const css = /href="(\/static\/css\/app\.css[^"]*)"/.exec(page.body.toString())?.[1];
  return {
    pagesCompressed: (await encodingOf(pagePath)) !== '',
    assetsCompressed: css ? (await encodingOf(css)) !== '' : false,
  };
}

async function benchOn(
  db: DbKind,
  first: boolean,
  results: {
    lone: LoneRun[];
    offered: Offered | null;
    thin: ThinRun | null;
    thinSkipped: string | null;
    wire: WireRun | null;
  },
) {
  const size = scaled(db === 'pglite' ? PGLITE_SCALE : YEARS_SCALE, TEN_YEARS);
  let seed: SeedTimes | null = null;
  let samples: YearsSamples | null = null;
  log(
    `${db}: seeding ${size.years} years (${size.clients} clients, ${size.serviceOrders} service orders, ` +
      `${size.partsOrders} parts orders, ${size.entries} entries), then starting the api and the web…`,
  );
  const stack: Stack = await startStack(log, {
    db,
    fill: async (d) => {
      seed = await seedYears(d, size);
      samples = await samplesOf(d);
    },
  });
  const onInterrupt = () => {
    void stack.stop().finally(() => process.exit(130));
  };
  // Ctrl-C, or a kill: the stack's schema (or data folder) goes with it.
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);
  const sessions: Browser[] = [];
  try {
    if (!seed || !samples) throw new Error('the history was not written');
    const s: YearsSamples = samples;
    log(
      `${db}: seeded ${JSON.stringify(seed)} s; ${stack.runtime}${stack.runtimeNote ? ` (${stack.runtimeNote})` : ''}`,
    );
    const pages = benchPages(s);
    const browser = await signedIn(stack.webUrl);
    sessions.push(browser);

    // The api calls each page makes, counted by a second web in front of a relay of the api.
    const relay = await apiRelay(stack.apiUrl);
    const sizing = await stack.startWeb('web-sizes', relay.url);
    let lone: LoneResult[];
    try {
      const sizingBrowser = await signedIn(sizing.url);
      const apiCallsOf = async (page: BenchPage) => {
        relay.take();
        const got = await getOnce(`${sizing.url}${page.path}`, sizingBrowser.cookie);
        if (got.status !== 200) throw new Error(`GET ${page.path} (through the relay): ${got.status}`);
        return relay.take();
      };
      log(`${db}: each page alone, ${LONE_REQUESTS} requests in a row…`);
      lone = await timeLone(stack.webUrl, browser.cookie, pages, LONE_REQUESTS, 3, apiCallsOf, log, {
        web: stack.web.proc.pid,
        api: stack.api.proc.pid,
      });
      await signOut(sizing.url, sizingBrowser);
    } finally {
      await sizing.stop();
      await relay.close();
    }
    const limitMs = db === 'postgres' ? TARGETS.lone.postgresP95Ms : TARGETS.lone.pgliteP95Ms;
    const judged = lone.map((p) => ({ ...p, meets: !p.oversize && p.latency.p95 < limitMs }));
    results.lone.push({
      db,
      size,
      seed,
      stack: {
        runtime: stack.runtime,
        runtimeNote: stack.runtimeNote,
        sessions: stack.sessions,
        memoryEnv: stack.memoryEnv,
      },
      limitMs,
      pages: judged,
      met: judged.every((p) => p.meets),
    });
    if (!first) return;

    // 4. Bytes on the wire: the pages' HTML as the web makes it.
    const mixPages = lone.filter((p) => !p.oversize);
    const bodies = [];
    for (const p of mixPages) {
      bodies.push({ key: p.key, html: (await getOnce(`${stack.webUrl}${p.path}`, browser.cookie)).body });
    }
    const onWire = await compressedOnWire(stack.webUrl, browser.cookie, mixPages[0]?.path ?? '/consulta');
    results.wire = { ...measureWire(bodies, RATE), ...onWire };

    // 2. Offered load.
    log(`${db}: signing ${SESSIONS} sessions in (cash unlocked in each)…`);
    sessions.push(
      ...(await eachLimited(
        Array.from({ length: SESSIONS - 1 }, () => stack.webUrl),
        5,
        signedIn,
      )),
    );
    const cookies = sessions.map((b) => b.cookie);
    const paths = mixPages.map((p) => p.path);
    log(
      `${db}: ${RATE} pages/s for ${RATE_SECONDS} s over ${sessions.length} sessions (${paths.length} pages)…`,
    );
    const run = await offerLoad({
      webUrl: stack.webUrl,
      paths,
      cookies,
      rate: RATE,
      seconds: RATE_SECONDS,
      warmup: 5,
      watch: [stack.web, stack.api],
    });
    const heapOom = [
      ...heapOomLines(),
      ...[stack.web, stack.api]
        .filter((c) => c.proc.exitCode !== null || c.proc.signalCode !== null)
        .map((c) => `${c.name} exited (${c.proc.exitCode ?? c.proc.signalCode})`),
    ];
    const o = TARGETS.offered;
    const met = {
      p95: run.latency.p95 < o.p95Ms,
      p99: run.latency.p99 < o.p99Ms,
      noError: run.errors + run.non200 === 0 && run.completed === run.sent,
      rss: Object.values(run.peakRssMb).every((mb) => mb < o.rssMb),
      noOom: heapOom.length === 0,
    };
    log(`${db}: offered ${RATE}/s: p95 ${run.latency.p95} ms, p99 ${run.latency.p99} ms`);
    let knee: Knee | null = null;
    if (KNEE_SECONDS > 0 && heapOom.length === 0) {
      log(`${db}: stepping the rate up to the knee (p95 past ${TARGETS.kneeP95Ms} ms)…`);
      knee = await findKnee({
        webUrl: stack.webUrl,
        paths,
        cookies,
        from: KNEE_FROM,
        factor: 1.25,
        max: KNEE_MAX,
        seconds: KNEE_SECONDS,
        warmup: 2,
        limitMs: TARGETS.kneeP95Ms,
        cores: availableParallelism(),
        watch: [stack.web, stack.api],
        log,
      });
    }
    results.offered = {
      db,
      run,
      mix: mixPages.map((p) => p.key),
      leftOut: lone.filter((p) => p.oversize).map((p) => p.key),
      heapOom,
      met: { ...met, all: Object.values(met).every(Boolean) },
      knee,
    };

    // 3. Thin clients (on a stack still standing: the offered load may have ended a process).
    const dead = [stack.web, stack.api].filter((c) => c.proc.exitCode !== null || c.proc.signalCode !== null);
    if (dead.length > 0) {
      results.thinSkipped = `${dead.map((c) => c.name).join(' and ')} ended during the offered load`;
    } else if (THIN_RUNS > 0) {
      const spaBundle = await buildSeedSpa(log);
      const spa = await serveSeedSpa();
      try {
        log(`${db}: thin clients, Chromium with the CPU slowed ${CPU_SLOWDOWN}×, ${THIN_RUNS} runs each…`);
        const thin = await measureThin({
          webUrl: stack.webUrl,
          spaUrl: spa.url,
          floorUrl: `${spa.url}${FLOOR_PATH}`,
          cookie: browser.cookie,
          credentials: MANAGER,
          order: s.serviceOrder,
          runs: THIN_RUNS,
          log,
        });
        const weights = [];
        for (const path of ['/', `/consulta?q=${encodeURIComponent(s.serviceOrder.number)}&tipo=os`]) {
          weights.push(await weighPage(stack.webUrl, path, path === '/' ? undefined : browser.cookie));
        }
        weights.push(await weighPage(stack.webUrl, `/os/${s.serviceOrder.id}`, browser.cookie));
        weights.push(await weighPage(stack.webUrl, `/os/${s.serviceOrder.id}/imprimir`, browser.cookie));
        const t = TARGETS.thin;
        const navigations = [...thin.firstLoads, ...thin.sequence];
        results.thin = {
          ...thin,
          spaBundle,
          weights,
          met: {
            speedup: thin.speedup >= t.firstLoadSpeedup,
            navigations: navigations.every((n) => n.medianMs < t.navigationMs),
          },
        };
      } finally {
        await spa.close();
      }
    }
  } finally {
    await eachLimited(sessions, 5, (b) => signOut(stack.webUrl, b)).catch(() => {});
    await stack.stop();
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
}

// --- Printing ---

function formatLone(run: LoneRun): string {
  const lines = [
    `1. every page as a lone request, ${run.db} (${run.size.years} years: ${run.size.clients} clients, ` +
      `${run.size.serviceOrders} service orders, ${run.size.partsOrders} parts orders, ${run.size.entries} entries)`,
    `   target: p95 < ${run.limitMs} ms on every page, no response over ${kb(MAX_RESPONSE_BYTES)} kB`,
    `   ${'page'.padEnd(28)}${pad('p50', 7)}${pad('p95', 7)}${pad('max', 7)}${pad('CPU', 7)}${pad('page kB', 9)}${pad('api kB', 8)}  verdict`,
  ];
  for (const p of run.pages) {
    const apiMax = Math.max(0, ...p.apiCalls.map((c) => c.bytes));
    lines.push(
      `   ${p.key.padEnd(28)}${pad(p.latency.p50, 7)}${pad(p.latency.p95, 7)}${pad(p.latency.max, 7)}` +
        `${pad(p.cpu?.system ?? '-', 7)}` +
        `${pad(kb(p.bytes), 9)}${pad(kb(apiMax), 8)}  ${p.oversize ? 'NOT met (over 300 kB)' : verdict(p.meets)}`,
    );
  }
  const worst = run.pages.reduce((a, b) => (b.latency.p95 > a.latency.p95 ? b : a));
  lines.push(
    `   => ${run.db}: ${run.pages.filter((p) => p.meets).length} of ${run.pages.length} pages met; ` +
      `slowest p95 ${worst.latency.p95} ms (${worst.key}): ${verdict(run.met)}`,
  );
  return lines.join('\n');
}

function formatOffered(o: Offered): string {
  const t = TARGETS.offered;
  const r = o.run;
  const rss = Object.entries(r.peakRssMb)
    .map(([k, v]) => `${k} ${v} MB`)
    .join(', ');
  const lines = [
    `2. offered load, ${o.db}: ${r.rate} pages/s for ${r.seconds} s over ${SESSIONS} sessions, open model ` +
      `(${o.mix.length} pages in the mix${o.leftOut.length ? `; left out, over 300 kB: ${o.leftOut.join(', ')}` : ''})`,
    `   sent ${r.sent}, answered ${r.completed} (${r.achieved}/s); generator lag p99 ${r.sendLagP99} ms`,
    `   p95 ${r.latency.p95} ms (target < ${t.p95Ms}): ${verdict(o.met.p95)}`,
    `   p99 ${r.latency.p99} ms (target < ${t.p99Ms}): ${verdict(o.met.p99)}`,
    ...(r.cpu
      ? [
          `   CPU per page: web ${r.cpu.web} ms, api ${r.cpu.api} ms, the rest (PostgreSQL, Redis, kernel) ` +
            `${r.cpu.rest} ms = ${r.cpu.system} ms (the generator's own ${r.cpu.bench} ms apart): ` +
            `${r.rate}/s needs ${r.cpu.coresAtRate} of ${availableParallelism()} cores; ` +
            `the host took ${r.cpu.stolenPercent} % of the cores' time (steal)`,
        ]
      : []),
    `   errors ${r.errors}, non-200 ${r.non200} (target none): ${verdict(o.met.noError)}`,
    `   peak RSS ${rss} (target < ${t.rssMb} MB each): ${verdict(o.met.rss)}`,
    `   heap out of memory: ${o.heapOom.length ? o.heapOom.join('; ') : 'none'}: ${verdict(o.met.noOom)}`,
    `   => offered load: ${verdict(o.met.all)}`,
  ];
  if (o.knee) {
    const k = o.knee;
    lines.push(
      `   knee (p95 past ${TARGETS.kneeP95Ms} ms): ${k.steps.map((s) => `${s.rate}/s p95 ${s.latency.p95}`).join(', ')}`,
      `   => capacity: ${k.lastGood === null ? `under ${KNEE_FROM}` : k.lastGood} pages/s on ${k.cores} cores, ` +
        `${k.perCore ?? '-'} pages/s per core${k.kneeRate === null ? ` (no knee up to ${KNEE_MAX}/s)` : `; knee at ${k.kneeRate}/s`}`,
    );
  }
  return lines.join('\n');
}

function formatThin(t: ThinRun): string {
  const lines = [
    `3. thin clients: Chromium, CPU slowed ${CPU_SLOWDOWN}× (CDP), navigation start to main button enabled, median ms`,
    `   by the page's clock (the target), then as the driver saw it (its CDP round trips and polling added)`,
    ...t.firstLoads.map(
      (m) =>
        `   first load, ${m.name.padEnd(34)}${pad(m.medianMs, 6)}  (${m.runs.join(', ')})  driver ${m.driverMedianMs}`,
    ),
    ...[t.spa, t.floor].map(
      (m) =>
        `   first load, ${m.name.padEnd(34)}${pad(m.medianMs, 6)}  (${m.runs.join(', ')})  driver ${m.driverMedianMs}`,
    ),
    ...t.sequence.map(
      (m) =>
        `   navigation, ${m.name.padEnd(33)}${pad(m.medianMs, 6)}  (${m.runs.join(', ')})  driver ${m.driverMedianMs}`,
    ),
    `   the old app's bundle: JS ${kb(t.spaBundle.js.raw)} kB raw / ${kb(t.spaBundle.js.gzip)} kB gzip, ` +
      `CSS ${kb(t.spaBundle.css.raw)} / ${kb(t.spaBundle.css.gzip)} kB`,
    ...t.weights.map(
      (w) =>
        `   Bancada ${w.path.slice(0, 30).padEnd(31)} JS ${kb(w.js.raw)} / ${kb(w.js.gzip)} kB, ` +
        `CSS ${kb(w.css.raw)} / ${kb(w.css.gzip)} kB, HTML ${kb(w.html.raw)} / ${kb(w.html.gzip)} kB`,
    ),
    `   => usable ${t.speedup}× sooner than the old app on first load (target >= ${TARGETS.thin.firstLoadSpeedup}×): ${verdict(t.met.speedup)}`,
    `   (the old app takes ${ratio(t.spa.medianMs, t.floor.medianMs)}× the floor's time: no page can be usable more than that much sooner here)`,
    `   => every navigation under ${TARGETS.thin.navigationMs} ms slowed: ${verdict(t.met.navigations)}`,
  ];
  return lines.join('\n');
}

function formatWire(w: WireRun): string {
  const sorted = [...w.rows].sort((a, b) => b.raw - a.raw).slice(0, 8);
  const lines = [
    `4. bytes on the wire: pages compressed or not, on a ${LINK_MBIT} Mbit/s link (gzip 6, brotli 4)`,
    `   ${'page (8 largest)'.padEnd(24)}${pad('raw kB', 8)}${pad('gz kB', 7)}${pad('br kB', 7)}${pad('gz ms', 7)}` +
      `${pad('br ms', 7)}${pad('link raw', 9)}${pad('link br', 8)}`,
    ...sorted.map(
      (r) =>
        `   ${r.key.padEnd(24)}${pad(kb(r.raw), 8)}${pad(kb(r.gzip), 7)}${pad(kb(r.brotli), 7)}${pad(r.gzipMs, 7)}` +
        `${pad(r.brotliMs, 7)}${pad(r.rawLinkMs, 9)}${pad(r.brotliLinkMs, 8)}`,
    ),
    `   all ${w.rows.length} pages: ${kb(w.totals.raw)} kB raw, ${kb(w.totals.gzip)} gzip, ${kb(w.totals.brotli)} brotli`,
    `   per page on average: link time saved gzip ${w.meanSavedMs.gzip} ms / brotli ${w.meanSavedMs.brotli} ms; ` +
      `CPU (compress + inflate) gzip ${w.meanCpuMs.gzip} ms / brotli ${w.meanCpuMs.brotli} ms`,
    `   CPU at ${w.coreShareAtRate.rate} pages/s: gzip ${w.coreShareAtRate.gzip} core, brotli ${w.coreShareAtRate.brotli} core`,
    `   => compressing pages pays: gzip ${w.pays.gzip ? 'yes' : 'no'}, brotli ${w.pays.brotli ? 'yes' : 'no'}; ` +
      `pages sent compressed now: ${w.pagesCompressed ? 'yes' : 'no'}; static assets compressed: ${w.assetsCompressed ? 'yes' : 'no'}`,
    `   => ${verdict(w.assetsCompressed && w.pagesCompressed === (w.pays.gzip || w.pays.brotli))} ` +
      `(assets compressed, and pages compressed exactly when it pays)`,
  ];
  return lines.join('\n');
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
  // Built as a release builds them: the islands, and every static file's compressed copies (a copy
  // older than its source is not served, so a stylesheet changed since the last build would go plain).
  log('npm run build:islands');
  execFileSync('npm', ['run', 'build:islands'], { cwd: ROOT, stdio: 'inherit' });
  const asked = (process.env.BENCH_DBS ?? 'postgres,pglite').split(',').map((d) => d.trim());
  const dbs = (['postgres', 'pglite'] as const).filter(
    (d) => asked.includes(d) && (d === 'pglite' || process.env.DATABASE_URL),
  );
  if (dbs.length === 0) throw new Error(`BENCH_DBS=${process.env.BENCH_DBS}: nothing to run`);
  const results = {
    lone: [] as LoneRun[],
    offered: null as Offered | null,
    thin: null as ThinRun | null,
    thinSkipped: null as string | null,
    wire: null as WireRun | null,
  };
  for (const [i, db] of dbs.entries()) await benchOn(db, i === 0, results);

  const oversize = results.lone.flatMap((run) =>
    run.pages.flatMap((p) => [
      ...(p.bytes > MAX_RESPONSE_BYTES ? [`${run.db} ${p.path}: page ${kb(p.bytes)} kB`] : []),
      ...p.apiCalls
        .filter((c) => c.bytes > MAX_RESPONSE_BYTES)
        .map((c) => `${run.db} ${p.path}: api ${c.method} ${c.url} ${kb(c.bytes)} kB`),
    ]),
  );
  const out = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: { ...machine, loadAfter: loadavg().map((v) => Math.round(v * 100) / 100) },
    knobs: {
      yearsScale: YEARS_SCALE,
      pgliteScale: PGLITE_SCALE,
      loneRequests: LONE_REQUESTS,
      rate: RATE,
      rateSeconds: RATE_SECONDS,
      sessions: SESSIONS,
      kneeSeconds: KNEE_SECONDS,
      kneeFrom: KNEE_FROM,
      thinRuns: THIN_RUNS,
      nodeArgs: process.env.BENCH_NODE_ARGS ?? '',
    },
    targets: TARGETS,
    ...results,
    oversize,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(join(BENCH_DIR, 'results.json'), `${JSON.stringify(out, null, 2)}\n`);

  const header =
    `Bancada bench, ${out.date.slice(0, 16).replace('T', ' ')} UTC, commit ${out.commit}\n` +
    `${machine.cpus} cores (${machine.cpu}), node ${machine.node}; load average before ${machine.loadBefore.join(' ')}, ` +
    `after ${out.machine.loadAfter.join(' ')}\n` +
    `stacks: ${results.lone.map((l) => `${l.db} on ${l.stack.runtime}, ${l.stack.sessions} sessions`).join('; ')}; ` +
    `memory settings ${JSON.stringify(results.lone[0]?.stack.memoryEnv ?? {})}` +
    (YEARS_SCALE !== 1 || PGLITE_SCALE !== 1
      ? `\nSMALL SCALE: BENCH_YEARS_SCALE=${YEARS_SCALE}, BENCH_PGLITE_SCALE=${PGLITE_SCALE} (not the ten years)`
      : '');
  const sections = [
    header,
    ...results.lone.map(formatLone),
    results.offered ? formatOffered(results.offered) : '2. offered load: not run',
    results.thin
      ? formatThin(results.thin)
      : `3. thin clients: NOT run (${results.thinSkipped ?? 'BENCH_THIN_RUNS=0'})`,
    results.wire ? formatWire(results.wire) : '4. bytes on the wire: not run',
  ];
  process.stdout.write(`\n${sections.join('\n\n')}\n\nbench/results.json written; ${out.seconds} s in all\n`);
  if (oversize.length > 0) {
    process.stdout.write(
      `\nFAILED: ${oversize.length} response(s) over ${kb(MAX_RESPONSE_BYTES)} kB (an unbounded read):\n` +
        `${oversize.map((line) => `  ${line}`).join('\n')}\n`,
    );
    process.exitCode = 1;
  }
}

await main()
  .catch((err: unknown) => {
    log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exitCode = 1;
  })
  .finally(() => keepAlive.close());
