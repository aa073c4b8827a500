/**
 * The reports (docs/decisions/022): the Painel's figures equal sums computed here, independently, from
 * the database's own rows of a random history (several seeds); the cash exports read back (CSV parsed
 * as ';' with decimal commas, XLSX opened as a workbook) to the same entries and totals as the api's
 * period list and summary; managers only.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDayOf, startOfShopDay, todayInShop } from '../../domain/dates.ts';
import { addDays, completedStatus, READY_STATUSES, REVENUE_TYPES } from '../../domain/reports.ts';
import { isTerminal, type OrderKind } from '../../domain/statuses.ts';
import { balanceInCents, transactionLabel } from '../../domain/transactions.ts';
import { DB_TARGETS, type TestApi } from '../support/api.ts';
import { type Session, startApiWithStaff } from '../support/api-staff.ts';
import { writeHistory } from '../support/history.ts';

type Counts = Record<'1' | '7' | '30', number>;
type Group = { kind: string; status: number; count: number; oldest: string };
type Cell = { date: string; type: number; payment_method: string | null; count: number; value: number };
type Dashboard = {
  date: string;
  opened: { kind: string; counts: Counts }[];
  finished: { kind: string; counts: Counts }[];
  turnaround: { kind: string; count: number; average_days: number | null }[];
  waiting: Group[];
  ready_aged: { ageing_days: number; groups: Group[] };
  cash_today: Cell[];
  revenue: Cell[];
  technicians: { name: string; finished: number; value: number }[];
};
type Order = {
  id: number;
  kind: OrderKind;
  status: number;
  fix_technician_name: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  deleted_at: Date | null;
};
type Entry = {
  type: number;
  value_cents: string;
  date: string;
  payment_method: string | null;
  service_order_id: number | null;
  deleted_at: Date | null;
};

const TZ = 'America/Sao_Paulo';

/**
 * Each call on a connection of its own: writing a history takes longer than the server keeps an idle
 * connection, and a reused one it just closed would fail the next call for nothing.
 */
