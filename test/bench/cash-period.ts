/**
 * Cash by period speed (SPEC §2 Cash by period; API.md Cash): 250,000 generated entries over one year
 * (every type, the orders' entries linked to service orders and parts orders with their clients), then
 * - the api over HTTP beside the bare SQL of the same queries (the repository functions, same database,
 *   same run): `GET /transactions/period` whole for one day, one month and the whole year, and the calls
 *   the period page makes for the year: the summary, the first page, both together (as the page makes
 *   them, in parallel, beside both queries in parallel) and the last page. Target, reported and not
 *   asserted: the api's p95 under 3x the bare queries'.
 * - the rendered page `/caixa-periodo` of the web, started in-process in front of that same api and
 *   signed in with the cash unlocked by the manager as a browser does: the year's first and last pages,
 *   one month and one day. Target: p95 under 300 ms.
 * Runs on a fresh PGlite, and on PostgreSQL too when DATABASE_URL is set (in a schema of its own,
 * dropped afterwards).
 *
 * The HTTP time is until the last byte of the body has arrived (the server's work: queries, shaping,
 * JSON or HTML, sending); the client's own parsing is left out, and the answer is checked once.
 *
 *   npx tsx test/bench/cash-period.ts   # BENCH_ENTRIES=50000 quicker, BENCH_EXPLAIN=1 prints the plans,
 *                                       # BENCH_TARGETS=postgres one target only
 */
// First: React's build is chosen when it is first loaded.
import './node-env-production.ts';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { DbKind } from '../../api/db/connect.ts';
import {
  cashEntriesBetween,
  cashEntriesBetweenQuery,
  cashEntriesSliceQuery,
  cashTotalsBetween,
  cashTotalsBetweenQuery,
} from '../../api/transactions/repository.ts';
import { PERIOD_PAGE_SIZE } from '../../server/cash-period.ts';
import { count } from '../../views/format.ts';
import type { TestApi } from '../support/api.ts';
import { type ApiBenchOptions, apiBenchSettings, runWhenMain } from './api-bench-entry.ts';
import { besideCells, fixed, planSections, planText, targetRow } from './api-table.ts';
import { benchTargets, managerSession, onEachTarget } from './api-targets.ts';
import {
  PAGE_TARGET_MS,
  type PageCase,
  type PageResult,
  startBenchWeb,
  timePages,
  unlockedBrowser,
} from './cash-period-web.ts';
import { type Beside, fetchBody, type Timing, timeBeside } from './timing.ts';

export const TARGET_RATIO = 3;
export { PAGE_TARGET_MS, type PageResult, type Timing };

export type CaseResult = Beside & {
  label: string;
  start: string;
  end: string;
  entries: number;
  /** Size of the JSON answer, in MB. */
  megabytes: number;
  meetsTarget: boolean;
};
export type TargetResult = {
  kind: DbKind;
  entries: number;
  insertSeconds: number;
  cases: CaseResult[];
  pages: PageResult[];
  /** EXPLAIN ANALYZE of each case, when asked for (BENCH_EXPLAIN=1). */
  plans?: Record<string, string>;
};
export type CashPeriodBench = { targets: TargetResult[] };

export type BenchOptions = ApiBenchOptions & { entries?: number };

const YEAR_START = '2025-01-01';
const YEAR_END = '2025-12-31';
const CLIENTS = 5_000;

/**
 * Clients, service orders and parts orders, then the entries, all generated inside the database (so the
 * fill takes seconds, not minutes) and the same on every run: the type of entry i comes from a fixed hash
 * of i, its business date grows with i over the year (entries are written as days go by). 101 goes to a
 * service order or a parts order, 102/104 close one each (at most one close per order), 301/302 cancel
 * one; 103 and 201 stand alone.
 */
