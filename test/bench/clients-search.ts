/**
 * Client search speed (API.md Clients): 100,000 generated clients, then `GET /clients?filter=` over HTTP
 * for a name word, a CPF prefix and a miss, beside the bare SQL of the same search: the one query the api
 * runs, the clients found with their four order lists (searchWithOrderLists; same database, same run).
 * Runs on a fresh PGlite, and on PostgreSQL too when DATABASE_URL is set (in a schema of its own,
 * dropped afterwards). Targets, reported and not asserted: p95 under 15 ms and under 3x the bare query.
 *
 *   npx tsx test/bench/clients-search.ts   # BENCH_CLIENTS=20000 quicker, BENCH_EXPLAIN=1 prints the plans
 */
import { performance } from 'node:perf_hooks';
import { cpf as cpfLib } from 'cpf-cnpj-validator';
import { sql } from 'kysely';
import { searchWithOrderLists, searchWithOrderListsQuery } from '../../api/clients/order-lists.ts';
import type { DbKind } from '../../api/db/connect.ts';
import type { TestApi } from '../support/api.ts';
import { type ApiBenchOptions, apiBenchSettings, runWhenMain } from './api-bench-entry.ts';
import { besideCells, planSections, planText, targetRow } from './api-table.ts';
import { benchTargets, managerSession, onEachTarget } from './api-targets.ts';
import { type Beside, percentiles, type Timing, timeBeside, timeMany } from './timing.ts';

export type { Timing };

/** Untimed runs before each timed series: plans, caches, JIT. */
const WARM_UP = (requests: number) => Math.min(20, requests);

export const TARGET_P95_MS = 15;
export const TARGET_RATIO = 3;

export type CaseResult = Beside & {
  label: string;
  filter: string;
  results: number;
  meetsTarget: boolean;
};
export type TargetResult = {
  kind: DbKind;
  clients: number;
  insertSeconds: number;
  /** GET /healthz over the same HTTP client: the floor under any request (no token, no database). */
  httpFloor: Timing;
  cases: CaseResult[];
  /** EXPLAIN ANALYZE of each case, when asked for (BENCH_EXPLAIN=1). */
  plans?: Record<string, string>;
};
export type ClientsSearchBench = { targets: TargetResult[] };

export type BenchOptions = ApiBenchOptions & { clients?: number };

const FIRST = [
  'José',
  'João',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luís',
  'Marcos',
  'Luíza',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Maria',
  'Ana',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Letícia',
  'Júlia',
  'Luciana',
  'Vanessa',
  'Mariana',
  'Conceição',
  'Inês',
  'Irene',
  'Sônia',
  'Vânia',
  'Cláudia',
  'Débora',
  'Érica',
  'Otávio',
  'Caio',
  'Sérgio',
  'Vinícius',
  'Fábio',
  'Márcio',
  'Rogério',
  'Aurélio',
  'Heitor',
  'Théo',
  'Benício',
  'Ígor',
];
const MIDDLE = ['', '', '', 'Aparecida', 'Cristina', 'Henrique', 'Augusto', 'Helena', 'Vitória', 'Luiz'];
const LINK = ['', '', '', 'da', 'de', 'dos', 'das'];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Conceição',
  'Magalhães',
  'Simões',
  'Brandão',
  'Guimarães',
  'Assunção',
  'Falcão',
  'Leão',
  'Romão',
  'Sampaio',
  'Tavares',
  'Müller',
  'Peçanha',
  'Damásio',
  'Estêvão',
  'Jordão',
  'Monção',
  'Galvão',
  'Aragão',
  'Bragança',
  'Antunes',
  'Pires',
];
const DDD = ['11', '21', '31', '41', '48', '51', '61', '71', '81', '85', '91', '92'];

/** A small seeded generator, so every run inserts the same names and phones. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function* generateClients(count: number) {
  const random = mulberry32(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const phone = () => `(${pick(DDD)}) 9${digits(4)}-${digits(4)}`;
  const cpfs = new Set<string>();
  for (let i = 0; i < count; i++) {
    let cpf = cpfLib.generate();
    while (cpfs.has(cpf)) cpf = cpfLib.generate();
    cpfs.add(cpf);
    const name = [pick(FIRST), pick(MIDDLE), pick(LINK), pick(LAST), pick(LAST)].filter(Boolean).join(' ');
    yield {
      name,
      cpf: random() < 0.9 ? cpf : null,
      email: random() < 0.5 ? `cliente${i}@exemplo.com.br` : null,
      phone1: phone(),
      phone2: random() < 0.3 ? phone() : null,
      phone3: null,
      zip_code: digits(8),
      address: 'Rua das Flores',
      number: String(1 + Math.floor(random() * 2000)),
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'SP',
    };
  }
}

/**
 * GET over keep-alive. The api runs in this same process, so while PGlite or a long SQL loop holds the
 * event loop, the server's idle timeout and the client's next request can cross on a pooled socket
 * (ECONNRESET): a GET is safe to send once more on a fresh one.
 */