const fresh = new Agent({ pipelining: 0 });
async function get(url: string, token: string | null) {
  return undiciFetch(url, {
    dispatcher: fresh,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
const cents = (reais: number) => Math.round(reais * 100);
const sorted = <T>(list: T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe.each(DB_TARGETS)('reports on %s', (kind) => {
  let api: TestApi;
  let manager: Session;
  let employee: Session;
  const send = async (_method: 'GET', path: string, token: string | null) => {
    const res = await get(`${api.url}${path}`, token);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as unknown };
  };
  const today = todayInShop(TZ);

  beforeAll(async () => {
    ({ api, manager, employee } = await startApiWithStaff(kind, 'balcao', 'senha-do-balcao'));
  }, 60_000);
  afterAll(async () => api?.stop());

  async function freshHistory(seed: number, days?: number) {
    const db = api.deps.db;
    await sql`DELETE FROM transactions`.execute(db);
    await sql`DELETE FROM orders`.execute(db);
    await sql`DELETE FROM service_orders`.execute(db);
    await writeHistory(db, seed, today, TZ, days);
  }

  /** The Painel's figures, computed here from every row of the tables, with no SQL aggregate. */
  async function expected() {
    const db = api.deps.db;
    const service = (await sql<Order>`SELECT * FROM service_orders`.execute(db)).rows;
    const parts = (await sql<Order>`SELECT *, 'parts' AS kind FROM orders`.execute(db)).rows;
    const entries = (await sql<Entry>`SELECT * FROM transactions`.execute(db)).rows;
    const orders = [...service, ...parts].filter((o) => o.deleted_at === null);
    const live = entries.filter((e) => e.deleted_at === null);
    const inWindow = (at: Date | null, days: number) =>
      at !== null &&
      shopDayOf(new Date(at), TZ) >= addDays(today, 1 - days) &&
      shopDayOf(new Date(at), TZ) <= today;
    const byKind = (pick: (o: Order) => boolean, at: (o: Order) => Date | null) => {
      const out: Record<string, Counts> = {};
      for (const o of orders.filter(pick)) {
        for (const days of [1, 7, 30] as const) {
          if (!inWindow(at(o), days)) continue;
          out[o.kind] ??= { 1: 0, 7: 0, 30: 0 };
          (out[o.kind] as Counts)[days]++;
        }
      }
      return out;
    };
    const completed = (o: Order) => o.status === completedStatus(o.kind);
    const groups = (pick: (o: Order) => boolean, at: (o: Order) => Date) => {
      const out = new Map<string, Group>();
      for (const o of orders.filter(pick)) {
        const key = `${o.kind} ${o.status}`;
        const g = out.get(key) ?? { kind: o.kind, status: o.status, count: 0, oldest: at(o).toISOString() };
        g.count++;
        if (at(o).toISOString() < g.oldest) g.oldest = at(o).toISOString();
        out.set(key, g);
      }
      return sorted([...out.values()]);
    };
    const cells = (pick: (e: Entry) => boolean) => {
      const out = new Map<
        string,
        { date: string; type: number; payment_method: string | null; count: number; cents: number }
      >();
      for (const e of live.filter(pick)) {
        const key = `${e.date} ${e.type} ${e.payment_method}`;
        const c = out.get(key) ?? {
          date: e.date,
          type: e.type,
          payment_method: e.payment_method,
          count: 0,
          cents: 0,
        };
        c.count++;
        c.cents += Number(e.value_cents);
        out.set(key, c);
      }
      return sorted([...out.values()]);
    };
    const agedBefore = startOfShopDay(addDays(today, -30), TZ);
    const finished30 = orders.filter((o) => completed(o) && inWindow(o.finished_at, 30));
    const turnaround: Record<string, { count: number; days: number }> = {};
    for (const o of finished30) {
      const t = turnaround[o.kind] ?? { count: 0, days: 0 };
      turnaround[o.kind] = t;
      t.count++;
      t.days += ((o.finished_at as Date).getTime() - new Date(o.created_at).getTime()) / 86_400_000;
    }
    const technicians = new Map<string, { finished: number; cents: number }>();
    for (const o of finished30.filter((o) => o.kind === 'normal' || o.kind === 'returned')) {
      const name = (o.fix_technician_name ?? '').trim();
      const t = technicians.get(name) ?? { finished: 0, cents: 0 };
      t.finished++;
      for (const e of live) {
        if (e.service_order_id === o.id && (e.type === 101 || e.type === 102))
          t.cents += Number(e.value_cents);
      }
      technicians.set(name, t);
    }
    return {
      opened: byKind(
        () => true,
        (o) => o.created_at,
      ),
      finished: byKind(completed, (o) => o.finished_at),
      turnaround,
      waiting: groups(
        (o) => !isTerminal(o.kind, o.status),
        (o) => new Date(o.created_at),
      ),
      aged: groups(
        (o) => READY_STATUSES[o.kind].includes(o.status) && new Date(o.updated_at) < agedBefore,
        (o) => new Date(o.updated_at),
      ),
      cashToday: cells((e) => e.date === today),
      revenue: cells(
        (e) => REVENUE_TYPES.includes(e.type) && e.date >= addDays(today, -29) && e.date <= today,
      ),
      technicians: Object.fromEntries(technicians),
    };
  }

  it.each([11, 23, 42])(
    'the Painel equals the sums of the rows, seed %i',
    async (seed) => {
      await freshHistory(seed);
      const want = await expected();
      const { status, body } = await send('GET', `/reports/dashboard?date=${today}`, manager.token);
      expect(status).toBe(200);
      const got = body as Dashboard;
      expect(got.date).toBe(today);
      expect(Object.fromEntries(got.opened.map((r) => [r.kind, r.counts]))).toEqual(want.opened);
      expect(Object.fromEntries(got.finished.map((r) => [r.kind, r.counts]))).toEqual(want.finished);
      expect(Object.keys(want.opened).length).toBeGreaterThan(2);
      for (const t of got.turnaround) {
        const w = want.turnaround[t.kind];
        expect(t.count).toBe(w?.count);
        expect(t.average_days).toBeCloseTo((w?.days ?? 0) / (w?.count ?? 1), 6);
      }
      expect(got.turnaround.length).toBe(Object.keys(want.turnaround).length);
      expect(sorted(got.waiting)).toEqual(want.waiting);
      expect(sorted(got.ready_aged.groups)).toEqual(want.aged);
      expect(want.aged.length).toBeGreaterThan(0);
      const asCents = (list: Cell[]) =>
        sorted(list.map(({ value, ...c }) => ({ ...c, cents: cents(value) })));
      expect(asCents(got.cash_today)).toEqual(want.cashToday);
      expect(asCents(got.revenue)).toEqual(want.revenue);
      expect(want.revenue.length).toBeGreaterThan(10);
      expect(
        Object.fromEntries(
          got.technicians.map((t) => [t.name, { finished: t.finished, cents: cents(t.value) }]),
        ),
      ).toEqual(want.technicians);
    },
    60_000,
  );

  /** The kept totals (migration 012) beside the same totals counted now from the rows. */
  async function keptAndRecounted() {
    const db = api.deps.db;
    const rows = async <T>(q: ReturnType<typeof sql<T>>) =>
      sorted((await q.execute(db)).rows.map((r) => ({ ...r })));
    return {
      kept: {
        statuses: await rows(sql`SELECT kind, status, count::int AS count FROM order_status_counts`),
        cash: await rows(sql`SELECT date::text AS date, type, payment_method, count::int AS count,
          value_cents::bigint::text AS cents FROM cash_day_totals`),
      },
      recounted: {
        statuses: await rows(sql`SELECT kind, status, count(*)::int AS count FROM (
          SELECT kind, status FROM service_orders WHERE deleted_at IS NULL
          UNION ALL SELECT 'parts', status FROM orders WHERE deleted_at IS NULL) o GROUP BY 1, 2`),
        cash: await rows(sql`SELECT date::text AS date, type, coalesce(payment_method, '') AS payment_method,
          count(*)::int AS count, sum(value_cents)::bigint::text AS cents
          FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3`),
      },
    };
  }

  it('keeps its totals equal to a recount through status changes, edits, soft and hard deletes', async () => {
    await freshHistory(5);
    const db = api.deps.db;
    const first = await keptAndRecounted();
    expect(first.kept).toEqual(first.recounted);
    expect(first.kept.statuses.length).toBeGreaterThan(5);
    expect(first.kept.cash.length).toBeGreaterThan(50);
    // Statements touching many rows and single ones, as the api and a manager's fixes would.
    await sql`UPDATE service_orders SET status = 104 WHERE kind = 'normal' AND id % 7 = 0`.execute(db);
    await sql`UPDATE service_orders SET deleted_at = now() WHERE id % 11 = 0`.execute(db);
    await sql`UPDATE service_orders SET deleted_at = NULL WHERE id % 22 = 0`.execute(db);
    await sql`UPDATE service_orders SET product_name = 'Outro' WHERE id % 3 = 0`.execute(db);
    await sql`UPDATE orders SET status = 101 WHERE id % 5 = 0`.execute(db);
    await sql`UPDATE orders SET deleted_at = now() WHERE id % 4 = 0`.execute(db);
    await sql`UPDATE transactions SET value_cents = value_cents + 1 WHERE id % 3 = 0`.execute(db);
    await sql`UPDATE transactions SET payment_method = NULL WHERE id % 13 = 0`.execute(db);
    await sql`UPDATE transactions SET date = date - 1 WHERE id % 17 = 0`.execute(db);
    await sql`UPDATE transactions SET deleted_at = now() WHERE id % 19 = 0`.execute(db);
    await sql`DELETE FROM transactions WHERE id % 23 = 0`.execute(db);
    await sql`DELETE FROM transactions WHERE service_order_id IN (SELECT id FROM service_orders WHERE id % 29 = 0)`.execute(
      db,
    );
    await sql`DELETE FROM service_orders WHERE id % 29 = 0 AND original_service_order_id IS NULL
      AND id NOT IN (SELECT original_service_order_id FROM service_orders WHERE original_service_order_id IS NOT NULL)`.execute(
      db,
    );
    const after = await keptAndRecounted();
    expect(after.kept).toEqual(after.recounted);
    expect(after.kept).not.toEqual(first.kept);
    // Emptied keys leave no row: wiping the history empties the totals.
    await sql`DELETE FROM transactions`.execute(db);
    await sql`DELETE FROM orders`.execute(db);
    await sql`DELETE FROM service_orders`.execute(db);
    const empty = await keptAndRecounted();
    expect(empty.kept).toEqual({ statuses: [], cash: [] });
  }, 60_000);

  it('lists the orders behind a number: as many as it counts', async () => {
    await freshHistory(7);
    const { body } = await send('GET', `/reports/dashboard?date=${today}`, manager.token);
    const d = body as Dashboard;
    const normal30 = d.opened.find((r) => r.kind === 'normal')?.counts[30] ?? 0;
    const list = await send(
      'GET',
      `/reports/orders?date=${today}&kind=normal&which=opened&days=30`,
      manager.token,
    );
    expect(list.status).toBe(200);
    const listed = list.body as { count: number; items: { number: string; created_at: string }[] };
    expect(listed.count).toBe(normal30);
    expect(listed.items).toHaveLength(Math.min(200, normal30));
    const aged = d.ready_aged.groups.filter((g) => g.kind === 'normal').reduce((s, g) => s + g.count, 0);
    const agedList = await send(
      'GET',
      `/reports/orders?date=${today}&kind=normal&which=ready_aged`,
      manager.token,
    );
    expect((agedList.body as { count: number }).count).toBe(aged);
    const tech = d.technicians.find((t) => t.name === 'Rita');
    if (tech) {
      const byTech = await send(
        'GET',
        `/reports/orders?date=${today}&kind=normal&which=finished&days=30&technician=Rita`,
        manager.token,
      );
      const returned = await send(
        'GET',
        `/reports/orders?date=${today}&kind=returned&which=finished&days=30&technician=Rita`,
        manager.token,
      );
      expect((byTech.body as { count: number }).count + (returned.body as { count: number }).count).toBe(
        tech.finished,
      );
    }
  }, 60_000);

  it('answers a long period per month: the same totals as its days, in a few cells', async () => {
    await freshHistory(9, 200);
    type Report = { start: string; end: string; per: string; cells: Cell[] };
    const ask = async (start: string, end: string) =>
      (await send('GET', `/reports/cash?start_date=${start}&end_date=${end}`, manager.token)).body as Report;
    const start = addDays(today, -200);
    const year = await ask(start, today);
    expect(year.per).toBe('month');
    // The days, asked in windows short enough to come per day, summed by month here.
    const byMonth = new Map<string, { count: number; cents: number }>();
    for (let from = start; from <= today; from = addDays(from, 60)) {
      const to = [addDays(from, 59), today].sort()[0] as string;
      const part = await ask(from, to);
      expect(part.per).toBe('day');
      for (const c of part.cells) {
        const month = c.date.slice(0, 7);
        const key = `${month} ${c.type} ${c.payment_method}`;
        const t = byMonth.get(key) ?? { count: 0, cents: 0 };
        t.count += c.count;
        t.cents += cents(c.value);
        byMonth.set(key, t);
      }
    }
    const got = new Map(
      year.cells.map((c) => [
        `${c.date.slice(0, 7)} ${c.type} ${c.payment_method}`,
        { count: c.count, cents: cents(c.value) },
      ]),
    );
    expect(got).toEqual(byMonth);
    expect(year.cells.length).toBeLessThan(byMonth.size + 1);
    expect(year.cells[0]?.date).toBe(start);
    expect(new Set(year.cells.map((c) => c.date.slice(0, 7))).size).toBeGreaterThanOrEqual(7);
  }, 60_000);

  it('exports the period as CSV and XLSX that read back to the same entries and balance', async () => {
    await freshHistory(5);
    const start = addDays(today, -44);
    const q = `start_date=${start}&end_date=${today}`;
    const list = await send('GET', `/transactions/period?${q}`, manager.token);
    const entries = list.body as {
      type: number;
      value: number;
      date: string;
      description: string;
      payment_method: string | null;
    }[];
    expect(entries.length).toBeGreaterThan(100);
    const balance = balanceInCents(entries.map((e) => ({ type: e.type, valueCents: cents(e.value) })));
    const summary = await send('GET', `/transactions/period/summary?${q}`, manager.token);
    expect((summary.body as { count: number }).count).toBe(entries.length);

    const csvRes = await get(`${api.url}/reports/cash/export.csv?${q}`, manager.token);
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get('content-disposition')).toContain(`caixa-${start}-a-${today}.csv`);
    const bytes = Buffer.from(await csvRes.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes, { bom: true, delimiter: ';', relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual([
      'Data',
      'Tipo',
      'Descrição',
      'O.S./Pedido',
      'Cliente',
      'Forma de pagamento',
      'Valor',
      'Efeito no saldo',
    ]);
    const body = rows.slice(1, -1);
    const readMoney = (text: string) => {
      expect(text).toMatch(/^-?\d+,\d{2}$/);
      return Math.round(Number(text.replace(',', '.')) * 100);
    };
    const iso = (ddmmyyyy: string) => {
      expect(ddmmyyyy).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      return `${ddmmyyyy.slice(6)}-${ddmmyyyy.slice(3, 5)}-${ddmmyyyy.slice(0, 2)}`;
    };
    expect(
      body.map((r) => ({
        date: iso(r[0] ?? ''),
        type: r[1],
        description: r[2],
        method: r[5],
        cents: readMoney(r[6] ?? ''),
      })),
    ).toEqual(
      entries.map((e) => ({
        date: e.date,
        type: transactionLabel(e.type),
        description: e.description,
        method: e.payment_method ?? '',
        cents: cents(e.value),
      })),
    );
    const total = rows.at(-1) ?? [];
    expect(total[0]).toBe('Total');
    expect(readMoney(total[7] ?? '')).toBe(balance);
    expect(body.reduce((s, r) => s + readMoney(r[7] ?? ''), 0)).toBe(balance);

    const xlsxRes = await get(`${api.url}/reports/cash/export.xlsx?${q}`, manager.token);
    expect(xlsxRes.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsxRes.arrayBuffer());
    const sheet = book.getWorksheet('Caixa');
    if (!sheet) throw new Error('no sheet Caixa');
    expect(sheet.rowCount).toBe(entries.length + 2);
    const read: { date: string; type: unknown; cents: number }[] = [];
    for (let i = 2; i <= entries.length + 1; i++) {
      const row = sheet.getRow(i);
      const date = row.getCell(1).value;
      const value = row.getCell(7).value;
      expect(date).toBeInstanceOf(Date);
      expect(typeof value).toBe('number');
      read.push({
        date: (date as Date).toISOString().slice(0, 10),
        type: row.getCell(2).value,
        cents: cents(value as number),
      });
    }
    expect(read).toEqual(
      entries.map((e) => ({ date: e.date, type: transactionLabel(e.type), cents: cents(e.value) })),
    );
    const totals = sheet.getRow(entries.length + 2);
    expect(totals.getCell(1).value).toBe('Total');
    const cell = totals.getCell(8).value as { formula: string; result: number };
    expect(cell.formula).toBe(`SUM(H2:H${entries.length + 1})`);
    expect(cents(cell.result)).toBe(balance);
  }, 60_000);

  it('answers managers only, and names a bad date', async () => {
    for (const path of [
      '/reports/dashboard',
      `/reports/cash?start_date=${today}&end_date=${today}`,
      `/reports/cash/export.csv?start_date=${today}&end_date=${today}`,
    ]) {
      expect((await send('GET', path, null)).status).toBe(401);
      expect((await send('GET', path, employee.token)).status).toBe(403);
    }
    const bad = await send('GET', '/reports/dashboard?date=2026-02-31', manager.token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Data inválida');
    const period = await send(
      'GET',
      `/reports/cash/export.xlsx?start_date=${today}&end_date=${addDays(today, -1)}`,
      manager.token,
    );
    expect(period.status).toBe(400);
  });
});
