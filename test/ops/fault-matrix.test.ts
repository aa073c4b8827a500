/**
 * The fault matrix: the production processes (`node dist/api/index.js`, `node dist/server/index.js`) on
 * the machine's PostgreSQL and Redis, each reached through a TCP proxy of our own that refuses or stalls
 * (the shared services themselves are never touched), and the api killed or stopped with SIGTERM under
 * load. For each fault a signed-in person opens an O.S. and sends an upfront payment from its dialog
 * while the fault lasts, then sends the same form again once the service is back, as anyone would.
 *
 * Reported per fault (a table on the console and test-output/fault-matrix.json): the page shown, how long
 * it took, how long after the fault ended the pages came back, and the rows in PostgreSQL afterwards.
 * Asserted: the 503 'indisponível' page within 5 s (a write the api never got: its dialog again with
 * the typing kept, as soon); back without restarting the web (nor the api, but for
 * the faults that are the api stopping, where the api is started again as compose would); every payment
 * the person sent is there exactly once (nothing lost, nothing duplicated) and every row written before the
 * fault is still there.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../runtime/paths.ts';
import {
  type ApiDatabase,
  apiDatabase,
  apiEnv,
  buildDist,
  type Dist,
  freePort,
  hiddenFields,
  kill,
  openOrderThroughApi,
  SESSION_SECRET,
  type Service,
  signIn,
  sleep,
  startService,
  type TcpProxy,
  tcpProxy,
} from './support.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const UNAVAILABLE_WITHIN_MS = 5_000;

type Shown = { status: number; title: string; ms: number };

/** A write answered with its form's page and the typing kept as a draft (the api was out of reach). */
const keptAsDraft = (w: Shown) => w.status === 303 && w.title.includes('rascunho=');

type Row = {
  fault: string;
  page: string;
  pageMs: number;
  write: string;
  recoveredMs: number;
  retry: string;
  payments: number;
  expected: number;
  lost: number;
  duplicated: number;
  rowsBefore: number;
  rowsAfter: number;
  /** The tables whose count changed. */
  tables: string;
  restarted: string;
};

/** The page's status and its <h1>, and how long it took (0: nothing answered). */
async function open(url: string, cookie: string, init: RequestInit = {}): Promise<Shown> {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      ...init,
      headers: { cookie, ...init.headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const html = await res.text();
    const title = /<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? res.headers.get('location') ?? '';
    return { status: res.status, title, ms: Date.now() - started };
  } catch {
    return { status: 0, title: '(nada respondeu)', ms: Date.now() - started };
  }
}

const describeStack = describe.runIf(DATABASE_URL && REDIS_URL);

