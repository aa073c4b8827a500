/**
 * Cash by period speed (SPEC §2 Cash by period; API.md Cash): 250,000 generated entries over one year
 * (every type, the orders' entries linked to service orders and parts orders with their clients), then
 * `GET /transactions/period` over HTTP for one day, one month and the whole year, beside the bare SQL of
 * the same query (the repository function, same database, same run). Runs on a fresh PGlite, and on
 * PostgreSQL too when DATABASE_URL is set (in a schema of its own, dropped afterwards). Target, reported
 * and not asserted: the api's p95 under 3x the bare query's.
 *
 * The HTTP time is until the last byte of the body has arrived (the api's work: query, shaping, JSON,
 * sending); the client's own JSON.parse of the answer is left out, and the count is checked once.
 *
 *   npx tsx test/bench/cash-period.ts   # BENCH_ENTRIES=50000 quicker, BENCH_EXPLAIN=1 prints the plans,
 *                                       # BENCH_TARGETS=postgres one target only
 */
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { DbKind } from '../../api/db/connect.ts';
import { cashEntriesBetween, cashEntriesBetweenQuery } from '../../api/transactions/repository.ts';
import { apiLogin, MANAGER, startTestApi, type TestApi } from '../support/api.ts';

export const TARGET_RATIO = 3;

export type Timing = { p50: number; p95: number };
export type CaseResult = {
  label: string;
  start: string;
  end: string;
  entries: number;
  /** Size of the JSON answer, in MB. */
  megabytes: number;
  http: Timing;
  sql: Timing;
  /** http p95 / sql p95 */
  ratio: number;
  meetsTarget: boolean;
};
export type TargetResult = {
  kind: DbKind;
  entries: number;
  insertSeconds: number;
  cases: CaseResult[];
  /** EXPLAIN ANALYZE of each case, when asked for (BENCH_EXPLAIN=1). */
  plans?: Record<string, string>;
};
export type CashPeriodBench = { targets: TargetResult[] };

export type BenchOptions = {
  entries?: number;
  requests?: number;
  explain?: boolean;
  log?: (line: string) => void;
};

const YEAR_START = '2025-01-01';
const YEAR_END = '2025-12-31';
const CLIENTS = 5_000;

function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (v: number) => Math.round(v * 100) / 100;
  return { p50: round(at(0.5)), p95: round(at(0.95)) };
}

/**
 * GET over a connection of its own (no keep-alive: a socket the server closed while the bare queries ran
 * would reset the next request), resolving when the last byte of the body has arrived.
 */