export async function fill(api: TestApi, entries: number): Promise<number> {
  const db = api.deps.db;
  const start = performance.now();
  const serviceOrders = Math.ceil(entries * 0.24);
  const partsOrders = Math.ceil(entries * 0.1);
  await sql`INSERT INTO clients (name, phone1)
    SELECT (array['Maria','José','Ana','João','Francisca','Antônio','Adriana','Carlos'])[1 + i % 8]
        || ' ' || (array['Silva','Santos','Oliveira','Souza','Lima','Pereira','Gonçalves'])[1 + (i / 8) % 7]
        || ' ' || i,
      '(11) 9' || lpad(i::text, 8, '0')
    FROM generate_series(1, ${CLIENTS}::int) AS i`.execute(db);
  const { min: firstClient } = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.min<number>('id').as('min'))
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO service_orders (kind, number, status, client_id, product_name, product_brand)
    SELECT 'normal', 'M' || lpad(i::text, 6, '0'), 100, ${firstClient} + (i * 7) % ${CLIENTS},
      (array['Notebook','Televisor','Celular','Micro-ondas','Caixa de som'])[1 + i % 5] || ' ' || (i % 97),
      (array['Dell','Samsung','LG','Motorola','Apple','Philips'])[1 + i % 6]
    FROM generate_series(1, ${serviceOrders}::int) AS i`.execute(db);
  await sql`INSERT INTO orders (number, status, client_id, piece_name, piece_value_cents)
    SELECT 'P' || lpad(i::text, 6, '0'), 100, ${firstClient} + (i * 13) % ${CLIENTS},
      (array['Tela','Bateria','Placa','Teclado','Fonte'])[1 + i % 5] || ' ' || (i % 53), 1000 + i % 90000
    FROM generate_series(1, ${partsOrders}::int) AS i`.execute(db);
  const firstOf = async (table: 'service_orders' | 'orders') =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.min<number>('id').as('min'))
        .executeTakeFirstOrThrow()
    ).min;
  const so = await firstOf('service_orders');
  const o = await firstOf('orders');

  await sql`
    WITH g AS (
      SELECT i, ((i::bigint * 2654435761) % 1000)::int AS h FROM generate_series(1, ${entries}::int) AS i
    ), typed AS (
      SELECT i, h, CASE
          WHEN h < 200 THEN 101 WHEN h < 400 THEN 102 WHEN h < 650 THEN 103 WHEN h < 730 THEN 104
          WHEN h < 900 THEN 201 WHEN h < 950 THEN 301 ELSE 302 END AS type
      FROM g
    ), ranked AS (
      SELECT i, h, type, row_number() OVER (PARTITION BY type ORDER BY i) AS rn FROM typed
    )
    INSERT INTO transactions (type, value_cents, description, date, payment_method,
      service_order_id, order_id, created_at)
    SELECT type,
      500 + (i * 37) % 150000,
      (array['Pagamento','Venda balcão','Compra de peças','Serviço','Cabo USB','Película'])[1 + i % 6],
      ${YEAR_START}::date + ((i - 1) * 365 / ${entries})::int,
      (array['Dinheiro','Pix','Cartão de crédito','Cartão de débito'])[1 + i % 4],
      CASE
        WHEN type = 101 AND h % 10 < 6 THEN ${so} + (i * 11) % ${serviceOrders}
        WHEN type = 102 AND rn <= ${serviceOrders} THEN ${so} + rn - 1
        WHEN type = 301 THEN ${so} + (i * 17) % ${serviceOrders}
      END,
      CASE
        WHEN type = 101 AND h % 10 BETWEEN 6 AND 8 THEN ${o} + (i * 11) % ${partsOrders}
        WHEN type = 104 AND rn <= ${partsOrders} THEN ${o} + rn - 1
        WHEN type = 302 THEN ${o} + (i * 17) % ${partsOrders}
      END,
      (${YEAR_START}::date + ((i - 1) * 365 / ${entries})::int)::timestamp + interval '9 hours'
        + (i % 600) * interval '1 minute'
    FROM ranked`.execute(db);
  // A few deleted entries, as a real history has.
  await sql`UPDATE transactions SET deleted_at = now() WHERE id % 97 = 0`.execute(db);
  await sql`VACUUM ANALYZE clients, service_orders, orders, transactions`.execute(db);
  return (performance.now() - start) / 1000;
}

/** One line of the api table: the calls a screen makes (in parallel, as the web makes them), bare beside. */
type ApiCase = {
  label: string;
  start: string;
  end: string;
  /** The api paths with their queries. */
  paths: string[];
  /** The same queries straight through the repository, in parallel as the api would run them. */
  bare: () => Promise<unknown>;
  /** EXPLAIN ANALYZE of each query, when asked for. */
  plans: (() => Promise<Record<string, unknown>[]>)[];
  /** How many entries the answers speak of: the list's length, or the summary's count. */
  entriesOf: (bodies: unknown[]) => number;
};

const period = (start: string, end: string) => `start_date=${start}&end_date=${end}`;
const listLength = (bodies: unknown[]) => (bodies[0] as unknown[]).length;
const summaryCount = (bodies: unknown[]) => (bodies[0] as { count: number }).count;
const analyze = sql`analyze, buffers`;

function apiCases(api: TestApi, yearCount: number): ApiCase[] {
  const db = api.deps.db;
  const whole = (label: string, start: string, end: string): ApiCase => ({
    label,
    start,
    end,
    paths: [`/transactions/period?${period(start, end)}`],
    bare: () => cashEntriesBetween(db, start, end),
    plans: [() => cashEntriesBetweenQuery(db, start, end).explain('text', analyze)],
    entriesOf: listLength,
  });
  const summary = {
    path: `/transactions/period/summary?${period(YEAR_START, YEAR_END)}`,
    bare: () => cashTotalsBetween(db, YEAR_START, YEAR_END),
    plan: () => cashTotalsBetweenQuery(db, YEAR_START, YEAR_END).explain('text', analyze),
  };
  const page = (offset: number) => ({
    path: `/transactions/period?${period(YEAR_START, YEAR_END)}&limit=${PERIOD_PAGE_SIZE}&offset=${offset}`,
    bare: () => cashEntriesBetween(db, YEAR_START, YEAR_END, { limit: PERIOD_PAGE_SIZE, offset }),
    plan: () =>
      cashEntriesSliceQuery(db, YEAR_START, YEAR_END, { limit: PERIOD_PAGE_SIZE, offset }).explain(
        'text',
        analyze,
      ),
  });
  const first = page(0);
  const last = page((Math.max(1, Math.ceil(yearCount / PERIOD_PAGE_SIZE)) - 1) * PERIOD_PAGE_SIZE);
  const year = { start: YEAR_START, end: YEAR_END };
  /** A call over the whole year: its api path, the same query bare, and that query's plan. */
  type YearCall = { path: string; bare: ApiCase['bare']; plan: ApiCase['plans'][number] };
  const alone = (label: string, call: YearCall, entriesOf: ApiCase['entriesOf']): ApiCase => ({
    label,
    ...year,
    paths: [call.path],
    bare: call.bare,
    plans: [call.plan],
    entriesOf,
  });
  return [
    whole('one day', '2025-06-16', '2025-06-16'),
    whole('one month', '2025-06-01', '2025-06-30'),
    whole('whole year', YEAR_START, YEAR_END),
    alone('year summary', summary, summaryCount),
    alone('year page 1', first, listLength),
    {
      label: 'summary+page 1',
      ...year,
      paths: [summary.path, first.path],
      bare: () => Promise.all([summary.bare(), first.bare()]),
      plans: [],
      entriesOf: (bodies) => (bodies[1] as unknown[]).length,
    },
    alone('year last page', last, listLength),
  ];
}

/** The pages of the web: the year's first and last, a month, a day. */
function pageCases(yearCount: number, monthCount: number): PageCase[] {
  const at = (de: string, ate: string, pagina?: number) =>
    `/caixa-periodo?${new URLSearchParams({ de, ate, ...(pagina ? { pagina: String(pagina) } : {}) })}`;
  const pagesOf = (n: number) => Math.max(1, Math.ceil(n / PERIOD_PAGE_SIZE));
  const yearPages = pagesOf(yearCount);
  const pager = (page: number, pages: number) =>
    pages > 1 ? `Página ${count(page)} de ${count(pages)}` : 'Balanço';
  return [
    { label: 'year, page 1', path: at('01/01/2025', '31/12/2025'), shows: pager(1, yearPages) },
    {
      label: 'year, last page',
      path: at('01/01/2025', '31/12/2025', yearPages),
      shows: pager(yearPages, yearPages),
    },
    { label: 'one month', path: at('01/06/2025', '30/06/2025'), shows: pager(1, pagesOf(monthCount)) },
    { label: 'one day', path: at('16/06/2025', '16/06/2025'), shows: 'Balanço' },
  ];
}

async function benchTarget(
  api: TestApi,
  kind: DbKind,
  entries: number,
  requests: number,
  explain: boolean,
  log: (line: string) => void,
): Promise<TargetResult> {
  const insertSeconds = await fill(api, entries);
  log(`cash-period: ${kind}, ${entries} entries in ${insertSeconds.toFixed(1)} s`);
  const session = managerSession(api);
  const countOf = async (start: string, end: string) =>
    (await cashTotalsBetween(api.deps.db, start, end)).reduce((n, t) => n + Number(t.count), 0);
  const yearCount = await countOf(YEAR_START, YEAR_END);

  const results: CaseResult[] = [];
  const plans: Record<string, string> = {};
  for (const c of apiCases(api, yearCount)) {
    if (explain) {
      for (const [n, plan] of c.plans.entries()) {
        const rows = await plan();
        plans[`${c.label}${c.plans.length > 1 ? ` ${n + 1}` : ''} (${c.start}..${c.end})`] = planText(rows);
      }
    }
    const urls = c.paths.map((path) => `${api.url}${path}`);
    await session.fresh();
    const checks = await Promise.all(urls.map((url) => fetchBody(url, session.headers())));
    for (const [n, check] of checks.entries()) {
      if (check.status !== 200) throw new Error(`GET ${urls[n]}: ${check.status} ${check.body.toString()}`);
    }
    const found = c.entriesOf(checks.map((check) => JSON.parse(check.body.toString()) as unknown));
    const timed = await timeBeside({
      times: requests,
      warmUp: Math.min(2, requests),
      http: () =>
        Promise.all(
          urls.map(async (url) => {
            const res = await fetchBody(url, session.headers());
            if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
          }),
        ),
      bare: c.bare,
      prepare: session.fresh,
    });
    log(`cash-period: ${kind} ${c.label}: http p95 ${timed.http.p95} ms, sql p95 ${timed.sql.p95} ms`);
    const bytes = checks.reduce((n, check) => n + check.body.length, 0);
    results.push({
      label: c.label,
      start: c.start,
      end: c.end,
      entries: found,
      megabytes: Math.round((bytes / 1e6) * 10) / 10,
      ...timed,
      meetsTarget: timed.ratio < TARGET_RATIO,
    });
  }

  // The rendered pages, through the web in front of this same api.
  const web = await startBenchWeb(api);
  let pages: PageResult[];
  try {
    const browser = await unlockedBrowser(web.url);
    const cases = pageCases(yearCount, await countOf('2025-06-01', '2025-06-30'));
    pages = await timePages(web.url, browser, cases, requests, (line) => log(`${line} (${kind})`));
  } finally {
    await web.stop();
  }
  return {
    kind,
    entries,
    insertSeconds: Math.round(insertSeconds * 10) / 10,
    cases: results,
    pages,
    ...(explain ? { plans } : {}),
  };
}

export function formatCashPeriodBench(bench: CashPeriodBench): string {
  const lines = [
    `cash by period, api: p95 target < ${TARGET_RATIO}x the bare queries (times in ms)`,
    'target    case              entries     MB  http p50  http p95   sql p50   sql p95  ratio  ok',
  ];
  for (const t of bench.targets) {
    for (const c of t.cases) {
      const cells = [c.label.padEnd(15), String(c.entries).padStart(9), fixed(c.megabytes, 1, 6)];
      lines.push(targetRow(t.kind, [...cells, ...besideCells(c, 1, 9)], c.meetsTarget));
    }
    lines.push(`          (${t.entries} entries generated in ${t.insertSeconds} s)`);
  }
  lines.push(
    '',
    `cash by period, rendered page /caixa-periodo (${PERIOD_PAGE_SIZE} rows a page): p95 target < ${PAGE_TARGET_MS} ms`,
    'target    page                 rows      kB    p50     p95  ok',
  );
  for (const t of bench.targets) {
    for (const p of t.pages) {
      const cells = [p.label.padEnd(16), String(p.rows).padStart(8), fixed(p.kilobytes, 1, 7)];
      lines.push(
        targetRow(t.kind, [...cells, fixed(p.http.p50, 1, 6), fixed(p.http.p95, 1, 7)], p.meetsTarget),
      );
    }
  }
  for (const t of bench.targets) lines.push(...planSections(t));
  return lines.join('\n');
}

export async function runCashPeriodBench(options: BenchOptions = {}): Promise<CashPeriodBench> {
  const entries = options.entries ?? Number(process.env.BENCH_ENTRIES ?? 250_000);
  const { requests, explain, log } = apiBenchSettings(options, 20);
  const targets = await onEachTarget(
    // BENCH_TARGETS=postgres runs one of them only.
    benchTargets(process.env.BENCH_TARGETS?.split(',')),
    (kind) => log(`cash-period: ${kind}, generating ${entries} entries…`),
    (api, kind) => benchTarget(api, kind, entries, requests, explain, log),
  );
  return { targets };
}

await runWhenMain(import.meta.url, runCashPeriodBench, formatCashPeriodBench);