describeStack('fault matrix: Redis, PostgreSQL and the api failing under a signed-in person', () => {
  let dist: Dist;
  let db: ApiDatabase;
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let api: Service;
  let web: Service;
  let apiPort: number;
  let client: pg.Client;
  let cookie: string;
  let orderId: number;
  let apiEnvironment: Record<string, string>;
  const rows: Row[] = [];

  const startApi = () => startService('api', dist, apiEnvironment);

  beforeAll(async () => {
    const pgTarget = new URL(DATABASE_URL as string);
    pgProxy = await tcpProxy(pgTarget.hostname, Number(pgTarget.port || 5432));
    await pgProxy.start();
    const redisTarget = new URL(REDIS_URL as string);
    redisProxy = await tcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
    await redisProxy.start();
    const viaProxy = new URL(pgTarget);
    viaProxy.host = `127.0.0.1:${pgProxy.port}`;

    dist = await buildDist();
    db = apiDatabase(viaProxy.toString());
    apiPort = await freePort();
    apiEnvironment = { ...apiEnv(db), API_PORT: String(apiPort), DB_QUERY_TIMEOUT_MS: '1500' };
    api = await startApi();
    web = await startService('web', dist, {
      API_URL: api.url,
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      REDIS_TIMEOUT_MS: '1500',
      API_TIMEOUT_MS: '4000',
      SESSION_SECRET,
    });

    client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`set search_path to ${db.env.DATABASE_SCHEMA}, public`);

    // One client and one O.S. of theirs, opened through the api.
    orderId = await openOrderThroughApi(api.url, 'Cliente da Matriz de Falhas', 'Rádio');
    cookie = await signIn(web.url);
  }, 180_000);

  afterAll(async () => {
    pgProxy?.resume();
    redisProxy?.resume();
    await kill(web);
    await kill(api);
    if (rows.length > 0) {
      console.table(rows);
      mkdirSync(join(PROJECT_ROOT, 'test-output'), { recursive: true });
      writeFileSync(
        join(PROJECT_ROOT, 'test-output', 'fault-matrix.json'),
        `${JSON.stringify(rows, null, 2)}\n`,
      );
    }
    await client?.end();
    await pgProxy?.stop();
    await redisProxy?.stop();
    await db?.drop();
    dist?.remove();
  });

  const detail = () => `${web.url}/os/${orderId}`;
  const action = () => `/os/${orderId}/pagamento-antecipado`;

  /** The rows of each of the api's tables (what "nothing lost" is checked against). */
  async function tableRows(): Promise<Record<string, number>> {
    const tables = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'`,
      [db.env.DATABASE_SCHEMA],
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables.rows) {
      // Counters and keys that come and go with every request are not data.
      if (['login_throttle', 'idempotency_keys', 'refresh_tokens'].includes(table_name)) continue;
      const counted = await client.query(`select count(*)::int as n from "${table_name}"`);
      counts[table_name] = counted.rows[0].n as number;
    }
    return counts;
  }

  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

  /** Tables whose count changed, as "name +n". */
  function changed(before: Record<string, number>, after: Record<string, number>): string[] {
    return Object.keys({ ...before, ...after })
      .filter((t) => (after[t] ?? 0) !== (before[t] ?? 0))
      .map(
        (t) =>
          `${t} ${(after[t] ?? 0) - (before[t] ?? 0) > 0 ? '+' : ''}${(after[t] ?? 0) - (before[t] ?? 0)}`,
      );
  }

  async function paymentsNamed(description: string): Promise<number> {
    const found = await client.query(
      `select count(*)::int as n from transactions where service_order_id = $1 and type = 101
         and description = $2 and deleted_at is null`,
      [orderId, description],
    );
    return found.rows[0].n as number;
  }

  /** The upfront payment dialog's form, as the browser holds it (its CSRF token and form key). */
  async function paymentForm(description: string): Promise<URLSearchParams> {
    const page = await fetch(`${detail()}?dialogo=pagamento-antecipado`, { headers: { cookie } });
    expect(page.status).toBe(200);
    return new URLSearchParams({
      ...hiddenFields(await page.text(), action()),
      description,
      value: '10,00',
      payment_method: 'Pix',
    });
  }

  const send = (form: URLSearchParams) =>
    open(`${web.url}${action()}`, cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });

  const alive = (s: Service) => s.proc.exitCode === null && s.proc.signalCode === null;

  /** Waits for the O.S. page to answer 200 again; how long that took. */
  async function recovery(): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 30_000) {
      if ((await open(detail(), cookie)).status === 200) return Date.now() - started;
      await sleep(50);
    }
    throw new Error('the pages never came back');
  }

  type Fault = {
    name: string;
    begin: () => Promise<void>;
    /** What to wait for once the writes were sent, before the page is opened (a stall armed on them). */
    reached?: () => Promise<unknown>;
    end: () => Promise<void>;
    /** The processes started again as part of the fault (the api stopping), for the report. */
    restarts?: string;
  };

  async function run(fault: Fault, payments = 1): Promise<void> {
    const webPid = web.proc.pid;
    const apiPid = api.proc.pid;
    const descriptions = Array.from({ length: payments }, (_, i) => `Sinal ${fault.name} ${i + 1}`);
    const forms = await Promise.all(descriptions.map((d) => paymentForm(d)));
    // A few pages in a row first: whatever the last fault left (a dead pooled connection) is gone.
    for (let i = 0; i < 3; i += 1) expect((await open(detail(), cookie)).status).toBe(200);
    const before = await tableRows();

    await fault.begin();
    const written = await Promise.all(forms.map((f) => send(f)));
    const armed = fault.reached?.();
    if (armed) {
      const late = sleep(10_000).then(() => {
        throw new Error(`${fault.name}: the write never reached the point the fault waits for`);
      });
      await Promise.race([armed, late]);
    }
    const shown = await open(detail(), cookie);
    const recoveredMs = await (async () => {
      await fault.end();
      return recovery();
    })();

    // The person sends again each form whose answer was not the payment's page: an error page, or the
    // dialog drawn again with the typing kept (the api could not be reached: nothing was saved).
    const retried: Shown[] = [];
    for (const [i, first] of written.entries()) {
      if (first.status !== 303 || keptAsDraft(first)) retried.push(await send(forms[i] as URLSearchParams));
    }
    const counts = await Promise.all(descriptions.map((d) => paymentsNamed(d)));
    const after = await tableRows();
    const row: Row = {
      fault: fault.name,
      page: `${shown.status} ${shown.title}`,
      pageMs: shown.ms,
      write: [...new Set(written.map((w) => `${w.status} ${w.title}`))].join(' | '),
      recoveredMs,
      retry: retried.length ? [...new Set(retried.map((r) => `${r.status} ${r.title}`))].join(' | ') : '-',
      payments: counts.reduce((a, b) => a + b, 0),
      expected: payments,
      lost: counts.filter((c) => c === 0).length,
      duplicated: counts.filter((c) => c > 1).length,
      rowsBefore: total(before),
      rowsAfter: total(after),
      tables: changed(before, after).join(', '),
      restarted: fault.restarts ?? 'nada',
    };
    rows.push(row);

    // The page during the fault: the clear 503, soon.
    expect(shown.status, row.page).toBe(503);
    expect(shown.title).toMatch(/indisponível/);
    expect(shown.ms).toBeLessThan(UNAVAILABLE_WITHIN_MS);
    for (const w of written.filter((w) => w.status !== 303)) {
      expect(w.status, row.write).toBe(503);
      expect(w.title).toMatch(/indisponível/);
      expect(w.ms).toBeLessThan(UNAVAILABLE_WITHIN_MS);
    }
    // A write the api never got is sent back to the order's page with the typing kept, as soon.
    for (const w of written.filter(keptAsDraft)) {
      expect(w.title, row.write).toMatch(new RegExp(`^/os/${orderId}\\?.*rascunho=`));
      expect(w.ms).toBeLessThan(UNAVAILABLE_WITHIN_MS);
    }
    // Every retry leads to the order (its payment made now, or the one made before).
    for (const r of retried) expect(`${r.status} ${r.title}`).toBe(`303 /os/${orderId}`);
    // Nothing lost, nothing duplicated; every row from before is still there (each payment adds two:
    // its cash entry and its audit row).
    expect(counts).toEqual(descriptions.map(() => 1));
    // Kept totals (the reports' running counts, migration 012) follow the rows; they are not data.
    expect(changed(before, after).filter((t) => !/^\w+_(totals|counts) /.test(t))).toEqual([
      `audit_log +${payments}`,
      `transactions +${payments}`,
    ]);
    // Back by itself: the web never restarted, nor the api unless the fault was the api stopping.
    expect(web.proc.pid).toBe(webPid);
    expect(alive(web)).toBe(true);
    if (!fault.restarts) expect(api.proc.pid).toBe(apiPid);
  }

  it('Redis refused', async () => {
    await run({
      name: 'Redis recusado',
      begin: () => redisProxy.stop(),
      end: () => redisProxy.start(),
    });
  }, 60_000);

  it('Redis stalled (packets dropped)', async () => {
    await run({
      name: 'Redis parado',
      begin: async () => void redisProxy.stall(),
      end: async () => redisProxy.resume(),
    });
  }, 60_000);

  it('PostgreSQL refused', async () => {
    await run({
      name: 'PostgreSQL recusado',
      begin: () => pgProxy.stop(),
      end: () => pgProxy.start(),
    });
  }, 60_000);

  it('PostgreSQL stalled in the middle of the write (after its COMMIT)', async () => {
    let stalled: Promise<void> = Promise.resolve();
    await run({
      name: 'PostgreSQL parado no meio da escrita',
      begin: async () => {
        stalled = pgProxy.stallAfter('insert into "transactions"', 'commit\u0000');
      },
      reached: () => stalled,
      end: async () => pgProxy.resume(),
    });
  }, 60_000);

  it('api killed (SIGKILL), started again as compose would', async () => {
    await run({
      name: 'api morta',
      restarts: 'api',
      begin: async () => {
        await api.stop('SIGKILL');
      },
      end: async () => {
        api = await startApi();
      },
    });
  }, 60_000);

  it('api stopped with SIGTERM under load, started again', async () => {
    await run(
      {
        name: 'SIGTERM na api com carga',
        restarts: 'api',
        // The signal lands as the first payment is being written: the requests the api holds finish,
        // the rest find it gone.
        begin: async () => {
          const signalled = api;
          void pgProxy.whenSent('insert into "transactions"').then(() => signalled.proc.kill('SIGTERM'));
        },
        // The page is opened once the api has finished what it had and gone.
        reached: () => api.exited,
        end: async () => {
          await api.exited;
          api = await startApi();
        },
      },
      8,
    );
  }, 60_000);
});