async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch {
    return fetch(url, { headers });
  }
}

async function fill(api: TestApi, count: number): Promise<number> {
  const start = performance.now();
  const batchSize = 1000;
  let batch = [];
  for (const client of generateClients(count)) {
    batch.push(client);
    if (batch.length === batchSize) {
      await api.deps.db.insertInto('clients').values(batch).execute();
      batch = [];
    }
  }
  if (batch.length > 0) await api.deps.db.insertInto('clients').values(batch).execute();
  await sql`VACUUM ANALYZE clients`.execute(api.deps.db);
  return (performance.now() - start) / 1000;
}

async function benchTarget(
  api: TestApi,
  kind: DbKind,
  clients: number,
  requests: number,
  explain: boolean,
): Promise<TargetResult> {
  const insertSeconds = await fill(api, clients);
  const session = managerSession(api);
  await session.fresh();
  const someCpf = await api.deps.db
    .selectFrom('clients')
    .select('cpf')
    .where('cpf', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const cases = [
    { label: 'name word', filter: 'goncalves' },
    { label: 'two name words', filter: 'maria souza' },
    { label: 'CPF prefix', filter: (someCpf.cpf ?? '').slice(0, 6) },
    { label: 'miss', filter: 'xyzqwk' },
    // Under 3 characters a word has no trigram: the worst case, a walk in name order.
    { label: 'short word', filter: 'zé' },
  ];
  const httpFloor = percentiles(
    await timeMany(requests, WARM_UP(requests), async () => {
      await (await get(`${api.url}/healthz`)).text();
    }),
  );
  const results: CaseResult[] = [];
  const plans: Record<string, string> = {};
  for (const { label, filter } of cases) {
    const query = searchWithOrderListsQuery(filter);
    if (explain && query) {
      const { rows } = await sql<Record<string, unknown>>`EXPLAIN (ANALYZE, BUFFERS) ${query}`.execute(
        api.deps.db,
      );
      plans[`${label} (${filter})`] = planText(rows);
    }
    const url = `${api.url}/clients?filter=${encodeURIComponent(filter)}`;
    let found = 0;
    const timed = await timeBeside({
      times: requests,
      warmUp: WARM_UP(requests),
      http: async () => {
        const res = await get(url, session.headers());
        if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
        found = ((await res.json()) as unknown[]).length;
      },
      bare: () => searchWithOrderLists(api.deps.db, filter),
      prepare: session.fresh,
    });
    results.push({
      label,
      filter,
      results: found,
      ...timed,
      meetsTarget: timed.http.p95 < TARGET_P95_MS && timed.ratio < TARGET_RATIO,
    });
  }
  return {
    kind,
    clients,
    insertSeconds: Math.round(insertSeconds * 10) / 10,
    httpFloor,
    cases: results,
    ...(explain ? { plans } : {}),
  };
}

export function formatClientsSearchBench(bench: ClientsSearchBench): string {
  const lines = [
    `client search: p95 target < ${TARGET_P95_MS} ms over HTTP and < ${TARGET_RATIO}x the bare query`,
    'target    case            filter       found  http p50  http p95  sql p50  sql p95  ratio  ok',
  ];
  for (const t of bench.targets) {
    for (const c of t.cases) {
      const cells = [c.label.padEnd(15), c.filter.padEnd(12), String(c.results).padStart(5)];
      lines.push(targetRow(t.kind, [...cells, ...besideCells(c, 2, 8)], c.meetsTarget));
    }
    lines.push(
      `          (${t.clients} clients inserted in ${t.insertSeconds} s; HTTP floor, GET /healthz: ` +
        `p50 ${t.httpFloor.p50.toFixed(2)} ms, p95 ${t.httpFloor.p95.toFixed(2)} ms)`,
    );
    lines.push(...planSections(t));
  }
  return lines.join('\n');
}

export async function runClientsSearchBench(options: BenchOptions = {}): Promise<ClientsSearchBench> {
  const clients = options.clients ?? Number(process.env.BENCH_CLIENTS ?? 100_000);
  const { requests, explain, log } = apiBenchSettings(options, 200);
  const targets = await onEachTarget(
    benchTargets(),
    (kind) => log(`clients-search: ${kind}, inserting ${clients} clients…`),
    (api, kind) => benchTarget(api, kind, clients, requests, explain),
  );
  return { targets };
}

await runWhenMain(import.meta.url, runClientsSearchBench, formatClientsSearchBench);
