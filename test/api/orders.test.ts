/**
 * Parts orders (SPEC §3 Parts order and Transaction, §4 parts order statuses, §5 Open/Edit/Cancel parts
 * order, Upfront payment, Delete dialogs, §6, §7 Parts orders and the order Transactions calls, §8; API.md
 * General, Manager confirmation, Orders, Audit): open, number and status lists, read, edit, soft-delete
 * with a manager's confirmation, upfront payment, close (send to cash) and cancel, each cash action
 * locking the order so that a double click never writes two close entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInShop } from '../../domain/dates.ts';
import { DB_TARGETS, MANAGER, type TestApi } from '../support/api.ts';
import { type Session, senderTo, startApiWithStaff } from '../support/api-staff.ts';
import { auditRows } from '../support/audit.ts';

type Reply = { status: number; body: unknown };
type Json = Record<string, unknown>;
type Order = Json & { id: number; number: string; status: number; transactions: Json[] };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const FINISHED = 'Este pedido já foi finalizado ou cancelado';
const CLOSE_NEEDS = 'Para enviar um pedido ao caixa, ele deve conter: Valor e Forma de Pagamento';
const DETAIL_FIELDS = [
  'id',
  'number',
  'status',
  'client_id',
  'client',
  'version',
  'piece_code',
  'piece_name',
  'piece_value',
  'product_model',
  'payment_method',
  'order_payment_method',
  'manufacturer_date',
  'manufacturer_code',
  'transactions',
  'created_at',
  'updated_at',
  'finished_at',
];

describe.each(DB_TARGETS)('parts orders on %s', (kind) => {
  let api: TestApi;
  let manager: Session;
  let employee: Session;
  let staff: { username: string; password: string };
  let client: Json & { id: number; name: string };
  let today: string;
  const managerConfirm = () => ({ confirm_username: MANAGER.username, confirm_password: MANAGER.password });
  const staffConfirm = () => ({ confirm_username: staff.username, confirm_password: staff.password });

  beforeAll(async () => {
    ({ api, manager, staff, employee } = await startApiWithStaff(kind, 'balconista', 'senha-do-balcao'));
    today = todayInShop(api.deps.shopTz);
    const reply = await send('POST', '/clients', employee.token, {
      name: 'Rita de Cássia Pedido',
      phone1: '(11) 91234-5678',
      city: 'Osasco',
    });
    expect(reply.status).toBe(201);
    client = reply.body as typeof client;
  });
  afterAll(async () => {
    await api?.stop();
  });

  const send = senderTo(() => api);

  const post = (body: unknown, token = employee.token) => send('POST', '/orders', token, body);
  const read = (id: number | string, token = employee.token) => send('GET', `/orders/${id}`, token);
  const put = (id: number | string, body: unknown, token = employee.token) =>
    send('PUT', `/orders/${id}`, token, body);
  const remove = (id: number | string, body: unknown, token = employee.token) =>
    send('DELETE', `/orders/${id}`, token, body);
  const upfront = (body: unknown, token = employee.token) =>
    send('POST', '/transactions/upfront-payment/order', token, body);
  const close = (body: unknown, token = employee.token) =>
    send('POST', '/transactions/close/order', token, body);
  const cancel = (body: unknown, token = employee.token) =>
    send('POST', '/transactions/cancel/order', token, body);

  const issuesOf = (reply: Reply) =>
    ((reply.body as { issues?: Record<string, string> }).issues ?? {}) as Record<string, string>;

  async function list(query: string): Promise<Json[]> {
    const reply = await send('GET', `/orders?${query}`, employee.token);
    expect(reply.status, `${query}: ${JSON.stringify(reply.body)}`).toBe(200);
    return reply.body as Json[];
  }

  async function opened(body: Json = {}): Promise<{ id: number; number: string }> {
    const reply = await post({ client_id: client.id, piece_name: 'Tela LCD 32"', ...body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as { id: number; number: string };
  }

  async function detail(id: number): Promise<Order> {
    const reply = await read(id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as Order;
  }

  /** An order ready to be sent to cash: value and payment method filled in. */
  async function readyOrder(pieceValue: number, paymentMethod = 'PIX') {
    const order = await opened({ piece_value: pieceValue });
    const edit = await put(order.id, {
      status: 101,
      piece_name: 'Tela LCD 32"',
      piece_value: pieceValue,
      payment_method: paymentMethod,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    return order;
  }

  async function counts() {
    const count = async (table: 'orders' | 'transactions' | 'audit_log') => {
      const row = await api.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    return {
      orders: await count('orders'),
      transactions: await count('transactions'),
      audit: await count('audit_log'),
    };
  }

  async function entriesOf(orderId: number) {
    return api.deps.db
      .selectFrom('transactions')
      .select(['id', 'type', 'value_cents', 'description', 'date', 'payment_method', 'deleted_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  }

  const auditFor = (id: number) => auditRows(api, 'order', id);

  /** A refused request: 4xx with the error body and nothing written (no order, entry or audit row). */
  async function expectRefused(request: () => Promise<Reply>, status?: number): Promise<Reply> {
    const before = await counts();
    const reply = await request();
    if (status) expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect(reply.status, JSON.stringify(reply.body)).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body).toMatchObject({ status: 'error', message: expect.any(String) });
    expect(await counts()).toEqual(before);
    return reply;
  }

  describe('open and read', () => {
    it('numbers parts orders P00001, P00002… and opens them at status 100', async () => {
      const first = await post({ client_id: client.id, piece_name: 'Placa principal' });
      expect(first).toEqual({ status: 201, body: { id: expect.any(Number), number: 'P00001' } });
      const second = await post({ client_id: String(client.id), piece_name: 'Fonte' });
      expect(second).toEqual({ status: 201, body: { id: expect.any(Number), number: 'P00002' } });
      expect((await detail((first.body as Order).id)).status).toBe(100);
      expect((await detail((second.body as Order).id)).status).toBe(100);
    });

    it('reads back every field of SPEC §3, the whole client and no transactions yet', async () => {
      const order = await opened({
        piece_name: '  Flat do display  ',
        piece_code: ' BN96-12345A ',
        piece_value: 1234.56,
        product_model: 'UN55TU8000',
      });
      const body = await detail(order.id);
      expect(Object.keys(body).sort()).toEqual([...DETAIL_FIELDS].sort());
      expect(body).toEqual({
        id: order.id,
        number: order.number,
        status: 100,
        client_id: client.id,
        version: 1,
        client,
        piece_code: 'BN96-12345A',
        piece_name: 'Flat do display',
        piece_value: 1234.56,
        product_model: 'UN55TU8000',
        payment_method: null,
        order_payment_method: null,
        manufacturer_date: null,
        manufacturer_code: null,
        transactions: [],
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
        finished_at: null,
      });
      const row = await api.deps.db
        .selectFrom('orders')
        .select(['piece_value_cents', 'created_by'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ piece_value_cents: '123456', created_by: employee.user.id });
    });

    it('stores only the piece name when the rest is left out', async () => {
      const order = await opened({ piece_code: '', piece_value: null, product_model: null });
      expect(await detail(order.id)).toMatchObject({
        piece_code: null,
        piece_value: null,
        product_model: null,
      });
    });

    it('requires the piece name and a living client, naming the field', async () => {
      const missing = await expectRefused(() => post({ client_id: client.id }), 400);
      expect(issuesOf(missing)).toEqual({ piece_name: 'Digite algo para buscar' });
      const blank = await expectRefused(() => post({ client_id: client.id, piece_name: '   ' }), 400);
      expect(issuesOf(blank)).toEqual({ piece_name: 'Digite algo para buscar' });
      for (const client_id of [999_999, 99_999_999_999, 0, -1, 'abc', 1.5, null, true]) {
        const reply = await expectRefused(() => post({ client_id, piece_name: 'Peça' }), 400);
        expect(Object.keys(issuesOf(reply)), String(client_id)).toEqual(['client_id']);
      }
      const unknown = await post({ client_id: 999_999, piece_name: 'Peça' });
      expect(issuesOf(unknown)).toEqual({ client_id: 'Cliente não encontrado' });
    });

    it('refuses a deleted client', async () => {
      const gone = await send('POST', '/clients', employee.token, { name: 'Cliente Que Saiu' });
      const id = (gone.body as { id: number }).id;
      expect((await send('DELETE', `/clients/${id}`, employee.token, managerConfirm())).status).toBe(204);
      const reply = await expectRefused(() => post({ client_id: id, piece_name: 'Peça' }), 400);
      expect(issuesOf(reply)).toEqual({ client_id: 'Cliente não encontrado' });
    });

    it('refuses wrong types, negative money, three decimals and huge strings, never 500', async () => {
      const base = { client_id: client.id, piece_name: 'Peça' };
      const cases: [Json, string][] = [
        [{ piece_value: -10 }, 'piece_value'],
        [{ piece_value: 10.123 }, 'piece_value'],
        [{ piece_value: '10,50' }, 'piece_value'],
        [{ piece_value: 1e12 }, 'piece_value'],
        [{ piece_name: 42 }, 'piece_name'],
        [{ piece_name: 'x'.repeat(121) }, 'piece_name'],
        [{ piece_code: 'x'.repeat(5000) }, 'piece_code'],
        [{ product_model: ['a'] }, 'product_model'],
        [{ piece_code: { a: 1 } }, 'piece_code'],
      ];
      for (const [extra, field] of cases) {
        const reply = await expectRefused(() => post({ ...base, ...extra }), 400);
        expect(Object.keys(issuesOf(reply)), JSON.stringify(extra)).toContain(field);
      }
      await expectRefused(() => post({ ...base, piece_name: 'Tela\u0000' }), 400);
      await expectRefused(() => post([base]), 400);
      await expectRefused(() => post('texto'), 400);
    });

    it('answers 400 to malformed JSON and 4xx to a body too large', async () => {
      const res = await fetch(`${api.url}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${employee.token}` },
        body: '{"piece_name": ',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 'error', message: expect.any(String) });
      await expectRefused(() =>
        post({ client_id: client.id, piece_name: 'x', piece_code: 'y'.repeat(300_000) }),
      );
    });

    it('ignores unknown fields, status and number included', async () => {
      const order = await opened({ status: 104, number: 'P99999', id: 1, deleted_at: '2020-01-01' });
      expect(order.number).not.toBe('P99999');
      expect(await detail(order.id)).toMatchObject({ status: 100, finished_at: null });
    });

    it('answers 404 to an unknown order and never 500 to a strange id', async () => {
      expect(await read(999_999)).toEqual({
        status: 404,
        body: { status: 'error', message: 'Pedido não encontrado' },
      });
      for (const id of ['abc', '1.5', '-1', '0', '99999999999', '%20', '1e3']) {
        const reply = await read(id);
        expect([400, 404], id).toContain(reply.status);
        expect(reply.body).toMatchObject({ status: 'error', message: expect.any(String) });
        const edit = await expectRefused(() => put(id, { piece_name: 'X' }));
        expect([400, 404], id).toContain(edit.status);
      }
    });
  });

  describe('lists by number and by status', () => {
    it('finds a number ignoring case and leading zeros', async () => {
      const p1 = (await list('status=100')).find((o) => o.number === 'P00001');
      expect(p1).toBeDefined();
      for (const number of ['p1', 'P00001', '1', '00001', ' p001 ', 'P000001']) {
        const found = await list(`number=${encodeURIComponent(number)}`);
        expect(
          found.map((o) => o.number),
          number,
        ).toEqual(['P00001']);
      }
      expect(await list('number=P1')).toEqual([
        {
          id: p1?.id,
          number: 'P00001',
          status: 100,
          piece_name: 'Placa principal',
          client: { id: client.id, name: client.name },
          created_at: expect.stringMatching(ISO),
          status_changed_at: expect.stringMatching(ISO),
        },
      ]);
    });

    it('answers an empty list to a number that names no parts order', async () => {
      for (const number of ['M1', 'P99999', 'abc', '%', 'P-1', 'x'.repeat(40)]) {
        expect(await list(`number=${encodeURIComponent(number)}`), number).toEqual([]);
      }
      const nul = await send('GET', `/orders?number=${encodeURIComponent('P1\u0000')}`, employee.token);
      expect(nul.status).toBeGreaterThanOrEqual(400);
      expect(nul.status).toBeLessThan(500);
    });

    it('lists each of the five statuses, highest number first', async () => {
      const waiting = await opened({ piece_name: 'Status 100' });
      const notified = await opened({ piece_name: 'Status 101' });
      const delivered = await opened({ piece_name: 'Status 102' });
      const cancelled = await opened({ piece_name: 'Status 103' });
      const completed = await readyOrder(50);
      expect((await put(notified.id, { status: 101, piece_name: 'Status 101' })).status).toBe(200);
      expect((await put(delivered.id, { status: '102', piece_name: 'Status 102' })).status).toBe(200);
      expect(
        (await cancel({ order_id: cancelled.id, cancel_motive: 'Desistiu', ...managerConfirm() })).status,
      ).toBe(201);
      expect((await close({ order_id: completed.id, date: today, description: '' })).status).toBe(201);

      const expected: [number, { id: number }][] = [
        [100, waiting],
        [101, notified],
        [102, delivered],
        [103, cancelled],
        [104, completed],
      ];
      for (const [status, order] of expected) {
        const found = await list(`status=${status}`);
        expect(
          found.map((o) => o.id),
          String(status),
        ).toContain(order.id);
        expect(found.every((o) => o.status === status)).toBe(true);
        const numbers = found.map((o) => o.number as string);
        expect(numbers).toEqual([...numbers].sort().reverse());
      }
      expect((await list('status=100'))[0]?.id).toBe(waiting.id);
    });

    it('answers 400 without a number or status, or with a status not of parts orders', async () => {
      for (const query of ['', 'status=', 'number=', 'number=%20%20']) {
        const reply = await send('GET', `/orders?${query}`, employee.token);
        expect(reply.status, query).toBe(400);
        expect(issuesOf(reply), query).toEqual({ status: 'Selecione um status para buscar' });
      }
      for (const query of ['status=105', 'status=99', 'status=abc', 'status=100&status=101', 'status=1e2']) {
        const reply = await send('GET', `/orders?${query}`, employee.token);
        expect(reply.status, query).toBe(400);
        expect(Object.keys(issuesOf(reply)), query).toEqual(['status']);
      }
    });
  });

  describe('edit', () => {
    it('replaces the form fields and answers the whole order', async () => {
      const order = await opened({ piece_code: 'ABC', piece_value: 10 });
      const reply = await put(order.id, {
        status: 102,
        piece_name: 'Tela nova',
        piece_code: 'XYZ-1',
        product_model: 'Modelo 2',
        piece_value: 99.9,
        payment_method: 'Cartão de crédito',
        manufacturer_date: '2026-02-28',
        manufacturer_code: 'FAB-778',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toEqual(await detail(order.id));
      expect(reply.body).toMatchObject({
        id: order.id,
        number: order.number,
        status: 102,
        piece_name: 'Tela nova',
        piece_code: 'XYZ-1',
        product_model: 'Modelo 2',
        piece_value: 99.9,
        payment_method: 'Cartão de crédito',
        order_payment_method: 'Cartão de crédito',
        manufacturer_date: '2026-02-28',
        manufacturer_code: 'FAB-778',
        finished_at: null,
      });
    });

    it('takes the payment method under either name, and reads it back under both', async () => {
      const order = await opened();
      const reply = await put(order.id, {
        status: 100,
        piece_name: 'Tela',
        order_payment_method: 'Dinheiro',
      });
      expect(reply.body).toMatchObject({ payment_method: 'Dinheiro', order_payment_method: 'Dinheiro' });
      const both = await put(order.id, {
        piece_name: 'Tela',
        payment_method: 'PIX',
        order_payment_method: 'Dinheiro',
      });
      expect(both.body).toMatchObject({ payment_method: 'PIX', order_payment_method: 'PIX' });
      const cleared = await put(order.id, { piece_name: 'Tela', payment_method: '' });
      expect(cleared.body).toMatchObject({ payment_method: null, order_payment_method: null });
    });

    it('keeps the status when the body leaves it out, and takes a date-time as the shop day', async () => {
      const order = await opened();
      await put(order.id, { status: 101, piece_name: 'Tela' });
      const reply = await put(order.id, {
        piece_name: 'Tela',
        manufacturer_date: '2026-03-10T02:00:00.000Z',
      });
      // 02:00 UTC is still the 9th in São Paulo (UTC−3).
      expect(reply.body).toMatchObject({ status: 101, manufacturer_date: '2026-03-09' });
    });

    it('refuses the terminal statuses 103 and 104 and anything not a parts status', async () => {
      const order = await opened();
      for (const status of [103, 104, '104']) {
        const reply = await expectRefused(() => put(order.id, { status, piece_name: 'Tela' }), 400);
        expect(Object.keys(issuesOf(reply))).toEqual(['status']);
      }
      for (const status of [105, 99, 200, 'abc', 100.5, true]) {
        const reply = await expectRefused(() => put(order.id, { status, piece_name: 'Tela' }), 400);
        expect(issuesOf(reply), String(status)).toEqual({ status: 'Status inválido' });
      }
      expect((await detail(order.id)).status).toBe(100);
    });

    it('requires the piece name and checks every field', async () => {
      const order = await opened();
      const missing = await expectRefused(() => put(order.id, { status: 100 }), 400);
      expect(issuesOf(missing)).toEqual({ piece_name: 'Digite algo para editar' });
      const cases: [Json, string][] = [
        [{ manufacturer_date: '2026-02-31' }, 'manufacturer_date'],
        [{ manufacturer_date: '31/01/2026' }, 'manufacturer_date'],
        [{ manufacturer_date: 20260101 }, 'manufacturer_date'],
        [{ piece_value: -0.01 }, 'piece_value'],
        [{ piece_value: 0.001 }, 'piece_value'],
        [{ payment_method: 7 }, 'payment_method'],
        [{ order_payment_method: 'x'.repeat(500) }, 'payment_method'],
        [{ manufacturer_code: 'x'.repeat(3000) }, 'manufacturer_code'],
      ];
      for (const [extra, field] of cases) {
        const reply = await expectRefused(() => put(order.id, { piece_name: 'Tela', ...extra }), 400);
        expect(Object.keys(issuesOf(reply)), JSON.stringify(extra)).toEqual([field]);
      }
    });

    it('answers 409 to editing a completed or cancelled order', async () => {
      const done = await readyOrder(10);
      expect((await close({ order_id: done.id, date: today, description: '' })).status).toBe(201);
      const gone = await opened();
      expect(
        (await cancel({ order_id: gone.id, cancel_motive: 'Sem peça', ...managerConfirm() })).status,
      ).toBe(201);
      for (const order of [done, gone]) {
        const reply = await expectRefused(() => put(order.id, { status: 100, piece_name: 'Reaberto' }), 409);
        expect(reply.body).toEqual({ status: 'error', message: FINISHED });
      }
      // A terminal status in the body is a bad body first.
      expect((await put(done.id, { status: 104, piece_name: 'X' })).status).toBe(400);
    });
  });

  describe('upfront payment', () => {
    it('writes one 101 entry linked to the order, dated today by default', async () => {
      const order = await opened({ piece_value: 300 });
      const reply = await upfront({
        order_id: order.id,
        value: 100.5,
        description: '  Sinal  ',
        payment_method: 'PIX',
      });
      expect(reply).toEqual({
        status: 201,
        body: {
          id: expect.any(Number),
          type: 101,
          value: 100.5,
          description: 'Sinal',
          date: today,
          payment_method: 'PIX',
          created_at: expect.stringMatching(ISO),
        },
      });
      const second = await upfront({
        order_id: String(order.id),
        value: 20,
        description: 'Mais um pouco',
        payment_method: 'Dinheiro',
        date: '2026-01-15',
      });
      expect(second.body).toMatchObject({ type: 101, value: 20, date: '2026-01-15' });
      const body = await detail(order.id);
      expect(body.status).toBe(100);
      // Oldest first: by business date, then by id.
      expect(body.transactions).toEqual([second.body, reply.body]);
      const rows = await entriesOf(order.id);
      expect(rows.map((r) => [r.type, r.value_cents])).toEqual([
        [101, '10050'],
        [101, '2000'],
      ]);
    });

    it('names each missing or wrong field, and writes nothing', async () => {
      const order = await opened();
      const empty = await expectRefused(() => upfront({ order_id: order.id }), 400);
      expect(issuesOf(empty)).toEqual({
        value: 'Valor obrigatório',
        description: 'Descrição obrigatória',
        payment_method: 'Valor obrigatório',
      });
      const good = { order_id: order.id, value: 10, description: 'Sinal', payment_method: 'PIX' };
      const cases: [Json, string][] = [
        [{ value: 0 }, 'value'],
        [{ value: -5 }, 'value'],
        [{ value: 1.005 }, 'value'],
        [{ value: '10' }, 'value'],
        [{ value: 1e10 }, 'value'],
        [{ description: '   ' }, 'description'],
        [{ description: 'x'.repeat(2001) }, 'description'],
        [{ payment_method: '' }, 'payment_method'],
        [{ payment_method: 3 }, 'payment_method'],
        [{ date: '2026-02-31' }, 'date'],
        [{ date: 'ontem' }, 'date'],
        [{ order_id: 'abc' }, 'order_id'],
        [{ order_id: 99_999_999_999 }, 'order_id'],
      ];
      for (const [extra, field] of cases) {
        const reply = await expectRefused(() => upfront({ ...good, ...extra }), 400);
        expect(Object.keys(issuesOf(reply)), JSON.stringify(extra)).toEqual([field]);
      }
      await expectRefused(() => upfront({ ...good, order_id: 999_999 }), 404);
    });

    it('refuses a payment past what is still owed once the order has a value, saying how much is owed', async () => {
      const order = await readyOrder(10.5);
      expect(
        (await upfront({ order_id: order.id, value: 1.17, description: 'Sinal', payment_method: 'PIX' }))
          .status,
      ).toBe(201);
      const over = await expectRefused(
        () => upfront({ order_id: order.id, value: 1050, description: 'Resto', payment_method: 'PIX' }),
        400,
      );
      expect(over.body).toMatchObject({ message: 'O valor passa do que falta receber (R$ 9,33)' });
      expect(issuesOf(over)).toEqual({ value: 'O valor passa do que falta receber (R$ 9,33)' });
      await expectRefused(
        () => upfront({ order_id: order.id, value: 9.34, description: 'Resto', payment_method: 'PIX' }),
        400,
      );
      // Exactly what is owed is taken; then nothing more is.
      expect(
        (await upfront({ order_id: order.id, value: 9.33, description: 'Resto', payment_method: 'PIX' }))
          .status,
      ).toBe(201);
      const full = await expectRefused(
        () => upfront({ order_id: order.id, value: 0.01, description: 'Mais', payment_method: 'PIX' }),
        400,
      );
      expect(issuesOf(full)).toEqual({ value: 'O valor passa do que falta receber (R$ 0,00)' });
      expect((await detail(order.id)).transactions.map((t) => t.value)).toEqual([1.17, 9.33]);

      // No value yet (or zero): any positive payment is taken.
      for (const value of [null, 0]) {
        const open = await opened({ piece_value: value });
        const reply = await upfront({
          order_id: open.id,
          value: 1050,
          description: 'Sinal',
          payment_method: 'PIX',
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      }
    });

    it('lets only what is owed through when payments race each other', async () => {
      const order = await readyOrder(100);
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          upfront({ order_id: order.id, value: 30, description: `Parcela ${i}`, payment_method: 'PIX' }),
        ),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 201, 400, 400, 400, 400, 400]);
      const paid = (await entriesOf(order.id)).filter((r) => r.type === 101);
      expect(paid.map((r) => r.value_cents)).toEqual(['3000', '3000', '3000']);
    });

    it('answers 409 on a completed or cancelled order', async () => {
      const done = await readyOrder(10);
      await close({ order_id: done.id, date: today, description: '' });
      const gone = await opened();
      await cancel({ order_id: gone.id, cancel_motive: 'Desistiu', ...managerConfirm() });
      for (const order of [done, gone]) {
        const reply = await expectRefused(
          () => upfront({ order_id: order.id, value: 5, description: 'Tarde demais', payment_method: 'PIX' }),
          409,
        );
        expect(reply.body).toEqual({ status: 'error', message: FINISHED });
      }
    });
  });

  describe('close (send to cash)', () => {
    it('needs the value and the payment method, with the exact message', async () => {
      const bare = await opened();
      const noMethod = await opened({ piece_value: 80 });
      const noValue = await opened();
      await put(noValue.id, { piece_name: 'Tela', payment_method: 'PIX' });
      for (const [order, fields] of [
        [bare, ['payment_method', 'piece_value']],
        [noMethod, ['payment_method']],
        [noValue, ['piece_value']],
      ] as const) {
        const reply = await expectRefused(
          () => close({ order_id: order.id, date: today, description: '' }),
          400,
        );
        expect(reply.body).toMatchObject({ status: 'error', message: CLOSE_NEEDS });
        expect(Object.keys(issuesOf(reply)).sort()).toEqual([...fields]);
        expect((await detail(order.id)).status).toBe(100);
      }
    });

    it('sets Finalizado and writes one 104 entry of the value less the upfront payments', async () => {
      const order = await readyOrder(250, 'Cartão de débito');
      await upfront({ order_id: order.id, value: 100, description: 'Sinal', payment_method: 'PIX' });
      await upfront({ order_id: order.id, value: 49.99, description: 'Mais', payment_method: 'PIX' });
      // A date-time is taken as the shop's day.
      const reply = await close({
        order_id: order.id,
        date: `${today}T12:00:00-03:00`,
        description: 'Entregue',
      });
      expect(reply).toEqual({
        status: 201,
        body: {
          id: expect.any(Number),
          type: 104,
          value: 100.01,
          description: 'Entregue',
          date: today,
          payment_method: 'Cartão de débito',
          created_at: expect.stringMatching(ISO),
        },
      });
      const body = await detail(order.id);
      expect(body.status).toBe(104);
      expect(body.finished_at).toMatch(ISO);
      expect(body.transactions.map((t) => [t.type, t.value])).toEqual([
        [101, 100],
        [101, 49.99],
        [104, 100.01],
      ]);
      const again = await expectRefused(
        () => close({ order_id: order.id, date: today, description: '' }),
        409,
      );
      expect(again.body).toEqual({ status: 'error', message: FINISHED });
    });

    it('writes 0 when the upfront payments cover more than the value, and dates it today by default', async () => {
      const order = await readyOrder(45);
      const paid = await upfront({
        order_id: order.id,
        value: 45,
        description: 'Pagou tudo',
        payment_method: 'PIX',
      });
      expect(paid.status).toBe(201);
      // The value lowered after the payment.
      expect(
        (await put(order.id, { status: 101, piece_name: 'Tela', piece_value: 30, payment_method: 'PIX' }))
          .status,
      ).toBe(200);
      const reply = await close({ order_id: order.id, date: '', description: '' });
      expect(reply.body).toMatchObject({
        type: 104,
        value: 0,
        date: today,
        description: `Pedido ${order.number}`,
      });
      const closing = await close({ order_id: order.id });
      expect(closing.status).toBe(409);
    });

    it('with the version its confirmation was drawn from: changed since, 409 with the order now and nothing booked', async () => {
      const order = await readyOrder(300);
      const drawn = (await detail(order.id)).version as number;
      await upfront({ order_id: order.id, value: 120, description: 'Sinal', payment_method: 'PIX' });
      const stale = await expectRefused(
        () => close({ order_id: order.id, date: today, description: '', version: drawn }),
        409,
      );
      expect(stale.body).toMatchObject({
        message: 'Este registro foi alterado por outra pessoa depois que você o abriu.',
        current: { id: order.id, status: 101, piece_value: 300 },
      });
      expect((await detail(order.id)).status).toBe(101);
      const now = (await detail(order.id)).version as number;
      const reply = await close({ order_id: order.id, date: today, description: '', version: now });
      expect(reply.body).toMatchObject({ type: 104, value: 180 });
      // The same close again (a double click, a retry): already finished, as before versions.
      const again = await expectRefused(
        () => close({ order_id: order.id, date: today, description: '', version: now }),
        409,
      );
      expect(again.body).toEqual({ status: 'error', message: FINISHED });
    });

    it('writes exactly one close entry when 20 closes arrive at once', async () => {
      const order = await readyOrder(120);
      await upfront({ order_id: order.id, value: 20, description: 'Sinal', payment_method: 'PIX' });
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => close({ order_id: order.id, date: today, description: '' })),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array(19).fill(409)]);
      for (const reply of replies.filter((r) => r.status === 409)) {
        expect(reply.body).toEqual({ status: 'error', message: FINISHED });
      }
      const closes = (await entriesOf(order.id)).filter((r) => r.type === 104);
      expect(closes.map((r) => r.value_cents)).toEqual(['10000']);
      expect((await auditFor(order.id)).filter((r) => r.action === 'close')).toHaveLength(1);
    });

    it('counts an upfront payment racing a close in the close, or refuses it', async () => {
      const order = await readyOrder(1000);
      const replies = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          i % 4 === 1
            ? close({ order_id: order.id, date: today, description: '' })
            : upfront({ order_id: order.id, value: 10, description: `Parcela ${i}`, payment_method: 'PIX' }),
        ),
      );
      expect(replies.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      const rows = await entriesOf(order.id);
      const closes = rows.filter((r) => r.type === 104);
      expect(closes).toHaveLength(1);
      const closing = closes[0];
      const paid = rows.filter((r) => r.type === 101);
      // Every upfront payment landed before the close and is discounted from it.
      expect(paid.every((r) => r.id < (closing?.id ?? 0))).toBe(true);
      expect(Number(closing?.value_cents)).toBe(100_000 - paid.length * 1000);
      expect(replies.filter((r) => r.status === 201)).toHaveLength(paid.length + 1);
    });

    it('answers 404 to an unknown order and 400 to a bad body', async () => {
      await expectRefused(() => close({ order_id: 999_999, date: today }), 404);
      const reply = await expectRefused(() => close({ date: '2026-13-01', description: 5 }), 400);
      expect(Object.keys(issuesOf(reply)).sort()).toEqual(['date', 'description', 'order_id']);
    });
  });

  describe('cancel', () => {
    it('needs a manager’s credentials: an employee’s answer 403 and write nothing', async () => {
      const order = await readyOrder(90);
      await upfront({ order_id: order.id, value: 40, description: 'Sinal', payment_method: 'PIX' });
      const own = await expectRefused(
        () => cancel({ order_id: order.id, cancel_motive: 'Desistiu', date: today, ...staffConfirm() }),
        403,
      );
      expect(own.body).toEqual({ status: 'error', message: 'Digite uma credencial de gerente válida' });
      await expectRefused(
        () =>
          cancel(
            {
              order_id: order.id,
              cancel_motive: 'Desistiu',
              confirm_username: MANAGER.username,
              confirm_password: 'x',
            },
            manager.token,
          ),
        403,
      );
      // Even a manager's own token does not stand in for the typed credentials.
      const unconfirmed = await expectRefused(
        () => cancel({ order_id: order.id, cancel_motive: 'Desistiu' }, manager.token),
        400,
      );
      expect(issuesOf(unconfirmed)).toEqual({
        confirm_username: 'Usuário obrigatório',
        confirm_password: 'Senha obrigatória',
      });
      const noMotive = await expectRefused(() => cancel({ order_id: order.id, ...managerConfirm() }), 400);
      expect(Object.keys(issuesOf(noMotive))).toEqual(['cancel_motive']);
      expect((await detail(order.id)).status).toBe(101);
    });

    it('sets Cancelado and writes one 302 entry with the motive and the upfront sum', async () => {
      const order = await readyOrder(90, 'Dinheiro');
      await upfront({ order_id: order.id, value: 40, description: 'Sinal', payment_method: 'PIX' });
      await upfront({ order_id: order.id, value: 2.5, description: 'Frete', payment_method: 'PIX' });
      const reply = await cancel({
        order_id: order.id,
        cancel_motive: '  Fornecedor sem estoque  ',
        date: '2026-05-02',
        ...managerConfirm(),
      });
      expect(reply).toEqual({
        status: 201,
        body: {
          id: expect.any(Number),
          type: 302,
          value: 42.5,
          description: 'Fornecedor sem estoque',
          date: '2026-05-02',
          payment_method: null,
          created_at: expect.stringMatching(ISO),
        },
      });
      const body = await detail(order.id);
      expect(body.status).toBe(103);
      expect(body.finished_at).toMatch(ISO);
      expect((await entriesOf(order.id)).map((r) => [r.type, r.value_cents])).toEqual([
        [101, '4000'],
        [101, '250'],
        [302, '4250'],
      ]);
      for (const again of [
        () => cancel({ order_id: order.id, cancel_motive: 'De novo', ...managerConfirm() }),
        () => close({ order_id: order.id, date: today, description: '' }),
      ]) {
        expect((await expectRefused(again, 409)).body).toEqual({ status: 'error', message: FINISHED });
      }
    });

    it('cancels an order without upfront payments with a 302 entry of 0', async () => {
      const order = await opened();
      const reply = await cancel({
        order_id: order.id,
        cancel_motive: 'Cliente desistiu',
        ...managerConfirm(),
      });
      expect(reply.body).toMatchObject({ type: 302, value: 0, date: today, description: 'Cliente desistiu' });
    });
  });

  describe('delete', () => {
    it('needs a manager confirmation, then soft-deletes and keeps the cash entries', async () => {
      const order = await readyOrder(70);
      await upfront({ order_id: order.id, value: 10, description: 'Sinal', payment_method: 'PIX' });

      const missing = await expectRefused(() => remove(order.id, {}), 400);
      expect(issuesOf(missing)).toEqual({
        confirm_username: 'Usuário obrigatório',
        confirm_password: 'Senha obrigatória',
      });
      const own = await expectRefused(() => remove(order.id, staffConfirm()), 403);
      expect(own.body).toEqual({ status: 'error', message: 'Digite uma credencial de gerente válida' });
      expect((await read(order.id)).status).toBe(200);

      expect(await remove(order.id, managerConfirm())).toEqual({ status: 204, body: null });
      expect((await read(order.id)).status).toBe(404);
      expect(await list(`number=${order.number}`)).toEqual([]);
      expect((await list('status=101')).map((o) => o.id)).not.toContain(order.id);
      await expectRefused(() => put(order.id, { piece_name: 'Fantasma' }), 404);
      await expectRefused(
        () => upfront({ order_id: order.id, value: 1, description: 'x', payment_method: 'PIX' }),
        404,
      );
      await expectRefused(() => close({ order_id: order.id }), 404);
      await expectRefused(() => remove(order.id, managerConfirm()), 404);

      const row = await api.deps.db
        .selectFrom('orders')
        .select('deleted_at')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).toBeInstanceOf(Date);
      expect((await entriesOf(order.id)).map((r) => [r.type, r.deleted_at])).toEqual([[101, null]]);
    });

    it('deletes a completed order too, and answers 404 to an unknown or strange id', async () => {
      const order = await readyOrder(5);
      await close({ order_id: order.id, date: today, description: '' });
      expect((await remove(order.id, managerConfirm(), manager.token)).status).toBe(204);
      await expectRefused(() => remove(999_999, managerConfirm()), 404);
      expect([400, 404]).toContain((await expectRefused(() => remove('abc', managerConfirm()))).status);
    });
  });

  it('answers 401 to every route without a token', async () => {
    const order = await readyOrder(10);
    const before = await counts();
    const replies = [
      await send('GET', '/orders?status=100', null),
      await send('GET', `/orders?number=${order.number}`, null),
      await send('POST', '/orders', null, { client_id: client.id, piece_name: 'Anônima' }),
      await send('GET', `/orders/${order.id}`, null),
      await send('PUT', `/orders/${order.id}`, null, { piece_name: 'Anônima' }),
      await send('DELETE', `/orders/${order.id}`, null, managerConfirm()),
      await send('POST', '/transactions/upfront-payment/order', null, {
        order_id: order.id,
        value: 1,
        description: 'x',
        payment_method: 'PIX',
      }),
      await send('POST', '/transactions/close/order', null, { order_id: order.id }),
      await send('POST', '/transactions/cancel/order', null, {
        order_id: order.id,
        cancel_motive: 'x',
        ...managerConfirm(),
      }),
      await send('GET', '/orders?status=100', 'not-a-jwt'),
    ];
    for (const reply of replies) {
      expect(reply).toEqual({ status: 401, body: { status: 'error', message: 'Invalid JWT token' } });
    }
    expect(await counts()).toEqual(before);
    expect((await detail(order.id)).status).toBe(101);
  });

  it('writes an audit row for every change, with who and the values before and after in cents', async () => {
    const order = await opened({ piece_value: 12.34 });
    await put(
      order.id,
      { status: 101, piece_name: 'Tela LCD 32"', piece_value: 56.78, payment_method: 'PIX' },
      manager.token,
    );
    await upfront({ order_id: order.id, value: 6.78, description: 'Sinal', payment_method: 'Dinheiro' });
    await close({ order_id: order.id, date: today, description: '' });
    await remove(order.id, managerConfirm());
    // Refused changes leave nothing.
    await put(order.id, { piece_name: 'Depois de apagado' });

    const rows = await auditFor(order.id);
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['create', employee.user.id],
      ['update', manager.user.id],
      ['upfront_payment', employee.user.id],
      ['close', employee.user.id],
      ['delete', employee.user.id],
    ]);
    const [create, update, pay, closing, del] = rows;
    expect(create?.before).toBeNull();
    expect(create?.after).toMatchObject({
      id: order.id,
      number: order.number,
      status: 100,
      piece_value_cents: 1234,
    });
    expect(update?.before).toMatchObject({ status: 100, piece_value_cents: 1234, payment_method: null });
    expect(update?.after).toMatchObject({ status: 101, piece_value_cents: 5678, payment_method: 'PIX' });
    expect(pay?.after).toMatchObject({
      transaction: { type: 101, value_cents: 678, payment_method: 'Dinheiro' },
    });
    expect(closing?.before).toMatchObject({ status: 101, finished_at: null });
    expect(closing?.after).toMatchObject({
      status: 104,
      finished_at: expect.stringMatching(ISO),
      upfront_cents: 678,
      transaction: { type: 104, value_cents: 5000, payment_method: 'PIX' },
    });
    expect(del?.before).toMatchObject({ status: 104 });
    expect(del?.after).toMatchObject({
      deleted_at: expect.stringMatching(ISO),
      confirmed_by: { id: manager.user.id, username: MANAGER.username },
    });

    const cancelled = await opened();
    await cancel({ order_id: cancelled.id, cancel_motive: 'Desistiu', ...managerConfirm() });
    const [, cancelRow] = await auditFor(cancelled.id);
    expect(cancelRow).toMatchObject({ action: 'cancel', actor_id: employee.user.id });
    expect(cancelRow?.after).toMatchObject({
      status: 103,
      transaction: { type: 302, value_cents: 0, description: 'Desistiu' },
      confirmed_by: { id: manager.user.id, username: MANAGER.username },
    });
  });

  it('shows the order in its client’s orders list in the client search', async () => {
    const other = await send('POST', '/clients', employee.token, { name: 'Wanderléia Encomenda' });
    const otherId = (other.body as { id: number }).id;
    const order = await post({ client_id: otherId, piece_name: 'Bateria 5000mAh' });
    const { id, number } = order.body as { id: number; number: string };
    const found = await send('GET', `/clients?filter=${encodeURIComponent('wanderleia')}`, employee.token);
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      expect.objectContaining({
        id: otherId,
        orders: [
          { id, number, status: 100, piece_name: 'Bateria 5000mAh', created_at: expect.stringMatching(ISO) },
        ],
      }),
    ]);
    expect((await remove(id, managerConfirm())).status).toBe(204);
    const after = await send('GET', `/clients?filter=${encodeURIComponent('wanderleia')}`, employee.token);
    expect((after.body as Json[])[0]).toMatchObject({ orders: [] });
  });
});
