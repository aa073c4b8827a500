/**
 * The Painel and the cash report on ten years of a busy shop (seed-years.ts: 200,000 clients, 500,000
 * service orders, 100,000 parts orders, 2,500,000 cash entries):
 * - `GET /reports/dashboard` over HTTP beside the same aggregates called bare (the service function),
 *   and the rendered `/painel` page through the web in front of that api. Target: the Painel alone
 *   under 100 ms p95 on PostgreSQL (docs/decisions/022).
 * - a year's cash report (`GET /reports/cash`, the period chart and totals), and a year's exports, CSV
 *   and XLSX (about 250,000 entries), timed, with the growth of this process's resident memory while one
 *   is written and read (the api runs in-process here, so its buffers are counted).
 * Runs on PostgreSQL when DATABASE_URL is set (BENCH_TARGETS=pglite,postgres for both); on PGlite the
 * history is a tenth of the size unless BENCH_YEARS_SCALE says otherwise.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx test/bench/painel.ts
 *   BENCH_YEARS_SCALE=0.1 … quicker; BENCH_REQUESTS=… timed requests per case (default 40)
 */
import './node-env-production.ts';
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { DbKind } from '../../api/db/connect.ts';
import * as reports from '../../api/reports/service.ts';
import { todayInShop } from '../../domain/dates.ts';
import { addDays } from '../../domain/reports.ts';
import type { TestApi } from '../support/api.ts';
import { type ApiBenchOptions, apiBenchSettings, runWhenMain } from './api-bench-entry.ts';
import { benchTargets, managerSession, onEachTarget } from './api-targets.ts';
import { startBenchWeb, timePages, unlockedBrowser } from './cash-period-web.ts';
import { type SeedTimes, scaled, seedYears, TEN_YEARS, type YearsSize } from './seed-years.ts';
import { type Beside, fetchBody, type Timing, timeBeside } from './timing.ts';

export const PAINEL_TARGET_MS = 100;

type ExportResult = {
  format: 'csv' | 'xlsx';
  entries: number;
  megabytes: number;
  seconds: number;
  rssGrowthMb: number;
};

export type PainelTarget = {
  kind: DbKind;
  size: YearsSize;
  seed: SeedTimes;
  dashboard: Beside & { meetsTarget: boolean };
  page: Timing & { meetsTarget: boolean };
  yearReport: Beside;
  exports: ExportResult[];
};
export type PainelBench = { targets: PainelTarget[] };

