/**
 * The cash register (SPEC §2 Cash of the day, Cash by period; §3 Transaction; §5 Manual/Edit/Delete cash
 * entry, Cash access; §6; §7 Transactions; §9; API.md General, Manager confirmation, Cash, Audit): entries
 * selected on their business date in the shop's zone, oldest first, each with its order summary; manual
 * entries 103/201 created and edited by a manager; soft delete with a manager's confirmation; audit rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInShop } from '../../domain/dates.ts';
import { DB_TARGETS, MANAGER, type TestApi } from '../support/api.ts';
import { type Session, senderTo, startApiWithStaff } from '../support/api-staff.ts';
import { auditRows } from '../support/audit.ts';

type Reply = { status: number; body: unknown };
type Entry = {
  id: number;
  type: number;
  value: number;
  description: string;
  date: string;
  payment_method: string | null;
  created_at: string;
  service_order: {
    id: number;
    number: string;
    product_name: string | null;
    product_brand: string | null;
    client: { name: string };
  } | null;
  order: { id: number; number: string; piece_name: string; client: { name: string } } | null;
};

const ENTRY_KEYS = [
  'created_at',
  'date',
  'description',
  'id',
  'order',
  'payment_method',
  'service_order',
  'type',
  'value',
  // The edit count (migration 005): an edit naming an older one is refused.
  'version',
];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe.each(DB_TARGETS)('cash on %s', (kind) => {
  let api: TestApi;
  let manager: Session;
  let employee: Session;
  let staff: { username: string; password: string };
  let serviceOrderId: number;
  let orderId: number;

  beforeAll(async () => {
    ({ api, manager, staff, employee } = await startApiWithStaff(kind, 'caixa-func', 'senha-da-func'));

    // Orders written straight through the database, numbered far from what the sequences hand out.
    const db = api.deps.db;
    const joana = await db
      .insertInto('clients')
      .values({ name: 'Joana Prado' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const carlos = await db
      .insertInto('clients')
      .values({ name: 'Carlos Lima' })
      .returning('id')
      .executeTakeFirstOrThrow();
    serviceOrderId = (
      await db
        .insertInto('service_orders')
        .values({
          kind: 'normal',
          number: 'M90001',
          status: 100,
          client_id: joana.id,
          product_name: 'Notebook',
          product_brand: 'Dell',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    orderId = (
      await db
        .insertInto('orders')
        .values({ number: 'P90001', status: 100, client_id: carlos.id, piece_name: 'Tela 15 polegadas' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await api.stop();
  });

  const send = senderTo(() => api);

  const getDay = (date: string, token: string | null = manager.token) =>
    send('GET', `/transactions/day?date=${encodeURIComponent(date)}`, token);
  const getPeriod = (start: string, end: string, token: string | null = manager.token) =>
    send(
      'GET',
      `/transactions/period?start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}`,
      token,
    );
  const post = (body: unknown, token: string | null = manager.token) =>
    send('POST', '/transactions', token, body);
  const put = (id: number | string, body: unknown, token: string | null = manager.token) =>
    send('PUT', `/transactions/${id}`, token, body);
  const remove = (id: number | string, body: unknown, token: string | null = employee.token) =>
    send('DELETE', `/transactions/${id}`, token, body);

  async function day(date: string): Promise<Entry[]> {
    const reply = await getDay(date);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as Entry[];
  }
  async function period(start: string, end: string): Promise<Entry[]> {
    const reply = await getPeriod(start, end);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as Entry[];
  }
  const ids = (entries: Entry[]) => entries.map((e) => e.id);

  /** An entry written as the order areas would, straight in the table. */
  async function insertEntry(values: {
    type: number;
    cents: number;
    date: string;
    description?: string;
    payment_method?: string | null;
    service_order_id?: number | null;
    order_id?: number | null;
    deleted?: boolean;
  }): Promise<number> {
    const row = await api.deps.db
      .insertInto('transactions')
      .values({
        type: values.type,
        value_cents: values.cents,
        date: values.date,
        description: values.description ?? '',
        payment_method: values.payment_method === undefined ? 'Dinheiro' : values.payment_method,
        service_order_id: values.service_order_id ?? null,
        order_id: values.order_id ?? null,
        ...(values.deleted ? { deleted_at: new Date() } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function created(body: Record<string, unknown>): Promise<Entry> {
    const reply = await post(body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as Entry;
  }

  async function storedRow(id: number) {
    return api.deps.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  const auditFor = (id: number) => auditRows(api, 'transaction', id);

  /** Every transaction row (live or not), with its changeable fields, and the transaction audit rows. */
  async function snapshot() {
    const rows = await api.deps.db
      .selectFrom('transactions')
      .select(['id', 'type', 'value_cents', 'description', 'payment_method', 'date', 'deleted_at'])
      .orderBy('id')
      .execute();
    const audit = await api.deps.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('entity', '=', 'transaction')
      .executeTakeFirstOrThrow();
    return { rows: JSON.stringify(rows), audit: Number(audit.n) };
  }

  const issuesOf = (reply: Reply) =>
    ((reply.body as { issues?: Record<string, string> }).issues ?? {}) as Record<string, string>;

  /** A refused request: 4xx (never 500) with the error body, and nothing written. */
  async function expectRefused(request: () => Promise<Reply>, status?: number): Promise<Reply> {
    const before = await snapshot();
    const reply = await request();
    if (status) expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect(reply.status, JSON.stringify(reply.body)).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body).toMatchObject({ status: 'error', message: expect.any(String) });
    expect((reply.body as { message: string }).message.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
    return reply;
  }

  const manual = (over: Record<string, unknown> = {}) => ({
    type: 103,
    value: 25.5,
    description: 'Venda de cabo USB',
    payment_method: 'Pix',
    ...over,
  });

  describe('cash of the day and of a period', () => {
    it('selects an entry on its business date: in day 22, not in 21 or 23', async () => {
      const on21 = await insertEntry({ type: 103, cents: 100, date: '2026-11-21' });
      const on22 = await insertEntry({ type: 103, cents: 200, date: '2026-11-22' });
      const on23 = await insertEntry({ type: 201, cents: 300, date: '2026-11-23' });

      expect(ids(await day('2026-11-22'))).toEqual([on22]);
      expect(ids(await day('2026-11-21'))).toEqual([on21]);
      expect(ids(await day('2026-11-23'))).toEqual([on23]);
      expect(await day('2026-11-24')).toEqual([]);
    });

    it('stores a POST at 23:30 in São Paulo (02:30 UTC next day) on the shop day, and lists it there', async () => {
      const entry = await created(manual({ date: '2026-11-23T02:30:00Z', description: 'Venda tardia' }));
      expect(entry.date).toBe('2026-11-22');
      expect((await storedRow(entry.id)).date).toBe('2026-11-22');
      expect(ids(await day('2026-11-22'))).toContain(entry.id);
      expect(ids(await day('2026-11-23'))).not.toContain(entry.id);
    });

    it('reads an ISO date-time in the query in the shop zone too', async () => {
      const dayIds = ids(await day('2026-11-22'));
      // 2026-11-23T01:00:00Z is 22:00 on the 22nd in São Paulo.
      expect(ids(await day('2026-11-23T01:00:00Z'))).toEqual(dayIds);
    });

    it('dates a POST without a date today in the shop', async () => {
      const entry = await created(manual({ description: 'Venda de hoje' }));
      expect(entry.date).toBe(todayInShop(api.deps.shopTz));
      expect(ids(await day(entry.date))).toContain(entry.id);
    });

    it('includes both ends of a period, oldest first by date then id', async () => {
      // Written out of order: the list follows the business date, then the id.
      const lastDay = await insertEntry({ type: 103, cents: 500, date: '2026-05-31' });
      const firstDay = await insertEntry({ type: 103, cents: 100, date: '2026-05-01' });
      const middleA = await insertEntry({ type: 201, cents: 200, date: '2026-05-15' });
      const middleB = await insertEntry({ type: 103, cents: 300, date: '2026-05-15' });
      await insertEntry({ type: 103, cents: 900, date: '2026-04-30' });
      await insertEntry({ type: 103, cents: 900, date: '2026-06-01' });

      const entries = await period('2026-05-01', '2026-05-31');
      expect(ids(entries)).toEqual([firstDay, middleA, middleB, lastDay]);
      expect(entries.map((e) => e.date)).toEqual(['2026-05-01', '2026-05-15', '2026-05-15', '2026-05-31']);
      // A one-day period is that day.
      expect(ids(await period('2026-05-15', '2026-05-15'))).toEqual([middleA, middleB]);
      expect(ids(await day('2026-05-15'))).toEqual([middleA, middleB]);
    });

    it('leaves soft-deleted entries out', async () => {
      const live = await insertEntry({ type: 103, cents: 100, date: '2026-07-10' });
      await insertEntry({ type: 103, cents: 999, date: '2026-07-10', deleted: true });
      expect(ids(await day('2026-07-10'))).toEqual([live]);
      expect(ids(await period('2026-07-01', '2026-07-31'))).toEqual([live]);
    });

    it('carries each entry with its service order or parts order summary and client name', async () => {
      const upfront = await insertEntry({
        type: 101,
        cents: 5_000,
        date: '2026-08-03',
        description: 'Sinal',
        payment_method: 'Dinheiro',
        service_order_id: serviceOrderId,
      });
      const closed = await insertEntry({
        type: 104,
        cents: 12_345,
        date: '2026-08-03',
        payment_method: 'Cartão',
        order_id: orderId,
      });
      const sale = await created(
        manual({ date: '2026-08-03', value: 0.1, description: 'Película', payment_method: 'Pix' }),
      );

      const entries = await day('2026-08-03');
      expect(ids(entries)).toEqual([upfront, closed, sale.id]);
      for (const e of entries) {
        expect(Object.keys(e).sort()).toEqual(ENTRY_KEYS);
        expect(e.created_at).toMatch(ISO);
      }
      expect(entries[0]).toEqual({
        id: upfront,
        type: 101,
        value: 50,
        description: 'Sinal',
        date: '2026-08-03',
        payment_method: 'Dinheiro',
        created_at: expect.stringMatching(ISO),
        version: 1,
        service_order: {
          id: serviceOrderId,
          number: 'M90001',
          product_name: 'Notebook',
          product_brand: 'Dell',
          client: { name: 'Joana Prado' },
        },
        order: null,
      });
      expect(entries[1]).toMatchObject({
        id: closed,
        type: 104,
        value: 123.45,
        payment_method: 'Cartão',
        service_order: null,
        order: {
          id: orderId,
          number: 'P90001',
          piece_name: 'Tela 15 polegadas',
          client: { name: 'Carlos Lima' },
        },
      });
      expect(entries[2]).toMatchObject({
        id: sale.id,
        type: 103,
        value: 0.1,
        description: 'Película',
        service_order: null,
        order: null,
      });
      // The created entry answers in the same shape as the list.
      expect(sale).toEqual(entries[2]);
    });

    it('lists the entries the order endpoints write, with their summaries', async () => {
      const client = await send('POST', '/clients', employee.token, { name: 'Rita Nogueira' });
      expect(client.status, JSON.stringify(client.body)).toBe(201);
      const clientId = (client.body as { id: number }).id;
      const opened = await send('POST', '/service-orders/normal', employee.token, {
        client_id: clientId,
        product_name: 'Televisor',
        product_brand: 'LG',
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(201);
      const soId = (opened.body as { id: number }).id;
      const paid = await send('POST', '/transactions/upfront-payment/service-order', employee.token, {
        service_order_id: soId,
        value: 50,
        description: 'Sinal',
        date: '2026-03-10',
        payment_method: 'Pix',
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      const part = await send('POST', '/orders', employee.token, {
        client_id: clientId,
        piece_name: 'Controle remoto',
        piece_value: 80,
      });
      expect(part.status, JSON.stringify(part.body)).toBe(201);
      const partId = (part.body as { id: number }).id;
      const partPaid = await send('POST', '/transactions/upfront-payment/order', employee.token, {
        order_id: partId,
        value: 20,
        description: 'Adiantamento',
        date: '2026-03-10',
        payment_method: 'Dinheiro',
      });
      expect(partPaid.status, JSON.stringify(partPaid.body)).toBe(201);

      const entries = await day('2026-03-10');
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({
        type: 101,
        value: 50,
        description: 'Sinal',
        payment_method: 'Pix',
        service_order: {
          id: soId,
          number: expect.stringMatching(/^[MF]\d{5}$/),
          product_name: 'Televisor',
          product_brand: 'LG',
          client: { name: 'Rita Nogueira' },
        },
        order: null,
      });
      expect(entries[1]).toMatchObject({
        type: 101,
        value: 20,
        service_order: null,
        order: {
          id: partId,
          number: expect.stringMatching(/^P\d{5}$/),
          piece_name: 'Controle remoto',
          client: { name: 'Rita Nogueira' },
        },
      });
    });

    it('answers a long period whole and in order (it is written in pieces)', async () => {
      await sql`INSERT INTO transactions (type, value_cents, description, date, payment_method, service_order_id)
        SELECT CASE WHEN i % 3 = 0 THEN 201 ELSE 101 END, i, 'Lote ' || i, DATE '2027-01-01' + (i % 40),
          'Pix', CASE WHEN i % 3 = 0 THEN NULL ELSE ${serviceOrderId}::int END
        FROM generate_series(1, 4500) AS i`.execute(api.deps.db);
      const entries = await period('2027-01-01', '2027-02-09');
      expect(entries).toHaveLength(4500);
      const sorted = [...entries].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
      expect(ids(entries)).toEqual(ids(sorted));
      expect(entries.filter((e) => e.service_order?.number === 'M90001')).toHaveLength(3000);
      expect(entries.find((e) => e.description === 'Lote 4499')).toMatchObject({
        type: 101,
        value: 44.99,
        date: '2027-01-20',
        service_order: { client: { name: 'Joana Prado' } },
      });

      // Read from the database 2,000 at a time: slices that start inside a chunk or on its edge are the
      // same entries as the whole list's (about 112 entries share each date, so the chunks also break
      // inside a day).
      const slice = async (limit: number | null, offset: number | null) => {
        const params = new URLSearchParams({ start_date: '2027-01-01', end_date: '2027-02-09' });
        if (limit !== null) params.set('limit', String(limit));
        if (offset !== null) params.set('offset', String(offset));
        const reply = await send('GET', `/transactions/period?${params}`, manager.token);
        expect(reply.status, JSON.stringify(reply.body).slice(0, 200)).toBe(200);
        return ids(reply.body as Entry[]);
      };
      const all = ids(entries);
      expect(await slice(null, 1900)).toEqual(all.slice(1900));
      expect(await slice(null, 2000)).toEqual(all.slice(2000));
      expect(await slice(null, 4499)).toEqual(all.slice(4499));
      expect(await slice(1000, 3900)).toEqual(all.slice(3900, 4900));
      expect(await slice(1000, 1500)).toEqual(all.slice(1500, 2500));
    });

    it('answers a plain JSON array, each value in reais with two decimals at most', async () => {
      await insertEntry({ type: 201, cents: 199_999, date: '2026-08-04' });
      const reply = await getDay('2026-08-04');
      expect(Array.isArray(reply.body)).toBe(true);
      expect((reply.body as Entry[])[0]?.value).toBe(1999.99);
    });

    it('is for managers only: employee 403, no token 401', async () => {
      for (const reply of [
        await getDay('2026-11-22', employee.token),
        await getPeriod('2026-11-01', '2026-11-30', employee.token),
      ]) {
        expect(reply.status).toBe(403);
        expect(reply.body).toEqual({ status: 'error', message: 'Acesso restrito a gerentes' });
      }
      for (const reply of [
        await getDay('2026-11-22', null),
        await getPeriod('2026-11-01', '2026-11-30', null),
      ]) {
        expect(reply.status).toBe(401);
        expect(reply.body).toEqual({ status: 'error', message: 'Invalid JWT token' });
      }
    });

    it('refuses missing and invalid dates, naming the field', async () => {
      expect(
        issuesOf(await expectRefused(() => send('GET', '/transactions/day', manager.token), 400)),
      ).toEqual({
        date: 'Data obrigatória',
      });
      expect(issuesOf(await expectRefused(() => getDay('2026-02-31'), 400))).toEqual({
        date: 'Data inválida',
      });
      expect(issuesOf(await expectRefused(() => getDay('2026-02-31T10:00:00Z'), 400))).toEqual({
        date: 'Data inválida',
      });
      expect(issuesOf(await expectRefused(() => getDay('22/11/2026'), 400))).toEqual({
        date: 'Data inválida',
      });
      expect(
        issuesOf(
          await expectRefused(
            () => send('GET', '/transactions/day?date=2026-11-22&date=2026-11-23', manager.token),
            400,
          ),
        ),
      ).toEqual({ date: 'Data inválida' });

      const noStart = await expectRefused(
        () => send('GET', '/transactions/period?end_date=2026-11-30', manager.token),
        400,
      );
      expect(issuesOf(noStart)).toEqual({ start_date: 'Data inicial obrigatória' });
      const badEnd = await expectRefused(() => getPeriod('2026-11-01', '2026-13-01'), 400);
      expect(issuesOf(badEnd)).toEqual({ end_date: 'Data inválida' });
    });

    it('refuses a period that ends before it starts, or longer than 400 days', async () => {
      const backwards = await expectRefused(() => getPeriod('2026-11-23', '2026-11-22'), 400);
      expect(issuesOf(backwards).end_date).toMatch(/posterior/);

      // 2025-01-01..2026-02-05 is 401 days, both ends counted; one day less is accepted.
      const tooLong = await expectRefused(() => getPeriod('2025-01-01', '2026-02-05'), 400);
      expect(issuesOf(tooLong).end_date).toBe('O período pode ter no máximo 400 dias');
      expect((await getPeriod('2025-01-01', '2026-02-04')).status).toBe(200);
      expect((await getPeriod('2026-01-01', '2026-12-31')).status).toBe(200);
    });
  });

  describe('a period in pages, and its summary', () => {
    const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
    const getPage = (params: Record<string, string>, token: string | null = manager.token) =>
      send('GET', `/transactions/period?${q(params)}`, token);
    const getSummary = (params: Record<string, string>, token: string | null = manager.token) =>
      send('GET', `/transactions/period/summary?${q(params)}`, token);
    const MARCH = { start_date: '2027-03-01', end_date: '2027-03-31' };
    const APRIL = { start_date: '2027-04-01', end_date: '2027-04-30' };

    async function page(limit?: number, offset?: number): Promise<Entry[]> {
      const reply = await getPage({
        ...MARCH,
        ...(limit === undefined ? {} : { limit: String(limit) }),
        ...(offset === undefined ? {} : { offset: String(offset) }),
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body as Entry[];
    }
    type Line = { type: number; count: number; value: number };
    type Summary = {
      count: number;
      totals: Line[];
      by_method: (Line & { payment_method: string | null })[];
    };
    async function summary(params: Record<string, string>): Promise<Summary> {
      const reply = await getSummary(params);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body as Summary;
    }

    beforeAll(async () => {
      // Seven live entries over March, written out of order, some on the same day; one deleted.
      for (const [date, type] of [
        ['2027-03-20', 103],
        ['2027-03-02', 201],
        ['2027-03-20', 101],
        ['2027-03-31', 103],
        ['2027-03-01', 102],
        ['2027-03-02', 103],
        ['2027-03-15', 104],
      ] as const) {
        await insertEntry({ type, cents: 1_000, date, description: `Março ${date} ${type}` });
      }
      await insertEntry({ type: 103, cents: 5_000, date: '2027-03-10', deleted: true });

      // April: every type, two 101s whose reais do not add up in floating point (0,10 + 0,20), several
      // payment methods and one entry without any.
      const april: [string, number, number, string | null][] = [
        ['2027-04-01', 101, 10, 'Pix'],
        ['2027-04-30', 101, 20, 'Pix'],
        ['2027-04-10', 102, 30_000, 'Dinheiro'],
        ['2027-04-10', 103, 2_550, 'Cartão de crédito'],
        ['2027-04-11', 103, 1_000_000_000, 'Dinheiro'],
        ['2027-04-12', 104, 12_345, 'Dinheiro'],
        ['2027-04-12', 201, 7_525, null],
        ['2027-04-13', 301, 99_900, 'Dinheiro'],
        ['2027-04-14', 302, 88_800, 'Dinheiro'],
      ];
      for (const [date, type, cents, payment_method] of april) {
        await insertEntry({ type, cents, date, payment_method });
      }
      // Out of April's summary: a deleted entry inside it, and an entry the day after (the day before
      // is March's last).
      await insertEntry({ type: 103, cents: 77_777, date: '2027-04-15', deleted: true });
      await insertEntry({ type: 103, cents: 11_111, date: '2027-05-01' });
    });

    it('without limit or offset answers the whole period, as before', async () => {
      const whole = await page();
      expect(whole).toHaveLength(7);
      expect(whole).toEqual(await period(MARCH.start_date, MARCH.end_date));
    });

    it('limit and offset answer that slice of the same list, in the same order (date, id)', async () => {
      const whole = await page();
      expect(await page(3, 0)).toEqual(whole.slice(0, 3));
      expect(await page(3, 3)).toEqual(whole.slice(3, 6));
      expect(await page(3, 6)).toEqual(whole.slice(6));
      expect(await page(3, 7)).toEqual([]);
      expect(await page(1000, 1_000_000)).toEqual([]);
      // Either alone: the first entries, or all from the offset on.
      expect(await page(2)).toEqual(whole.slice(0, 2));
      expect(await page(undefined, 5)).toEqual(whole.slice(5));
      // Pages put together are the whole list, each entry with its order summary as in the whole list.
      const pages: Entry[] = [];
      for (let offset = 0; offset < 7; offset += 2) pages.push(...(await page(2, offset)));
      expect(pages).toEqual(whole);
      expect(whole.map((e) => e.date)).toEqual([...whole.map((e) => e.date)].sort());
    });

    it('leaves the deleted entry out of every slice', async () => {
      const all = [...(await page(4, 0)), ...(await page(4, 4))];
      expect(all).toHaveLength(7);
      expect(all.map((e) => e.date)).not.toContain('2027-03-10');
    });

    it('refuses a bad limit or offset with 400, naming the field, never a 500', async () => {
      const badLimits = ['0', '1001', '-1', 'abc', '1.5', '', '1e3', ' 1', '99999999999'];
      for (const limit of badLimits) {
        const reply = await expectRefused(() => getPage({ ...MARCH, limit }), 400);
        expect(issuesOf(reply), limit).toEqual({
          limit: 'Limite inválido: use um número inteiro de 1 a 1000',
        });
      }
      const badOffsets = ['-1', 'abc', '1.5', '', '1e3', '2147483648', '99999999999'];
      for (const offset of badOffsets) {
        const reply = await expectRefused(() => getPage({ ...MARCH, offset }), 400);
        expect(issuesOf(reply), offset).toEqual({
          offset: 'Deslocamento inválido: use um número inteiro a partir de 0',
        });
      }
      const repeated = await expectRefused(
        () =>
          send('GET', `/transactions/period?${q(MARCH)}&limit=2&limit=3&offset=0&offset=1`, manager.token),
        400,
      );
      expect(Object.keys(issuesOf(repeated)).sort()).toEqual(['limit', 'offset']);
      // The dates are still checked with a page asked for.
      const backwards = await expectRefused(
        () => getPage({ start_date: '2027-03-31', end_date: '2027-03-01', limit: '10' }),
        400,
      );
      expect(issuesOf(backwards).end_date).toMatch(/posterior/);
      expect((await getPage({ ...MARCH, limit: '1000', offset: '0' })).status).toBe(200);
      expect((await getPage({ ...MARCH, limit: '1' })).status).toBe(200);
    });

    it('the summary counts and sums the live entries per type, every type, 301/302 included', async () => {
      const answer = await summary(APRIL);
      expect(answer).toMatchObject({
        count: 9,
        totals: [
          { type: 101, count: 2, value: 0.3 },
          { type: 102, count: 1, value: 300 },
          { type: 103, count: 2, value: 10_000_025.5 },
          { type: 104, count: 1, value: 123.45 },
          { type: 201, count: 1, value: 75.25 },
          { type: 301, count: 1, value: 999 },
          { type: 302, count: 1, value: 888 },
        ],
      });
      // And per type and payment method (none is null), for the totals by method of Caixa do dia.
      expect(answer.by_method).toEqual([
        { type: 101, payment_method: 'Pix', count: 2, value: 0.3 },
        { type: 102, payment_method: 'Dinheiro', count: 1, value: 300 },
        { type: 103, payment_method: 'Cartão de crédito', count: 1, value: 25.5 },
        { type: 103, payment_method: 'Dinheiro', count: 1, value: 10_000_000 },
        { type: 104, payment_method: 'Dinheiro', count: 1, value: 123.45 },
        { type: 201, payment_method: null, count: 1, value: 75.25 },
        { type: 301, payment_method: 'Dinheiro', count: 1, value: 999 },
        { type: 302, payment_method: 'Dinheiro', count: 1, value: 888 },
      ]);
      // The same as the whole list of the period says, type by type.
      const entries = await period(APRIL.start_date, APRIL.end_date);
      expect(entries).toHaveLength(answer.count);
      for (const t of answer.totals) {
        const ofType = entries.filter((e) => e.type === t.type);
        expect(ofType).toHaveLength(t.count);
        expect(ofType.reduce((sum, e) => sum + Math.round(e.value * 100), 0)).toBe(Math.round(t.value * 100));
      }
      for (const m of answer.by_method) {
        const of = entries.filter(
          (e) => e.type === m.type && (e.payment_method ?? null) === m.payment_method,
        );
        expect(of).toHaveLength(m.count);
        expect(of.reduce((sum, e) => sum + Math.round(e.value * 100), 0)).toBe(Math.round(m.value * 100));
      }
    });

    it('the summary follows edits and deletes of the entries at once', async () => {
      const day = { start_date: '2027-07-07', end_date: '2027-07-07' };
      const id = await insertEntry({ type: 103, cents: 1_500, date: day.start_date, payment_method: 'Pix' });
      await api.deps.db
        .updateTable('transactions')
        .set({ payment_method: 'Dinheiro', value_cents: 2_000 })
        .where('id', '=', id)
        .execute();
      expect(await summary(day)).toEqual({
        count: 1,
        totals: [{ type: 103, count: 1, value: 20 }],
        by_method: [{ type: 103, payment_method: 'Dinheiro', count: 1, value: 20 }],
      });
      await api.deps.db
        .updateTable('transactions')
        .set({ deleted_at: new Date() })
        .where('id', '=', id)
        .execute();
      expect(await summary(day)).toEqual({ count: 0, totals: [], by_method: [] });
    });

    it('the summary includes both ends of the period and nothing outside them', async () => {
      const march = await summary(MARCH);
      // 2027-03-01 and 2027-03-31 are in; the deleted entry of the 10th and April's are not.
      expect(march).toMatchObject({
        count: 7,
        totals: [
          { type: 101, count: 1, value: 10 },
          { type: 102, count: 1, value: 10 },
          { type: 103, count: 3, value: 30 },
          { type: 104, count: 1, value: 10 },
          { type: 201, count: 1, value: 10 },
        ],
      });
      expect(await summary({ start_date: '2027-04-01', end_date: '2027-04-01' })).toMatchObject({
        count: 1,
        totals: [{ type: 101, count: 1, value: 0.1 }],
      });
      expect(await summary({ start_date: '2027-04-30', end_date: '2027-04-30' })).toMatchObject({
        count: 1,
        totals: [{ type: 101, count: 1, value: 0.2 }],
      });
      expect(await summary({ start_date: '2027-05-01', end_date: '2027-05-01' })).toMatchObject({ count: 1 });
      expect(await summary({ start_date: '2027-06-01', end_date: '2027-06-30' })).toMatchObject({
        count: 0,
        totals: [],
      });
      // A date-time is read in the shop's zone, as for the list: 2027-04-01T02:00Z is still 31 March there.
      expect(
        await summary({ start_date: '2027-04-01T02:00:00Z', end_date: '2027-04-01T02:00:00Z' }),
      ).toMatchObject({
        count: 1,
        totals: [{ type: 103, count: 1, value: 10 }],
      });
    });

    it('the summary checks the period like the list: missing, impossible, backwards, over 400 days', async () => {
      expect(
        issuesOf(await expectRefused(() => send('GET', '/transactions/period/summary', manager.token), 400)),
      ).toEqual({ start_date: 'Data inicial obrigatória', end_date: 'Data final obrigatória' });
      expect(
        issuesOf(await expectRefused(() => getSummary({ ...APRIL, end_date: '2027-02-31' }), 400)),
      ).toEqual({
        end_date: 'Data inválida',
      });
      const backwards = await expectRefused(
        () => getSummary({ start_date: '2027-04-30', end_date: '2027-04-01' }),
        400,
      );
      expect(issuesOf(backwards).end_date).toMatch(/posterior/);
      const tooLong = await expectRefused(
        () => getSummary({ start_date: '2025-01-01', end_date: '2026-02-05' }),
        400,
      );
      expect(issuesOf(tooLong).end_date).toBe('O período pode ter no máximo 400 dias');
      expect((await getSummary({ start_date: '2025-01-01', end_date: '2026-02-04' })).status).toBe(200);
    });

    it('both are for managers only: employee 403, no token 401', async () => {
      for (const reply of [
        await getSummary(APRIL, employee.token),
        await getPage({ ...MARCH, limit: '2', offset: '0' }, employee.token),
      ]) {
        expect(reply.status).toBe(403);
        expect(reply.body).toEqual({ status: 'error', message: 'Acesso restrito a gerentes' });
      }
      for (const reply of [await getSummary(APRIL, null), await getPage({ ...MARCH, limit: '2' }, null)]) {
        expect(reply.status).toBe(401);
        expect(reply.body).toEqual({ status: 'error', message: 'Invalid JWT token' });
      }
    });
  });

  describe('manual entries', () => {
    it('creates an Entrada (103) and a Saida (201) with an audit row each, value in cents', async () => {
      const entrada = await created(manual({ date: '2026-09-01', value: 1234.56 }));
      const saida = await created(
        manual({ type: 201, date: '2026-09-01', value: 80, description: '  Compra de solda  ' }),
      );
      expect(entrada).toMatchObject({ type: 103, value: 1234.56, date: '2026-09-01', payment_method: 'Pix' });
      expect(saida).toMatchObject({ type: 201, value: 80, description: 'Compra de solda' });
      const row = await storedRow(entrada.id);
      expect(row.value_cents).toBe('123456');
      expect(row.created_by).toBe(manager.user.id);

      const [audit] = await auditFor(entrada.id);
      expect(audit).toMatchObject({ actor_id: manager.user.id, action: 'create', entity: 'transaction' });
      expect(audit?.before).toBeNull();
      expect(audit?.after).toMatchObject({
        id: entrada.id,
        type: 103,
        value_cents: 123456,
        date: '2026-09-01',
      });
    });

    it('accepts the type as the select sends it ("201")', async () => {
      const entry = await created(manual({ type: '201', date: '2026-09-02' }));
      expect(entry.type).toBe(201);
    });

    it('refuses any other type: 102 is written by closing an order', async () => {
      const reply = await expectRefused(() => post(manual({ type: 102 })), 400);
      expect(issuesOf(reply).type).toMatch(/103 \(Entrada\) ou 201 \(Saida\)/);
      for (const type of [101, 104, 301, 302, 999, 'Entrada', true]) {
        expect(issuesOf(await expectRefused(() => post(manual({ type })), 400)).type).toBeDefined();
      }
    });

    it('names every missing field with the texts of SPEC §5', async () => {
      const reply = await expectRefused(() => post({}), 400);
      expect(issuesOf(reply)).toEqual({
        type: 'Tipo obrigatório',
        value: 'Valor obrigatório',
        description: 'Descrição obrigatória',
        payment_method: 'Valor obrigatório',
      });
      const blanks = await expectRefused(
        () => post({ type: '', value: '', description: '   ', payment_method: '', date: '' }),
        400,
      );
      expect(issuesOf(blanks)).toEqual({
        type: 'Tipo obrigatório',
        value: 'Valor obrigatório',
        description: 'Descrição obrigatória',
        payment_method: 'Valor obrigatório',
      });
    });

    it('refuses bad values, dates and sizes with a message, never a 500, and writes nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [manual({ value: -10 }), 'value'],
        [manual({ value: 0 }), 'value'],
        [manual({ value: 10.005 }), 'value'],
        [manual({ value: '10,50' }), 'value'],
        [manual({ value: '10.50' }), 'value'],
        [manual({ value: 1e12 }), 'value'],
        [manual({ value: { reais: 1 } }), 'value'],
        [manual({ type: undefined }), 'type'],
        [manual({ date: '2026-02-31' }), 'date'],
        [manual({ date: '2026-02-31T10:00:00Z' }), 'date'],
        [manual({ date: 'ontem' }), 'date'],
        [manual({ date: 20261122 }), 'date'],
        [manual({ description: 'x'.repeat(2001) }), 'description'],
        [manual({ description: 42 }), 'description'],
        [manual({ payment_method: 'p'.repeat(121) }), 'payment_method'],
      ];
      for (const [body, field] of cases) {
        const reply = await expectRefused(() => post(body), 400);
        expect(Object.keys(issuesOf(reply)), JSON.stringify(body)).toEqual([field]);
        expect(issuesOf(reply)[field]?.length).toBeGreaterThan(0);
      }
      // A body far past the size limit, and one that is not JSON.
      await expectRefused(() => post(manual({ description: 'x'.repeat(300_000) })), 413);
      await expectRefused(() => post('{"type": 103,'), 400);
      await expectRefused(() => post([manual()]), 400);
    });

    it('is for managers only', async () => {
      await expectRefused(() => post(manual(), employee.token), 403);
      await expectRefused(() => post(manual(), null), 401);
    });
  });

  describe('editing an entry', () => {
    it('rewrites a sale into a purchase, keeping its date, with an audit row in cents', async () => {
      const entry = await created(manual({ date: '2026-10-05', value: 10 }));
      const reply = await put(entry.id, {
        type: 201,
        value: 12.34,
        description: 'Compra de pasta térmica',
        payment_method: 'Dinheiro',
        date: '2026-10-09',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toEqual({
        ...entry,
        type: 201,
        value: 12.34,
        description: 'Compra de pasta térmica',
        payment_method: 'Dinheiro',
        date: '2026-10-05',
        version: 2,
      });
      expect(await day('2026-10-05')).toEqual([reply.body]);

      const audit = await auditFor(entry.id);
      expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
      expect(audit[1]).toMatchObject({ actor_id: manager.user.id, entity: 'transaction' });
      expect(audit[1]?.before).toMatchObject({ type: 103, value_cents: 1000, payment_method: 'Pix' });
      expect(audit[1]?.after).toMatchObject({ type: 201, value_cents: 1234, payment_method: 'Dinheiro' });
      expect(audit[1]?.after).not.toHaveProperty('confirmed_by');
    });

    it("refuses to edit the orders' entries: 409", async () => {
      for (const type of [101, 102, 104, 301, 302]) {
        // Written without an owner: the 409 depends on the type alone.
        const id = await insertEntry({ type, cents: 700, date: '2026-10-06' });
        const reply = await expectRefused(() => put(id, manual()), 409);
        expect((reply.body as { message: string }).message).toBe(
          'Só lançamentos de venda e compra podem ser editados',
        );
      }
    });

    it('answers 404 for an unknown or deleted entry, and refuses employees and bad bodies', async () => {
      const gone = await insertEntry({ type: 103, cents: 100, date: '2026-10-07', deleted: true });
      await expectRefused(() => put(gone, manual()), 404);
      await expectRefused(() => put(999_999, manual()), 404);
      await expectRefused(() => put('abc', manual()), 404);

      const entry = await created(manual({ date: '2026-10-07' }));
      await expectRefused(() => put(entry.id, manual({ value: 99 }), employee.token), 403);
      await expectRefused(() => put(entry.id, manual({ value: 99 }), null), 401);
      await expectRefused(() => put(entry.id, manual({ value: -1 })), 400);
      await expectRefused(() => put(entry.id, manual({ value: 1.999 })), 400);
      expect(
        issuesOf(await expectRefused(() => put(entry.id, manual({ type: 102 })), 400)).type,
      ).toBeDefined();
      expect(issuesOf(await expectRefused(() => put(entry.id, {}), 400))).toEqual({
        type: 'Tipo obrigatório',
        value: 'Valor obrigatório',
        description: 'Descrição obrigatória',
        payment_method: 'Valor obrigatório',
      });
    });

    it("checks a confirmation when one is sent: an employee's is 403, a manager's is recorded", async () => {
      const entry = await created(manual({ date: '2026-10-08', value: 5 }));
      const refused = await expectRefused(
        () =>
          put(entry.id, {
            ...manual({ value: 6 }),
            confirm_username: staff.username,
            confirm_password: staff.password,
          }),
        403,
      );
      expect((refused.body as { message: string }).message).toBe('Digite uma credencial de gerente válida');
      await expectRefused(
        () =>
          put(entry.id, {
            ...manual({ value: 6 }),
            confirm_username: MANAGER.username,
            confirm_password: 'errada',
          }),
        403,
      );
      expect(
        issuesOf(
          await expectRefused(
            () => put(entry.id, { ...manual({ value: 6 }), confirm_username: 'gerente' }),
            400,
          ),
        ),
      ).toEqual({ confirm_password: 'Senha obrigatória' });

      const reply = await put(entry.id, {
        ...manual({ value: 6 }),
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect((reply.body as Entry).value).toBe(6);
      const audit = await auditFor(entry.id);
      expect(audit.at(-1)?.after).toMatchObject({
        value_cents: 600,
        confirmed_by: { id: manager.user.id, username: MANAGER.username },
      });
    });
  });

  describe('deleting an entry', () => {
    it("refuses an employee's confirmation (403) and the entry stays listed", async () => {
      const entry = await created(manual({ date: '2026-12-01' }));
      const reply = await expectRefused(
        () => remove(entry.id, { confirm_username: staff.username, confirm_password: staff.password }),
        403,
      );
      expect((reply.body as { message: string }).message).toBe('Digite uma credencial de gerente válida');
      expect(ids(await day('2026-12-01'))).toContain(entry.id);
      await expectRefused(() => remove(entry.id, {}), 400);
      await expectRefused(
        () => remove(entry.id, { confirm_username: MANAGER.username, confirm_password: 'x' }),
        403,
      );
      await expectRefused(
        () =>
          remove(entry.id, { confirm_username: MANAGER.username, confirm_password: MANAGER.password }, null),
        401,
      );
      expect(ids(await day('2026-12-01'))).toContain(entry.id);
    });

    it("with a manager's confirmation soft-deletes it (204): gone from the day, kept in the table, audited", async () => {
      const entry = await created(manual({ date: '2026-12-02' }));
      const confirmation = { confirm_username: MANAGER.username, confirm_password: MANAGER.password };
      const reply = await remove(entry.id, confirmation);
      expect(reply.status, JSON.stringify(reply.body)).toBe(204);
      expect(ids(await day('2026-12-02'))).not.toContain(entry.id);
      expect((await storedRow(entry.id)).deleted_at).not.toBeNull();

      const audit = await auditFor(entry.id);
      expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
      expect(audit[1]).toMatchObject({ actor_id: employee.user.id, entity: 'transaction' });
      expect(audit[1]?.before).toMatchObject({ id: entry.id, type: 103, value_cents: 2550 });
      expect(audit[1]?.after).toMatchObject({
        deleted_at: expect.stringMatching(ISO),
        confirmed_by: { id: manager.user.id, username: MANAGER.username },
      });

      // Already deleted, unknown, or not an id: 404 once the confirmation holds.
      await expectRefused(() => remove(entry.id, confirmation), 404);
      await expectRefused(() => remove(999_999, confirmation), 404);
      await expectRefused(() => remove('x1', confirmation), 404);
      await expectRefused(() => put(entry.id, manual()), 404);
    });

    // Decision 032: the order goes back to open, in the status it was sent from, and owes what it owed.
    it("deleting a service order's close entry reopens it; its payment goes only after that", async () => {
      const client = await send('POST', '/clients', employee.token, { name: 'Reaberta Souza' });
      const { id } = (
        await send('POST', '/service-orders/normal', employee.token, {
          client_id: (client.body as { id: number }).id,
          product_name: 'Celular',
        })
      ).body as { id: number };
      const paid = await send('POST', '/transactions/upfront-payment/service-order', employee.token, {
        service_order_id: id,
        value: 50,
        description: 'Sinal',
        payment_method: 'Dinheiro',
      });
      expect(paid.status).toBe(201);
      const edited = await send('PUT', `/service-orders/normal/${id}`, employee.token, {
        status: 104,
        product_name: 'Celular',
        fix_value_final: 200,
        fix_payment_method: 'Pix',
      });
      expect(edited.status).toBe(200);
      const close = await send('POST', '/transactions/close/service-order', employee.token, {
        service_order_id: id,
      });
      expect(close.body).toMatchObject({ type: 102, value: 150 });
      const confirmation = { confirm_username: MANAGER.username, confirm_password: MANAGER.password };
      // The payment the close was worked out from cannot go first: the order would stay closed, short.
      const payment = (paid.body as { id: number }).id;
      expect(await remove(payment, confirmation)).toEqual({
        status: 409,
        body: {
          status: 'error',
          message:
            'Este pagamento é de uma ordem já enviada ao caixa. Exclua antes o lançamento do envio ao caixa, que reabre a ordem, e depois o pagamento.',
        },
      });
      const reply = await remove((close.body as { id: number }).id, confirmation);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        reopened: { entity: 'service_order', kind: 'normal', id, status: 104 },
      });
      const order = (await send('GET', `/service-orders/normal/${id}`, employee.token)).body as {
        status: number;
        finished_at: string | null;
        transactions: { type: number; value: number }[];
      };
      expect(order).toMatchObject({ status: 104, finished_at: null });
      expect(order.transactions.map((t) => [t.type, t.value])).toEqual([[101, 50]]);
      const actions = (await auditRows(api, 'service_order', id)).map((r) => r.action);
      expect(actions).toContain('reopen');
      // Open again: sent to the cash again, once, for what is still owed.
      const again = await send('POST', '/transactions/close/service-order', employee.token, {
        service_order_id: id,
      });
      expect(again.body).toMatchObject({ type: 102, value: 150 });
      const closedEntries = await api.deps.db
        .selectFrom('transactions')
        .select(['value_cents', 'deleted_at'])
        .where('service_order_id', '=', id)
        .where('type', '=', 102)
        .orderBy('id')
        .execute();
      // The first close entry deleted, the second live, both of the same 150.
      expect(
        closedEntries.map((e) => [Number(e.value_cents), e.deleted_at === null ? 'live' : 'deleted']),
      ).toEqual([
        [15_000, 'deleted'],
        [15_000, 'live'],
      ]);
    });

    it("deleting a parts order's close entry reopens it in the status it was sent from", async () => {
      const client = await send('POST', '/clients', employee.token, { name: 'Peça Reaberta' });
      const { id } = (
        await send('POST', '/orders', employee.token, {
          client_id: (client.body as { id: number }).id,
          piece_name: 'Bateria',
          piece_value: 80,
          payment_method: 'Pix',
        })
      ).body as { id: number };
      expect(
        (
          await send('PUT', `/orders/${id}`, employee.token, {
            piece_name: 'Bateria',
            piece_value: 80,
            payment_method: 'Pix',
            status: 101,
          })
        ).status,
      ).toBe(200);
      const close = await send('POST', '/transactions/close/order', employee.token, { order_id: id });
      expect(close.body, JSON.stringify(close.body)).toMatchObject({ type: 104, value: 80 });
      const reply = await remove((close.body as { id: number }).id, {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
      expect(reply.body).toMatchObject({ reopened: { entity: 'order', kind: 'parts', id, status: 101 } });
      const order = (await send('GET', `/orders/${id}`, employee.token)).body as { status: number };
      expect(order.status).toBe(101);
    });

    it("deleting a cancelled order's entries leaves the order cancelled, and a manual entry reopens nothing", async () => {
      await api.deps.db
        .updateTable('service_orders')
        .set({ status: 107 })
        .where('id', '=', serviceOrderId)
        .execute();
      const cancelled = await insertEntry({
        type: 301,
        cents: 0,
        date: '2026-12-03',
        service_order_id: serviceOrderId,
      });
      const confirmation = { confirm_username: MANAGER.username, confirm_password: MANAGER.password };
      expect((await remove(cancelled, confirmation)).status).toBe(204);
      const manual = await insertEntry({ type: 103, cents: 1_000, date: '2026-12-03' });
      expect((await remove(manual, confirmation)).status).toBe(204);
      const order = await api.deps.db
        .selectFrom('service_orders')
        .select(['status', 'deleted_at'])
        .where('id', '=', serviceOrderId)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ status: 107, deleted_at: null });
    });
  });
});

describe('a long answer that fails halfway', () => {
  it('is cut off, never ended as if whole: the caller cannot take a partial array for the period', async () => {
    const { default: express } = await import('express');
    const { sendJsonArray } = await import('../../api/transactions/json-array.ts');
    const { errorHandler } = await import('../../api/http/errors.ts');
    async function* chunks() {
      yield [1, 2];
      yield [3, 4];
      throw new Error('a connection to the database was lost');
    }
    const app = express();
    app.get('/list', async (_req, res) => {
      await sendJsonArray(res, chunks(), (n) => ({ n }));
    });
    app.use(errorHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { port } = server.address() as import('node:net').AddressInfo;
      // Whether the first pieces reached the socket or not, the answer never arrives as a whole array.
      const whole = fetch(`http://127.0.0.1:${port}/list`).then((res) => res.text());
      await expect(whole).rejects.toThrow();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