function fetchBody(url: string, token: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function timeMany(
  times: number,
  warmUp: number,
  run: () => Promise<unknown>,
  prepare: () => Promise<unknown> = async () => {},
): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await run(); // plans, caches, JIT
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    await prepare();
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

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

async function benchTarget(
  kind: DbKind,
  entries: number,
  requests: number,
  explain: boolean,
  log: (line: string) => void,
): Promise<TargetResult> {
  const api = await startTestApi(kind);
  try {
    const insertSeconds = await fill(api, entries);
    log(`cash-period: ${kind}, ${entries} entries in ${insertSeconds.toFixed(1)} s`);
    // Access tokens live 15 minutes and a slow target runs longer: sign in again, untimed, well before.
    let token = '';
    let signedAt = 0;
    const freshToken = async () => {
      if (!token || performance.now() - signedAt > 5 * 60_000) {
        token = (await apiLogin(api, MANAGER.username, MANAGER.password)).token;
        signedAt = performance.now();
      }
    };
    const cases = [
      { label: 'one day', start: '2025-06-16', end: '2025-06-16', times: requests },
      { label: 'one month', start: '2025-06-01', end: '2025-06-30', times: requests },
      { label: 'whole year', start: YEAR_START, end: YEAR_END, times: requests },
    ];
    const results: CaseResult[] = [];
    const plans: Record<string, string> = {};
    for (const { label, start, end, times } of cases) {
      if (explain) {
        const rows = await cashEntriesBetweenQuery(api.deps.db, start, end).explain(
          'text',
          sql`analyze, buffers`,
        );
        plans[`${label} (${start}..${end})`] = rows.map((r) => String(Object.values(r)[0])).join('\n');
      }
      const url = `${api.url}/transactions/period?start_date=${start}&end_date=${end}`;
      await freshToken();
      const check = await fetchBody(url, token);
      if (check.status !== 200) throw new Error(`GET ${url}: ${check.status} ${check.body.toString()}`);
      const found = (JSON.parse(check.body.toString()) as unknown[]).length;
      const warmUp = Math.min(2, times);
      const http = await timeMany(
        times,
        warmUp,
        async () => {
          const res = await fetchBody(url, token);
          if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
        },
        freshToken,
      );
      const bare = await timeMany(times, warmUp, () => cashEntriesBetween(api.deps.db, start, end));
      const httpT = percentiles(http);
      const sqlT = percentiles(bare);
      const ratio = Math.round((httpT.p95 / Math.max(sqlT.p95, 0.01)) * 100) / 100;
      log(`cash-period: ${kind} ${label}: http p95 ${httpT.p95} ms, sql p95 ${sqlT.p95} ms`);
      results.push({
        label,
        start,
        end,
        entries: found,
        megabytes: Math.round((check.body.length / 1e6) * 10) / 10,
        http: httpT,
        sql: sqlT,
        ratio,
        meetsTarget: ratio < TARGET_RATIO,
      });
    }
    return {
      kind,
      entries,
      insertSeconds: Math.round(insertSeconds * 10) / 10,
      cases: results,
      ...(explain ? { plans } : {}),
    };
  } finally {
    await api.stop();
  }
}

export function formatCashPeriodBench(bench: CashPeriodBench): string {
  const lines = [
    `cash by period: p95 target < ${TARGET_RATIO}x the bare query (times in ms)`,
    'target    case         entries     MB  http p50  http p95   sql p50   sql p95  ratio  ok',
  ];
  for (const t of bench.targets) {
    for (const c of t.cases) {
      lines.push(
        [
          t.kind.padEnd(9),
          c.label.padEnd(11),
          String(c.entries).padStart(8),
          c.megabytes.toFixed(1).padStart(6),
          c.http.p50.toFixed(1).padStart(9),
          c.http.p95.toFixed(1).padStart(9),
          c.sql.p50.toFixed(1).padStart(9),
          c.sql.p95.toFixed(1).padStart(9),
          c.ratio.toFixed(2).padStart(6),
          c.meetsTarget ? ' yes' : ' NO',
        ].join(' '),
      );
    }
    lines.push(`          (${t.entries} entries generated in ${t.insertSeconds} s)`);
    for (const [name, plan] of Object.entries(t.plans ?? {})) lines.push(`\n${t.kind} ${name}:\n${plan}`);
  }
  return lines.join('\n');
}

export async function runCashPeriodBench(options: BenchOptions = {}): Promise<CashPeriodBench> {
  const entries = options.entries ?? Number(process.env.BENCH_ENTRIES ?? 250_000);
  const requests = options.requests ?? 20;
  const explain = options.explain ?? process.env.BENCH_EXPLAIN === '1';
  const log = options.log ?? (() => {});
  const available: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  // BENCH_TARGETS=postgres runs one of them only.
  const only = process.env.BENCH_TARGETS?.split(',');
  const kinds = only ? available.filter((k) => only.includes(k)) : available;
  const targets: TargetResult[] = [];
  for (const kind of kinds) {
    log(`cash-period: ${kind}, generating ${entries} entries…`);
    targets.push(await benchTarget(kind, entries, requests, explain, log));
  }
  return { targets };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const bench = await runCashPeriodBench({ log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${formatCashPeriodBench(bench)}\n`);
}