/** Downloads `url` to nowhere, sampling this process's RSS; the peak growth over the start, in MB. */
function download(url: string, headers: Record<string, string>) {
  return new Promise<{ bytes: number; seconds: number; rssGrowthMb: number }>((resolve, reject) => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    let bytes = 0;
    get(url, { agent: false, headers }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET ${url}: ${res.statusCode}`));
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => {
        clearInterval(sample);
        peak = Math.max(peak, process.memoryUsage().rss);
        resolve({
          bytes,
          seconds: Math.round((performance.now() - started) / 100) / 10,
          rssGrowthMb: Math.round((peak - before) / 1e5) / 10,
        });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function benchTarget(
  api: TestApi,
  kind: DbKind,
  size: YearsSize,
  requests: number,
  log: (l: string) => void,
) {
  log(`painel: ${kind}, seeding ${size.years} years (${size.entries} entries)…`);
  const seed = await seedYears(api.deps.db, size);
  log(
    `painel: ${kind} seeded in ${Object.values(seed)
      .reduce((a, b) => a + b, 0)
      .toFixed(1)} s ${JSON.stringify(seed)}`,
  );
  const session = managerSession(api);
  await session.fresh();
  const today = todayInShop(api.deps.shopTz);

  const dashboardUrl = `${api.url}/reports/dashboard`;
  const check = await fetchBody(dashboardUrl, session.headers());
  if (check.status !== 200)
    throw new Error(`GET /reports/dashboard: ${check.status} ${check.body.toString()}`);
  const dashboard = await timeBeside({
    times: requests,
    warmUp: 3,
    http: async () => {
      const res = await fetchBody(dashboardUrl, session.headers());
      if (res.status !== 200) throw new Error(`dashboard: ${res.status}`);
    },
    bare: () => reports.dashboard(api.deps, undefined),
    prepare: session.fresh,
  });
  log(
    `painel: ${kind} /reports/dashboard http p95 ${dashboard.http.p95} ms, bare p95 ${dashboard.sql.p95} ms`,
  );

  const web = await startBenchWeb(api);
  let page: Timing;
  try {
    const browser = await unlockedBrowser(web.url);
    const [result] = await timePages(
      web.url,
      browser,
      [{ label: 'painel', path: '/painel', shows: 'receita-30-dias-table' }],
      requests,
      log,
    );
    page = result?.http ?? { p50: 0, p95: 0 };
  } finally {
    await web.stop();
  }
  log(`painel: ${kind} /painel page p95 ${page.p95} ms`);

  const start = addDays(today, -364);
  const period = `start_date=${start}&end_date=${today}`;
  const yearReport = await timeBeside({
    times: Math.max(5, Math.round(requests / 4)),
    warmUp: 2,
    http: async () => {
      const res = await fetchBody(`${api.url}/reports/cash?${period}`, session.headers());
      if (res.status !== 200) throw new Error(`cash report: ${res.status}`);
    },
    bare: () => reports.cashReport(api.deps, start, today),
    prepare: session.fresh,
  });
  log(`painel: ${kind} year's cash report http p95 ${yearReport.http.p95} ms`);

  const summary = await fetchBody(`${api.url}/transactions/period/summary?${period}`, session.headers());
  const entries = (JSON.parse(summary.body.toString()) as { count: number }).count;
  const exports: ExportResult[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    await session.fresh();
    const d = await download(`${api.url}/reports/cash/export.${format}?${period}`, session.headers());
    exports.push({
      format,
      entries,
      megabytes: Math.round(d.bytes / 1e5) / 10,
      seconds: d.seconds,
      rssGrowthMb: d.rssGrowthMb,
    });
    log(
      `painel: ${kind} export ${format}: ${entries} entries, ${d.bytes} bytes in ${d.seconds} s, RSS +${d.rssGrowthMb} MB`,
    );
  }
  return {
    kind,
    size,
    seed,
    dashboard: { ...dashboard, meetsTarget: dashboard.http.p95 < PAINEL_TARGET_MS },
    page: { ...page, meetsTarget: page.p95 < PAINEL_TARGET_MS },
    yearReport,
    exports,
  };
}

export async function runPainelBench(
  options: ApiBenchOptions & { scale?: number } = {},
): Promise<PainelBench> {
  const { requests, log } = apiBenchSettings(options, Number(process.env.BENCH_REQUESTS ?? 40));
  const only = process.env.BENCH_TARGETS?.split(',');
  const kinds = benchTargets(only ?? (process.env.DATABASE_URL ? ['postgres'] : ['pglite']));
  const targets = await onEachTarget(
    kinds,
    (kind) => log(`painel: starting the api on ${kind}…`),
    (api, kind) => {
      const scale = options.scale ?? Number(process.env.BENCH_YEARS_SCALE ?? (kind === 'postgres' ? 1 : 0.1));
      return benchTarget(api, kind, scaled(scale, TEN_YEARS), requests, log);
    },
  );
  return { targets };
}

export function formatPainelBench(bench: PainelBench): string {
  const lines = [
    `painel and cash report on years of history; target: the Painel p95 < ${PAINEL_TARGET_MS} ms`,
  ];
  for (const t of bench.targets) {
    lines.push(
      `${t.kind}: ${t.size.years} years, ${t.size.clients} clients, ${t.size.serviceOrders} service orders, ` +
        `${t.size.partsOrders} parts orders, ${t.size.entries} entries (seeded in ${JSON.stringify(t.seed)} s)`,
      `  GET /reports/dashboard  http p50 ${t.dashboard.http.p50} ms, p95 ${t.dashboard.http.p95} ms; ` +
        `bare p95 ${t.dashboard.sql.p95} ms ${t.dashboard.meetsTarget ? 'ok' : 'OVER'}`,
      `  /painel page            p50 ${t.page.p50} ms, p95 ${t.page.p95} ms ${t.page.meetsTarget ? 'ok' : 'OVER'}`,
      `  GET /reports/cash year  http p95 ${t.yearReport.http.p95} ms; bare p95 ${t.yearReport.sql.p95} ms`,
      ...t.exports.map(
        (e) =>
          `  export ${e.format.padEnd(4)} ${e.entries} entries, ${e.megabytes} MB in ${e.seconds} s, peak RSS growth ${e.rssGrowthMb} MB`,
      ),
    );
  }
  return lines.join('\n');
}

await runWhenMain(import.meta.url, runPainelBench, formatPainelBench);
