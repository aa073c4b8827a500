/**
 * Service orders (SPEC §3 Normal/Returned/External service order and Transaction, §4, §5, §6, §7 Service
 * orders and Transactions, §8, §9; API.md General, Manager confirmation, Orders, Audit): numbering, the
 * kind-specific reads, lists by status and number, edits, soft delete with a manager's confirmation, and
 * the three cash actions (upfront payment, close, cancel) with their row lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInShop } from '../../domain/dates.ts';
import { apiCall, DB_TARGETS, MANAGER, type TestApi } from '../support/api.ts';
import { type Session, startApiWithStaff } from '../support/api-staff.ts';
import { auditRows } from '../support/audit.ts';

type Reply = { status: number; body: unknown };
type Json = Record<string, unknown>;
type Order = Json & {
  id: number;
  number: string;
  type: string;
  status: number;
  client: Json & { id: number; name: string };
  transactions: Transaction[];
};
type Transaction = {
  id: number;
  type: number;
  value: number;
  description: string;
  date: string;
  payment_method: string | null;
  created_at: string;
};
type ListItem = {
  id: number;
  number: string;
  type: string;
  status: number;
  product_name: string | null;
  client: { id: number; name: string };
  created_at: string;
};
type Kind = 'normal' | 'returned' | 'external';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const FINISHED = 'Esta O.S. já foi finalizada ou cancelada';
const CLOSE_NEEDS = 'Para a O.S. ir para o caixa ela deve conter: Valor Final e Forma de Pagamento';
const CONFIRM = { confirm_username: MANAGER.username, confirm_password: MANAGER.password };

const HEAD = ['id', 'number', 'type', 'status', 'client_id', 'client', 'version'];
const PRODUCT = [
  'product_name',
  'product_model',
  'product_brand',
  'product_serial',
  'product_accessories',
  'product_details',
];
const FIX = [
  'fix_description',
  'fix_technician_name',
  'fix_date',
  'fix_value_pieces',
  'fix_value_labor',
  'fix_value_final',
  'fix_payment_method',
];
const SERVICE = [
  'service_details',
  'service_type',
  'service_date',
  'service_period',
  'service_value',
  'service_payment_method',
];
const TAIL = ['transactions', 'created_at', 'updated_at', 'finished_at'];
const FIELDS: Record<Kind, string[]> = {
  normal: [...HEAD, ...PRODUCT, ...FIX, ...TAIL],
  returned: [
    ...HEAD,
    'original_service_order_id',
    'original_service_order',
    'return_motive',
    ...PRODUCT,
    ...FIX,
    ...TAIL,
  ],
  external: [...HEAD, ...PRODUCT, ...SERVICE, ...TAIL],
};

const sorted = (keys: string[]) => [...keys].sort();
const seq = (number: string) => Number(number.slice(1));

describe.each(DB_TARGETS)('service orders on %s', (target) => {
  let api: TestApi;
  let manager: Session;
  let employee: Session;
  let client: Json & { id: number; name: string };

  beforeAll(async () => {
    ({ api, manager, employee } = await startApiWithStaff(target, 'balconista', 'senha-da-balconista'));
    client = await newClient('Joana Prado Teixeira');
  });
  afterAll(async () => {
    await api.stop();
  });

  async function send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    token: string | null = employee.token,
    body?: unknown,
  ): Promise<Reply> {
    return apiCall(api, method, path, token, body) as Promise<Reply>;
  }

  const issuesOf = (reply: Reply) => (reply.body as { issues?: Record<string, string> }).issues ?? {};

  async function newClient(name: string) {
    const reply = await send('POST', '/clients', employee.token, {
      name,
      cpf: null,
      email: 'cliente@example.com',
      phone1: '(11) 91234-5678',
      city: 'Campinas',
      state: 'SP',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as Json & { id: number; name: string };
  }

  async function expectCreated(reply: Reply) {
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as { id: number; number: string };
  }

  const openNormal = async (body: Json = {}, token = employee.token) =>
    expectCreated(
      await send('POST', '/service-orders/normal', token, {
        client_id: client.id,
        product_name: 'Notebook',
        ...body,
      }),
    );
  const openReturned = async (originalId: number, motive = 'Voltou a desligar sozinho') =>
    expectCreated(
      await send('POST', '/service-orders/returned', employee.token, {
        original_service_order_id: originalId,
        return_motive: motive,
      }),
    );
  const openExternal = async (body: Json = {}) =>
    expectCreated(
      await send('POST', '/service-orders/external', employee.token, {
        client_id: client.id,
        product_name: 'Ar-condicionado',
        ...body,
      }),
    );

  const read = (kind: Kind, id: number | string) => send('GET', `/service-orders/${kind}/${id}`);
  async function order(kind: Kind, id: number): Promise<Order> {
    const reply = await read(kind, id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as Order;
  }
  const edit = (kind: Kind, id: number | string, body: unknown, token = employee.token) =>
    send('PUT', `/service-orders/${kind}/${id}`, token, body);
  const remove = (id: number | string, body: unknown, token = employee.token) =>
    send('DELETE', `/service-orders/${id}`, token, body);
  const upfront = (body: Json) =>
    send('POST', '/transactions/upfront-payment/service-order', employee.token, body);
  const close = (body: Json) => send('POST', '/transactions/close/service-order', employee.token, body);
  const cancel = (body: Json) => send('POST', '/transactions/cancel/service-order', employee.token, body);
  async function list(path: string): Promise<ListItem[]> {
    const reply = await send('GET', path);
    expect(reply.status, `${path} ${JSON.stringify(reply.body)}`).toBe(200);
    return reply.body as ListItem[];
  }

  /** A normal order with a final value and a payment method: ready to be sent to cash. */
  async function readyNormal(finalValue = 150, method = 'PIX') {
    const opened = await openNormal();
    const reply = await edit('normal', opened.id, {
      status: 104,
      product_name: 'Notebook',
      fix_value_final: finalValue,
      fix_payment_method: method,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return opened;
  }

  async function counts() {
    const count = async (table: 'service_orders' | 'transactions' | 'audit_log') =>
      Number(
        (
          await api.deps.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      orders: await count('service_orders'),
      transactions: await count('transactions'),
      audit: await count('audit_log'),
    };
  }

  /** A refused request: 4xx with the error body, and nothing written anywhere. */
  async function expectRefused(request: () => Promise<Reply>, status?: number): Promise<Reply> {
    const before = await counts();
    const reply = await request();
    if (status) expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect(reply.status, JSON.stringify(reply.body)).toBeGreaterThanOrEqual(400);
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
    expect(reply.body).toMatchObject({ status: 'error', message: expect.any(String) });
    expect(await counts()).toEqual(before);
    return reply;
  }

  async function entriesOf(id: number) {
    return api.deps.db
      .selectFrom('transactions')
      .select(['type', 'value_cents', 'description', 'payment_method', 'date'])
      .where('service_order_id', '=', id)
      .orderBy('id')
      .execute();
  }

  async function clientJson(id: number) {
    const reply = await send('GET', `/clients/${id}`);
    expect(reply.status).toBe(200);
    const { normal_service_orders: _n, returned_service_orders: _r, ...rest } = reply.body as Json;
    return rest;
  }

  describe('numbering', () => {
    it('numbers normal orders M for a matriz user and F for a filial user, each in sequence', async () => {
      expect(manager.user.origin).toBe(100);
      expect(employee.user.origin).toBe(200);
      const m1 = await openNormal({}, manager.token);
      const m2 = await openNormal({}, manager.token);
      const f1 = await openNormal({}, employee.token);
      const f2 = await openNormal({}, employee.token);
      expect(m1.number).toMatch(/^M\d{5}$/);
      expect(f1.number).toMatch(/^F\d{5}$/);
      expect(seq(m2.number)).toBe(seq(m1.number) + 1);
      expect(seq(f2.number)).toBe(seq(f1.number) + 1);
      expect(m2.id).toBeGreaterThan(m1.id);
    });

    it('numbers returned orders R and external orders E, each in sequence', async () => {
      const original = await openNormal();
      const r1 = await openReturned(original.id);
      const r2 = await openReturned(original.id);
      const e1 = await openExternal();
      const e2 = await openExternal();
      expect(r1.number).toMatch(/^R\d{5}$/);
      expect(e1.number).toMatch(/^E\d{5}$/);
      expect(seq(r2.number)).toBe(seq(r1.number) + 1);
      expect(seq(e2.number)).toBe(seq(e1.number) + 1);
    });

    it('answers 201 with just the id and the number', async () => {
      const reply = await send('POST', '/service-orders/normal', employee.token, {
        client_id: client.id,
        product_name: 'Tablet',
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body as Json).sort()).toEqual(['id', 'number']);
    });
  });

  describe('open and read', () => {
    it('opens a normal order with every product field and reads it back whole', async () => {
      const opened = await openNormal({
        product_name: '  Notebook Dell  ',
        product_model: 'Inspiron 15',
        product_brand: 'Dell',
        product_serial: 'SN-123',
        product_accessories: 'Carregador',
        product_details: 'Não liga',
        unknown_field: 'ignored',
      });
      const o = await order('normal', opened.id);
      expect(sorted(Object.keys(o))).toEqual(sorted(FIELDS.normal));
      expect(o).toMatchObject({
        id: opened.id,
        number: opened.number,
        type: 'normal',
        status: 100,
        client_id: client.id,
        product_name: 'Notebook Dell',
        product_model: 'Inspiron 15',
        product_brand: 'Dell',
        product_serial: 'SN-123',
        product_accessories: 'Carregador',
        product_details: 'Não liga',
        fix_description: null,
        fix_technician_name: null,
        fix_date: null,
        fix_value_pieces: null,
        fix_value_labor: null,
        fix_value_final: null,
        fix_payment_method: null,
        transactions: [],
        finished_at: null,
      });
      expect(o.created_at).toMatch(ISO);
      expect(o.updated_at).toMatch(ISO);
      expect(o.client).toEqual(await clientJson(client.id));
    });

    it('opens an external order with its service fields, money in reais and the date as a day', async () => {
      const opened = await openExternal({
        product_model: 'Split 12000',
        service_details: 'Instalação na sala',
        service_type: 'Instalação',
        service_date: '2026-03-15',
        service_period: 'Manhã',
        service_value: 350.5,
        service_payment_method: 'Dinheiro',
      });
      const o = await order('external', opened.id);
      expect(sorted(Object.keys(o))).toEqual(sorted(FIELDS.external));
      expect(o).toMatchObject({
        type: 'external',
        status: 300,
        product_name: 'Ar-condicionado',
        product_model: 'Split 12000',
        service_details: 'Instalação na sala',
        service_type: 'Instalação',
        service_date: '2026-03-15',
        service_period: 'Manhã',
        service_value: 350.5,
        service_payment_method: 'Dinheiro',
        finished_at: null,
      });
      expect(o.client).toEqual(await clientJson(client.id));
    });

    it('takes a service date given as an ISO date-time in the shop’s day', async () => {
      // 01:30 UTC on the 16th is still the 15th in São Paulo.
      const opened = await openExternal({ service_date: '2026-03-16T01:30:00Z' });
      expect((await order('external', opened.id)).service_date).toBe(
        api.deps.shopTz === 'America/Sao_Paulo' ? '2026-03-15' : expect.any(String),
      );
    });

    it('opens a return that carries the original order in full, with its client and entries', async () => {
      const other = await newClient('Roberto Original Cliente');
      const original = await openNormal({
        client_id: other.id,
        product_name: 'Celular',
        product_brand: 'Motorola',
      });
      await upfront({
        service_order_id: original.id,
        value: 20,
        description: 'Sinal',
        payment_method: 'PIX',
      });
      const opened = await openReturned(original.id, '  Tela piscando de novo  ');
      const o = await order('returned', opened.id);
      expect(sorted(Object.keys(o))).toEqual(sorted(FIELDS.returned));
      expect(o).toMatchObject({
        type: 'returned',
        status: 200,
        client_id: other.id,
        original_service_order_id: original.id,
        return_motive: 'Tela piscando de novo',
        product_name: 'Celular',
        product_brand: 'Motorola',
        fix_value_final: null,
        transactions: [],
      });
      expect(o.client).toEqual(await clientJson(other.id));
      const carried = o.original_service_order as Order;
      expect(carried).toEqual(await order('normal', original.id));
      expect(carried.client).toEqual(await clientJson(other.id));
      expect(carried.transactions.map((t) => [t.type, t.value])).toEqual([[101, 20]]);
    });

    it('answers only on the path of the order’s own kind', async () => {
      const normal = await openNormal();
      const returned = await openReturned(normal.id);
      const external = await openExternal();
      const own: [Kind, number][] = [
        ['normal', normal.id],
        ['returned', returned.id],
        ['external', external.id],
      ];
      for (const [kind, id] of own) {
        for (const other of ['normal', 'returned', 'external'] as const) {
          const reply = await read(other, id);
          if (other === kind) expect(reply.status).toBe(200);
          else {
            expect(reply, `${kind} ${id} on ${other}`).toEqual({
              status: 404,
              body: { status: 'error', message: 'O.S. não encontrada' },
            });
          }
        }
      }
    });

    it('answers 404 to unknown, deleted and strange ids, never 500', async () => {
      const gone = await openNormal();
      expect((await remove(gone.id, CONFIRM)).status).toBe(204);
      for (const id of [gone.id, 999_999, 'abc', '1.5', '-1', '0', '99999999999', '%20', '1e3']) {
        for (const kind of ['normal', 'returned', 'external'] as const) {
          const reply = await read(kind, id);
          expect(reply.status, `${kind} ${id}`).toBe(404);
          expect(reply.body).toMatchObject({ status: 'error', message: expect.any(String) });
        }
      }
    });

    it('keeps showing the client of an order after the client is deleted', async () => {
      const owner = await newClient('Cliente Que Sai');
      const opened = await openNormal({ client_id: owner.id });
      const before = await clientJson(owner.id);
      // An open order keeps its client from being deleted (decision 017): cancelled first.
      expect((await send('DELETE', `/clients/${owner.id}`, employee.token, CONFIRM)).status).toBe(409);
      await send('POST', '/transactions/cancel/service-order', employee.token, {
        service_order_id: opened.id,
        cancel_motive: 'Cliente foi embora',
      });
      expect((await send('DELETE', `/clients/${owner.id}`, employee.token, CONFIRM)).status).toBe(204);
      expect((await order('normal', opened.id)).client).toEqual({
        ...before,
        updated_at: expect.stringMatching(ISO),
      });
      // … but no new order can be opened for it.
      const reply = await expectRefused(
        () =>
          send('POST', '/service-orders/normal', employee.token, { client_id: owner.id, product_name: 'X' }),
        400,
      );
      expect(issuesOf(reply)).toEqual({ client_id: 'Cliente não encontrado' });
    });

    it('refuses an order without product name, client or with an unknown client, naming the field', async () => {
      const noName = await expectRefused(
        () =>
          send('POST', '/service-orders/normal', employee.token, {
            client_id: client.id,
            product_name: '  ',
          }),
        400,
      );
      expect(issuesOf(noName)).toEqual({ product_name: 'Nome do produto é obrigatório' });
      const nothing = await expectRefused(
        () => send('POST', '/service-orders/normal', employee.token, {}),
        400,
      );
      expect(Object.keys(issuesOf(nothing)).sort()).toEqual(['client_id', 'product_name']);
      for (const client_id of [999_999, 'abc', 0, -3, 1.5, 99_999_999_999, null, true]) {
        const reply = await expectRefused(
          () => send('POST', '/service-orders/normal', employee.token, { client_id, product_name: 'TV' }),
          400,
        );
        expect(Object.keys(issuesOf(reply)), String(client_id)).toEqual(['client_id']);
      }
      const external = await expectRefused(
        () => send('POST', '/service-orders/external', employee.token, { client_id: client.id }),
        400,
      );
      expect(issuesOf(external)).toEqual({ product_name: 'Digite algo para buscar' });
    });

    it('refuses a return without motive or against anything but a living normal order', async () => {
      const normal = await openNormal();
      const noMotive = await expectRefused(
        () =>
          send('POST', '/service-orders/returned', employee.token, {
            original_service_order_id: normal.id,
            return_motive: ' ',
          }),
        400,
      );
      expect(issuesOf(noMotive)).toEqual({ return_motive: 'Digite algo para cadastrar' });

      const returned = await openReturned(normal.id);
      const external = await openExternal();
      const deleted = await openNormal();
      expect((await remove(deleted.id, CONFIRM)).status).toBe(204);
      for (const id of [returned.id, external.id, deleted.id, 999_999, 'abc']) {
        const reply = await expectRefused(
          () =>
            send('POST', '/service-orders/returned', employee.token, {
              original_service_order_id: id,
              return_motive: 'Defeito voltou',
            }),
          400,
        );
        expect(Object.keys(issuesOf(reply)), String(id)).toEqual(['original_service_order_id']);
      }
    });

    it('lets a closed order have a return', async () => {
      const closed = await readyNormal();
      expect((await close({ service_order_id: closed.id })).status).toBe(201);
      const opened = await openReturned(closed.id);
      expect((await order('returned', opened.id)).original_service_order).toMatchObject({ status: 108 });
    });
  });

  describe('lists', () => {
    it('lists each kind by status, newest number first, with the client’s name', async () => {
      const owner = await newClient('Lúcia Listagem');
      const a = await openNormal({ client_id: owner.id, product_name: 'Rádio' });
      const b = await openNormal({ client_id: owner.id, product_name: 'Som' });
      const r = await openReturned(a.id);
      const e = await openExternal({ client_id: owner.id });

      const normals = await list('/service-orders/normal?status=100');
      expect(normals.every((o) => o.type === 'normal' && o.status === 100)).toBe(true);
      const mine = normals.filter((o) => o.client.id === owner.id);
      expect(mine.map((o) => o.id)).toEqual([b.id, a.id]);
      expect(mine[0]).toEqual({
        id: b.id,
        number: b.number,
        type: 'normal',
        status: 100,
        product_name: 'Som',
        client: { id: owner.id, name: 'Lúcia Listagem' },
        created_at: expect.stringMatching(ISO),
        status_changed_at: expect.stringMatching(ISO),
      });
      const numbers = normals.map((o) => o.number);
      const byLetter = (n: string) => [n[0], seq(n)] as const;
      for (let i = 1; i < numbers.length; i++) {
        const [pl, pn] = byLetter(numbers[i - 1] as string);
        const [cl, cn] = byLetter(numbers[i] as string);
        expect(
          pl === cl ? pn > cn : (pl as string) > (cl as string),
          `${numbers[i - 1]} before ${numbers[i]}`,
        ).toBe(true);
      }

      const returned = await list('/service-orders/returned?status=200');
      expect(returned.every((o) => o.type === 'returned' && o.status === 200)).toBe(true);
      expect(returned.find((o) => o.id === r.id)).toMatchObject({ product_name: 'Rádio', number: r.number });
      const externals = await list('/service-orders/external?status=300');
      expect(externals.find((o) => o.id === e.id)).toMatchObject({ type: 'external', status: 300 });

      // Terminal statuses can be listed too.
      expect((await cancel({ service_order_id: b.id, cancel_motive: 'Desistiu' })).status).toBe(201);
      expect((await list('/service-orders/normal?status=107')).map((o) => o.id)).toContain(b.id);
      expect((await list('/service-orders/normal?status=100')).map((o) => o.id)).not.toContain(b.id);
    });

    it('refuses a status of another kind, a bad status, and a list with neither status nor number', async () => {
      for (const [path, field] of [
        ['/service-orders/normal?status=200', 'status'],
        ['/service-orders/returned?status=100', 'status'],
        ['/service-orders/external?status=108', 'status'],
        ['/service-orders/normal?status=abc', 'status'],
        ['/service-orders/normal?status=1000000', 'status'],
        ['/service-orders/normal?status=100&status=101', 'status'],
      ] as const) {
        const reply = await send('GET', path);
        expect(reply.status, path).toBe(400);
        expect(Object.keys(issuesOf(reply)), path).toEqual([field]);
      }
      for (const path of [
        '/service-orders/normal',
        '/service-orders/returned?status=',
        '/service-orders/external',
      ]) {
        const reply = await send('GET', path);
        expect(reply, path).toEqual({
          status: 400,
          body: {
            status: 'error',
            message: 'Selecione um status para buscar',
            issues: { status: 'Selecione um status para buscar' },
          },
        });
      }
      const noNumber = await send('GET', '/service-orders');
      expect(noNumber.status).toBe(400);
      expect(issuesOf(noNumber)).toEqual({ number: 'Digite algo para buscar' });
      expect((await send('GET', `/service-orders?number=${'9'.repeat(300)}`)).status).toBe(400);
    });

    it('finds orders of any kind by number, ignoring case and leading zeros', async () => {
      const normal = await openNormal({ product_name: 'Impressora' });
      const returned = await openReturned(normal.id);
      const external = await openExternal();
      const n = seq(normal.number);
      for (const text of [
        normal.number,
        normal.number.toLowerCase(),
        `${normal.number[0]}${n}`,
        ` ${normal.number[0]?.toLowerCase()}0${n} `,
      ]) {
        const found = await list(`/service-orders?number=${encodeURIComponent(text)}`);
        expect(
          found.map((o) => o.id),
          text,
        ).toEqual([normal.id]);
      }
      expect((await list(`/service-orders?number=r${seq(returned.number)}`)).map((o) => o.id)).toEqual([
        returned.id,
      ]);
      expect((await list(`/service-orders?number=e000${seq(external.number)}`))[0]).toMatchObject({
        id: external.id,
        type: 'external',
        client: { id: client.id, name: client.name },
      });
      // Digits alone: that sequence number under any letter.
      const digits = await list(`/service-orders?number=000${n}`);
      expect(digits.map((o) => o.id)).toContain(normal.id);
      expect(digits.every((o) => seq(o.number) === n)).toBe(true);
      // Text that is no service order's number finds nothing.
      for (const text of ['xyz', 'P00001', 'M-1', 'M1 2']) {
        expect(await list(`/service-orders?number=${encodeURIComponent(text)}`), text).toEqual([]);
      }
      // The normal list searches normal orders only.
      expect((await list(`/service-orders/normal?number=${normal.number}`)).map((o) => o.id)).toEqual([
        normal.id,
      ]);
      expect(await list(`/service-orders/normal?number=${returned.number}`)).toEqual([]);
      expect((await list(`/service-orders/returned?number=${returned.number}`)).map((o) => o.id)).toEqual([
        returned.id,
      ]);
    });

    it('leaves deleted orders out of every list', async () => {
      const gone = await openNormal({ product_name: 'Apagada' });
      expect((await list(`/service-orders?number=${gone.number}`)).length).toBe(1);
      expect((await remove(gone.id, CONFIRM)).status).toBe(204);
      expect(await list(`/service-orders?number=${gone.number}`)).toEqual([]);
      expect(await list(`/service-orders/normal?number=${gone.number}`)).toEqual([]);
      expect((await list('/service-orders/normal?status=100')).map((o) => o.id)).not.toContain(gone.id);
    });
  });

  describe('edit', () => {
    it('edits a normal order: status, product and repair, money back in reais', async () => {
      const opened = await openNormal();
      const reply = await edit('normal', opened.id, {
        status: 104,
        product_name: 'Notebook Lenovo',
        product_model: 'ThinkPad',
        product_brand: 'Lenovo',
        product_serial: '',
        product_accessories: null,
        product_details: 'Tela quebrada',
        fix_technician_name: 'Paulo',
        fix_date: '2026-02-28',
        fix_description: 'Tela\nCabo flat',
        fix_value_pieces: 300.1,
        fix_value_labor: 99.9,
        fix_value_final: 400,
        fix_payment_method: 'Cartão',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const o = reply.body as Order;
      expect(sorted(Object.keys(o))).toEqual(sorted(FIELDS.normal));
      expect(o).toMatchObject({
        id: opened.id,
        number: opened.number,
        status: 104,
        product_name: 'Notebook Lenovo',
        product_model: 'ThinkPad',
        product_serial: null,
        product_accessories: null,
        fix_technician_name: 'Paulo',
        fix_date: '2026-02-28',
        fix_description: 'Tela\nCabo flat',
        fix_value_pieces: 300.1,
        fix_value_labor: 99.9,
        fix_value_final: 400,
        fix_payment_method: 'Cartão',
      });
      expect(await order('normal', opened.id)).toEqual(o);
      const row = await api.deps.db
        .selectFrom('service_orders')
        .select(['fix_value_pieces_cents', 'fix_value_final_cents'])
        .where('id', '=', opened.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ fix_value_pieces_cents: '30010', fix_value_final_cents: '40000' });
    });

    it('accepts every non-terminal normal status and refuses terminal ones and other kinds’', async () => {
      const opened = await openNormal();
      for (const status of [100, 101, 102, 103, 104, 105, 106, 109, 110, 111, 112]) {
        const reply = await edit('normal', opened.id, { status, product_name: 'Notebook' });
        expect(reply.status, String(status)).toBe(200);
      }
      const before = await order('normal', opened.id);
      for (const status of [107, 108, 200, 300, 99, 113, '108', 'abc', null, 104.5]) {
        const reply = await expectRefused(
          () => edit('normal', opened.id, { status, product_name: 'X' }),
          400,
        );
        expect(Object.keys(issuesOf(reply)), String(status)).toEqual(['status']);
      }
      expect(await order('normal', opened.id)).toEqual(before);
    });

    it('requires the product name on a normal edit and the motive on a return edit', async () => {
      const normal = await openNormal();
      const noName = await expectRefused(
        () => edit('normal', normal.id, { status: 101, product_name: '' }),
        400,
      );
      expect(issuesOf(noName)).toEqual({ product_name: 'Digite algo para editar' });
      const returned = await openReturned(normal.id);
      const noMotive = await expectRefused(() => edit('returned', returned.id, { status: 201 }), 400);
      expect(issuesOf(noMotive)).toEqual({ return_motive: 'Digite algo para editar' });
    });

    it('edits a return: status, motive and its own repair, leaving the original alone', async () => {
      const normal = await openNormal();
      const originalBefore = await order('normal', normal.id);
      const returned = await openReturned(normal.id);
      const reply = await edit('returned', returned.id, {
        status: 201,
        return_motive: 'Voltou com o mesmo defeito',
        fix_technician_name: 'Ana',
        fix_date: '2026-03-01',
        fix_description: 'Solda',
        fix_value_pieces: 0,
        fix_value_labor: 50,
        fix_value_final: 50,
        fix_payment_method: 'Dinheiro',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toMatchObject({
        type: 'returned',
        status: 201,
        return_motive: 'Voltou com o mesmo defeito',
        fix_value_pieces: 0,
        fix_value_final: 50,
        original_service_order: originalBefore,
      });
      for (const status of [204, 205, 100, 300]) {
        const refused = await expectRefused(
          () => edit('returned', returned.id, { status, return_motive: 'x' }),
          400,
        );
        expect(Object.keys(issuesOf(refused)), String(status)).toEqual(['status']);
      }
    });

    it('edits an external order with status 300 only', async () => {
      const external = await openExternal();
      const reply = await edit('external', external.id, {
        status: 300,
        product_name: 'Geladeira',
        service_type: 'Manutenção',
        service_date: '2026-04-01',
        service_value: 120.75,
        service_payment_method: 'PIX',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toMatchObject({
        product_name: 'Geladeira',
        service_value: 120.75,
        service_date: '2026-04-01',
        service_period: null,
      });
      for (const status of [301, 302, 100]) {
        expect(
          (await expectRefused(() => edit('external', external.id, { status, product_name: 'X' }), 400))
            .status,
        ).toBe(400);
      }
    });

    it('answers 404 to editing through another kind’s path, an unknown or a strange id', async () => {
      const normal = await openNormal();
      const body = { status: 300, product_name: 'X', return_motive: 'x' };
      await expectRefused(() => edit('external', normal.id, body), 404);
      await expectRefused(() => edit('returned', normal.id, { ...body, status: 200 }), 404);
      for (const id of [999_999, 'abc', '0', '99999999999']) {
        await expectRefused(() => edit('normal', id, { status: 100, product_name: 'X' }), 404);
      }
    });

    it('answers 409 to editing a closed or cancelled order of any kind', async () => {
      const closed = await readyNormal();
      expect((await close({ service_order_id: closed.id })).status).toBe(201);
      const cancelled = await openNormal();
      expect(
        (await cancel({ service_order_id: cancelled.id, cancel_motive: 'Cliente desistiu' })).status,
      ).toBe(201);
      const returned = await openReturned(closed.id);
      expect((await cancel({ service_order_id: returned.id, cancel_motive: 'Sem defeito' })).status).toBe(
        201,
      );
      const external = await openExternal({ service_value: 80, service_payment_method: 'PIX' });
      expect((await close({ service_order_id: external.id })).status).toBe(201);

      for (const [kind, id, body] of [
        ['normal', closed.id, { status: 104, product_name: 'Notebook' }],
        ['normal', cancelled.id, { status: 100, product_name: 'Notebook' }],
        ['returned', returned.id, { status: 200, return_motive: 'De novo' }],
        ['external', external.id, { status: 300, product_name: 'Ar' }],
      ] as const) {
        const before = await order(kind, id);
        const reply = await expectRefused(() => edit(kind, id, body), 409);
        expect(reply.body).toEqual({ status: 'error', message: FINISHED });
        expect(await order(kind, id)).toEqual(before);
      }
    });
  });

  describe('upfront payment, close and cancel', () => {
    it('takes an upfront payment on a normal or returned order, dated today by default', async () => {
      const normal = await openNormal();
      const reply = await upfront({
        service_order_id: normal.id,
        value: 50,
        description: '  Entrada  ',
        payment_method: 'PIX',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body).toEqual({
        id: expect.any(Number),
        type: 101,
        value: 50,
        description: 'Entrada',
        date: todayInShop(api.deps.shopTz),
        payment_method: 'PIX',
        created_at: expect.stringMatching(ISO),
      });
      const dated = await upfront({
        service_order_id: String(normal.id),
        value: 0.01,
        description: 'Troco',
        payment_method: 'Dinheiro',
        date: '2026-01-31',
      });
      expect(dated.body).toMatchObject({ value: 0.01, date: '2026-01-31' });
      const o = await order('normal', normal.id);
      expect(o.status).toBe(100);
      expect(o.transactions.map((t) => [t.type, t.value, t.date])).toEqual([
        [101, 0.01, '2026-01-31'],
        [101, 50, todayInShop(api.deps.shopTz)],
      ]);

      const returned = await openReturned(normal.id);
      const r = await upfront({
        service_order_id: returned.id,
        value: 10,
        description: 'Sinal',
        payment_method: 'PIX',
      });
      expect(r.status).toBe(201);
      expect((await order('returned', returned.id)).transactions).toHaveLength(1);
    });

    it('refuses an upfront payment on an external order (400), an unknown one (404) or a finished one (409)', async () => {
      const body = { value: 10, description: 'Sinal', payment_method: 'PIX' };
      const external = await openExternal();
      const refused = await expectRefused(() => upfront({ ...body, service_order_id: external.id }), 400);
      expect(Object.keys(issuesOf(refused))).toEqual(['service_order_id']);
      await expectRefused(() => upfront({ ...body, service_order_id: 999_999 }), 404);
      const cancelled = await openNormal();
      expect((await cancel({ service_order_id: cancelled.id, cancel_motive: 'x' })).status).toBe(201);
      const late = await expectRefused(() => upfront({ ...body, service_order_id: cancelled.id }), 409);
      expect(late.body).toEqual({ status: 'error', message: FINISHED });
    });

    it('refuses a payment past what is still owed once the order has a final value, saying how much', async () => {
      const opened = await readyNormal(10.5);
      const pay = (value: number) =>
        upfront({ service_order_id: opened.id, value, description: 'Sinal', payment_method: 'PIX' });
      expect((await pay(1.17)).status).toBe(201);
      const over = await expectRefused(() => pay(1050), 400);
      expect(over.body).toMatchObject({ message: 'O valor passa do que falta receber (R$ 9,33)' });
      expect(issuesOf(over)).toEqual({ value: 'O valor passa do que falta receber (R$ 9,33)' });
      await expectRefused(() => pay(9.34), 400);
      expect((await pay(9.33)).status).toBe(201);
      expect(issuesOf(await expectRefused(() => pay(0.01), 400))).toEqual({
        value: 'O valor passa do que falta receber (R$ 0,00)',
      });
      expect((await order('normal', opened.id)).transactions.map((t) => t.value)).toEqual([1.17, 9.33]);

      // A return counts its own final value; with none yet (or zero) any positive payment is taken.
      const returned = await openReturned(opened.id);
      await edit('returned', returned.id, { status: 201, return_motive: 'x', fix_value_final: 20 });
      const toReturn = (value: number) =>
        upfront({ service_order_id: returned.id, value, description: 'Sinal', payment_method: 'PIX' });
      await expectRefused(() => toReturn(20.01), 400);
      expect((await toReturn(20)).status).toBe(201);
      const bare = await openNormal();
      expect(
        (
          await upfront({
            service_order_id: bare.id,
            value: 1050,
            description: 'Sinal',
            payment_method: 'PIX',
          })
        ).status,
      ).toBe(201);
      const zero = await readyNormal(0);
      expect(
        (await upfront({ service_order_id: zero.id, value: 5, description: 'Sinal', payment_method: 'PIX' }))
          .status,
      ).toBe(201);
    });

    it('checks every upfront field with the form’s messages', async () => {
      const normal = await openNormal();
      const good = { service_order_id: normal.id, value: 10, description: 'Sinal', payment_method: 'PIX' };
      const cases: [Json, string, string?][] = [
        [{ value: undefined }, 'value', 'Valor obrigatório'],
        [{ value: 0 }, 'value', 'O valor deve ser maior que zero'],
        [{ value: -5 }, 'value', 'O valor não pode ser negativo'],
        [{ value: 1.234 }, 'value'],
        [{ value: '10' }, 'value'],
        [{ value: null }, 'value'],
        [{ value: 1e12 }, 'value'],
        [{ description: '' }, 'description', 'Descrição obrigatória'],
        [{ description: undefined }, 'description', 'Descrição obrigatória'],
        [{ description: 'x'.repeat(2001) }, 'description'],
        [{ payment_method: ' ' }, 'payment_method', 'Valor obrigatório'],
        [{ payment_method: 12 }, 'payment_method', 'Valor obrigatório'],
        [{ date: '31/02/2026' }, 'date'],
        [{ date: '2026-02-31' }, 'date'],
        [{ date: '2026-02-31T10:00:00Z' }, 'date'],
        [{ date: 'hoje' }, 'date'],
        [{ date: 20260210 }, 'date'],
        [{ service_order_id: 'abc' }, 'service_order_id'],
        [{ service_order_id: 0 }, 'service_order_id'],
        [{ service_order_id: 99_999_999_999 }, 'service_order_id'],
        [{ service_order_id: undefined }, 'service_order_id'],
      ];
      for (const [change, field, message] of cases) {
        const reply = await expectRefused(() => upfront({ ...good, ...change }), 400);
        const issues = issuesOf(reply);
        expect(Object.keys(issues), JSON.stringify(change)).toEqual([field]);
        if (message) expect(issues[field], JSON.stringify(change)).toBe(message);
      }
    });

    it('closes a normal order: status 108, finished_at, one 102 entry of final minus upfront', async () => {
      const opened = await readyNormal(150, 'Cartão de crédito');
      expect(
        (
          await upfront({
            service_order_id: opened.id,
            value: 30,
            description: 'Sinal',
            payment_method: 'PIX',
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await upfront({
            service_order_id: opened.id,
            value: 20,
            description: 'Mais',
            payment_method: 'PIX',
          })
        ).status,
      ).toBe(201);
      const reply = await close({ service_order_id: opened.id, date: '', description: '' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body).toEqual({
        id: expect.any(Number),
        type: 102,
        value: 100,
        description: `O.S. ${opened.number}`,
        date: todayInShop(api.deps.shopTz),
        payment_method: 'Cartão de crédito',
        created_at: expect.stringMatching(ISO),
      });
      const o = await order('normal', opened.id);
      expect(o.status).toBe(108);
      expect(o.finished_at).toMatch(ISO);
      expect(o.transactions.map((t) => [t.type, t.value])).toEqual([
        [101, 30],
        [101, 20],
        [102, 100],
      ]);
      expect((await entriesOf(opened.id)).filter((t) => t.type === 102)).toEqual([
        {
          type: 102,
          value_cents: '10000',
          description: `O.S. ${opened.number}`,
          payment_method: 'Cartão de crédito',
          date: todayInShop(api.deps.shopTz),
        },
      ]);
    });

    it('never writes a close entry below zero and keeps a given date and description', async () => {
      const opened = await readyNormal(50);
      const paid = await upfront({
        service_order_id: opened.id,
        value: 50,
        description: 'Pagou tudo',
        payment_method: 'PIX',
      });
      expect(paid.status).toBe(201);
      // The final value lowered after the payment.
      const lowered = await edit('normal', opened.id, {
        status: 104,
        product_name: 'Notebook',
        fix_value_final: 40,
        fix_payment_method: 'PIX',
      });
      expect(lowered.status).toBe(200);
      const reply = await close({ service_order_id: opened.id, date: '2026-02-27', description: 'Retirada' });
      expect(reply.body).toMatchObject({ type: 102, value: 0, date: '2026-02-27', description: 'Retirada' });
    });

    it('with the version its confirmation was drawn from: changed since, 409 with the order now and nothing booked', async () => {
      const opened = await readyNormal(1335, 'PIX');
      const drawn = (await order('normal', opened.id)).version as number;
      await edit('normal', opened.id, {
        status: 104,
        product_name: 'Notebook',
        fix_value_final: 2000,
        fix_payment_method: 'Dinheiro',
      });
      const stale = await expectRefused(
        () => close({ service_order_id: opened.id, description: '', version: drawn }),
        409,
      );
      expect(stale.body).toMatchObject({
        message: 'Este registro foi alterado por outra pessoa depois que você o abriu.',
        current: { id: opened.id, status: 104, fix_value_final: 2000, fix_payment_method: 'Dinheiro' },
      });
      // If-Match names it the same way.
      const viaHeader = await fetch(`${api.url}/transactions/close/service-order`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${employee.token}`,
          'if-match': `"${drawn}"`,
        },
        body: JSON.stringify({ service_order_id: opened.id, description: '' }),
      });
      expect(viaHeader.status).toBe(409);
      expect((await order('normal', opened.id)).status).toBe(104);

      const now = (await order('normal', opened.id)).version as number;
      const reply = await close({ service_order_id: opened.id, description: '', version: now });
      expect(reply.body).toMatchObject({ type: 102, value: 2000, payment_method: 'Dinheiro' });
      // The same close again (a double click, a retry): already finished, as before versions.
      const again = await expectRefused(
        () => close({ service_order_id: opened.id, description: '', version: now }),
        409,
      );
      expect(again.body).toEqual({ status: 'error', message: FINISHED });
    });

    it('closes a return (205) and an external order (301) with their own values', async () => {
      const normal = await openNormal();
      const returned = await openReturned(normal.id);
      await edit('returned', returned.id, {
        status: 201,
        return_motive: 'x',
        fix_value_final: 60,
        fix_payment_method: 'Débito',
      });
      await upfront({
        service_order_id: returned.id,
        value: 10,
        description: 'Sinal',
        payment_method: 'PIX',
      });
      const r = await close({ service_order_id: returned.id });
      expect(r.body).toMatchObject({ type: 102, value: 50, payment_method: 'Débito' });
      expect(await order('returned', returned.id)).toMatchObject({
        status: 205,
        finished_at: expect.stringMatching(ISO),
      });

      const external = await openExternal({ service_value: 200, service_payment_method: 'Boleto' });
      const e = await close({ service_order_id: external.id });
      expect(e.body).toMatchObject({ type: 102, value: 200, payment_method: 'Boleto' });
      expect((await order('external', external.id)).status).toBe(301);
    });

    it('refuses to close without a final value or a payment method, with the exact message', async () => {
      const bare = await openNormal();
      const noMethod = await openNormal();
      await edit('normal', noMethod.id, { status: 104, product_name: 'Notebook', fix_value_final: 10 });
      const noValue = await openNormal();
      await edit('normal', noValue.id, { status: 104, product_name: 'Notebook', fix_payment_method: 'PIX' });
      const external = await openExternal({ service_payment_method: 'PIX' });
      for (const [id, fields] of [
        [bare.id, ['fix_payment_method', 'fix_value_final']],
        [noMethod.id, ['fix_payment_method']],
        [noValue.id, ['fix_value_final']],
        [external.id, ['service_value']],
      ] as const) {
        const reply = await expectRefused(() => close({ service_order_id: id }), 400);
        expect((reply.body as Json).message).toBe(CLOSE_NEEDS);
        expect(Object.keys(issuesOf(reply)).sort()).toEqual([...fields]);
      }
      expect((await order('normal', bare.id)).status).toBe(100);
      // A final value of zero is a value: the order closes with a 0,00 entry.
      await edit('normal', noValue.id, {
        status: 104,
        product_name: 'Notebook',
        fix_value_final: 0,
        fix_payment_method: 'PIX',
      });
      expect((await close({ service_order_id: noValue.id })).body).toMatchObject({ type: 102, value: 0 });
    });

    it('cancels with one 301 entry carrying the motive and the upfront sum, any kind', async () => {
      const normal = await openNormal();
      await upfront({
        service_order_id: normal.id,
        value: 25.5,
        description: 'Sinal',
        payment_method: 'PIX',
      });
      await upfront({ service_order_id: normal.id, value: 10, description: 'Mais', payment_method: 'PIX' });
      const reply = await cancel({
        service_order_id: normal.id,
        cancel_motive: ' Cliente desistiu ',
        date: '',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body).toMatchObject({
        type: 301,
        value: 35.5,
        description: 'Cliente desistiu',
        date: todayInShop(api.deps.shopTz),
        payment_method: null,
      });
      const o = await order('normal', normal.id);
      expect(o).toMatchObject({ status: 107, finished_at: expect.stringMatching(ISO) });
      expect(o.transactions.map((t) => t.type)).toEqual([101, 101, 301]);

      // A return against an open original (one cancelled has no warranty to return under: decision 031).
      const returned = await openReturned((await openNormal()).id);
      expect(
        (await cancel({ service_order_id: returned.id, cancel_motive: 'x', date: '2026-01-02' })).body,
      ).toMatchObject({ type: 301, value: 0, date: '2026-01-02' });
      expect((await order('returned', returned.id)).status).toBe(204);
      const external = await openExternal();
      expect((await cancel({ service_order_id: external.id, cancel_motive: 'Chuva' })).status).toBe(201);
      expect((await order('external', external.id)).status).toBe(302);
    });

    it('refuses a cancel without motive, and any cash action on a finished order (409)', async () => {
      const normal = await openNormal();
      for (const cancel_motive of [undefined, '', '   ', 42, 'x'.repeat(2001)]) {
        const reply = await expectRefused(() => cancel({ service_order_id: normal.id, cancel_motive }), 400);
        expect(Object.keys(issuesOf(reply))).toEqual(['cancel_motive']);
      }
      await expectRefused(() => cancel({ service_order_id: 999_999, cancel_motive: 'x' }), 404);
      await expectRefused(() => close({ service_order_id: 999_999 }), 404);

      const closed = await readyNormal();
      expect((await close({ service_order_id: closed.id })).status).toBe(201);
      for (const request of [
        () => close({ service_order_id: closed.id }),
        () => cancel({ service_order_id: closed.id, cancel_motive: 'tarde demais' }),
        () => upfront({ service_order_id: closed.id, value: 1, description: 'x', payment_method: 'PIX' }),
      ]) {
        expect((await expectRefused(request, 409)).body).toEqual({ status: 'error', message: FINISHED });
      }
    });

    it('writes exactly one close entry when twenty closes arrive at once', async () => {
      const opened = await readyNormal(90);
      const replies = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${api.url}/transactions/close/service-order`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${employee.token}` },
            body: JSON.stringify({ service_order_id: opened.id, date: '', description: '' }),
          }).then(async (res) => ({ status: res.status, body: (await res.json()) as Json })),
        ),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      for (const r of replies.filter((x) => x.status === 409)) {
        expect(r.body).toEqual({ status: 'error', message: FINISHED });
      }
      expect((await entriesOf(opened.id)).filter((t) => t.type === 102)).toHaveLength(1);
      expect((await order('normal', opened.id)).status).toBe(108);
    });

    it('lets only one of simultaneous closes and cancels finish the order', async () => {
      const opened = await readyNormal(90);
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0
            ? close({ service_order_id: opened.id })
            : cancel({ service_order_id: opened.id, cancel_motive: 'corrida' }),
        ),
      );
      expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(9);
      const finishing = (await entriesOf(opened.id)).filter((t) => t.type === 102 || t.type === 301);
      expect(finishing).toHaveLength(1);
    });
  });

  describe('delete', () => {
    it('refuses an employee’s or a wrong confirmation (403) and keeps the order', async () => {
      const opened = await openNormal();
      const asEmployee = await expectRefused(
        () => remove(opened.id, { confirm_username: 'balconista', confirm_password: 'senha-da-balconista' }),
        403,
      );
      expect(asEmployee.body).toEqual({
        status: 'error',
        message: 'Digite uma credencial de gerente válida',
      });
      await expectRefused(() => remove(opened.id, { ...CONFIRM, confirm_password: 'errada' }), 403);
      const missing = await expectRefused(() => remove(opened.id, {}), 400);
      expect(issuesOf(missing)).toEqual({
        confirm_username: 'Usuário obrigatório',
        confirm_password: 'Senha obrigatória',
      });
      expect((await read('normal', opened.id)).status).toBe(200);
    });

    it('soft-deletes with a manager’s confirmation: 204, then 404, the cash entries kept', async () => {
      const opened = await openNormal();
      await upfront({ service_order_id: opened.id, value: 15, description: 'Sinal', payment_method: 'PIX' });
      expect(await remove(opened.id, CONFIRM)).toEqual({ status: 204, body: null });
      expect((await read('normal', opened.id)).status).toBe(404);
      await expectRefused(() => remove(opened.id, CONFIRM), 404);
      await expectRefused(() => edit('normal', opened.id, { status: 100, product_name: 'X' }), 404);
      await expectRefused(() => close({ service_order_id: opened.id }), 404);
      await expectRefused(() => cancel({ service_order_id: opened.id, cancel_motive: 'x' }), 404);
      const row = await api.deps.db
        .selectFrom('service_orders')
        .select('deleted_at')
        .where('id', '=', opened.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).toBeInstanceOf(Date);
      expect(await entriesOf(opened.id)).toHaveLength(1);
    });

    it('answers 404 to an unknown or strange id with a good confirmation', async () => {
      for (const id of [999_999, 'abc', 'normal', '0']) {
        await expectRefused(() => remove(id, CONFIRM), 404);
      }
    });
  });

  describe('bad requests', () => {
    it('refuses wrong types, negative or over-precise money, impossible dates and huge text, naming the field', async () => {
      const create: [string, Json, string][] = [
        ['/service-orders/normal', { product_name: 123 }, 'product_name'],
        ['/service-orders/normal', { product_name: ['TV'] }, 'product_name'],
        ['/service-orders/normal', { product_name: 'x'.repeat(121) }, 'product_name'],
        ['/service-orders/normal', { product_model: { a: 1 } }, 'product_model'],
        ['/service-orders/normal', { product_details: 'x'.repeat(2001) }, 'product_details'],
        ['/service-orders/normal', { client_id: '12abc' }, 'client_id'],
        ['/service-orders/external', { service_value: -1 }, 'service_value'],
        ['/service-orders/external', { service_value: 10.001 }, 'service_value'],
        ['/service-orders/external', { service_value: '10,00' }, 'service_value'],
        ['/service-orders/external', { service_value: 1e12 }, 'service_value'],
        ['/service-orders/external', { service_date: '31/02/2026' }, 'service_date'],
        ['/service-orders/external', { service_date: '2026-02-31' }, 'service_date'],
        ['/service-orders/external', { service_date: '2026-02-31T12:00:00Z' }, 'service_date'],
        ['/service-orders/external', { service_date: 'amanhã' }, 'service_date'],
        ['/service-orders/external', { service_period: 'x'.repeat(121) }, 'service_period'],
      ];
      for (const [path, change, field] of create) {
        const reply = await expectRefused(
          () => send('POST', path, employee.token, { client_id: client.id, product_name: 'TV', ...change }),
          400,
        );
        expect(Object.keys(issuesOf(reply)), `${path} ${JSON.stringify(change).slice(0, 60)}`).toEqual([
          field,
        ]);
      }

      const opened = await openNormal();
      const before = await order('normal', opened.id);
      const good = { status: 104, product_name: 'Notebook' };
      const edits: [Json, string][] = [
        [{ fix_value_final: -0.01 }, 'fix_value_final'],
        [{ fix_value_labor: 1.005 }, 'fix_value_labor'],
        [{ fix_value_pieces: '12' }, 'fix_value_pieces'],
        [{ fix_value_final: { reais: 10 } }, 'fix_value_final'],
        [{ fix_date: '31/02/2026' }, 'fix_date'],
        [{ fix_date: '2026-02-31' }, 'fix_date'],
        [{ fix_date: '2026-13-01' }, 'fix_date'],
        [{ fix_description: 'x'.repeat(2001) }, 'fix_description'],
        [{ fix_technician_name: 7 }, 'fix_technician_name'],
        [{ product_name: 'x'.repeat(121) }, 'product_name'],
      ];
      for (const [change, field] of edits) {
        const reply = await expectRefused(() => edit('normal', opened.id, { ...good, ...change }), 400);
        expect(Object.keys(issuesOf(reply)), JSON.stringify(change).slice(0, 60)).toEqual([field]);
      }
      expect(await order('normal', opened.id)).toEqual(before);
    });

    it('answers malformed JSON and a body too large with 4xx, never 500', async () => {
      const broken = await expectRefused(() =>
        send('POST', '/service-orders/normal', employee.token, '{"client_id":'),
      );
      expect(broken.status).toBe(400);
      const huge = await expectRefused(() =>
        send('POST', '/service-orders/normal', employee.token, {
          client_id: client.id,
          product_name: 'TV',
          product_details: 'x'.repeat(300_000),
        }),
      );
      expect(huge.status).toBe(413);
      await expectRefused(() => send('POST', '/transactions/close/service-order', employee.token, '[]'), 400);
      await expectRefused(() =>
        send('POST', '/transactions/upfront-payment/service-order', employee.token, 'null'),
      );
    });

    it('answers 401 to every route without a valid token, and writes nothing', async () => {
      const opened = await openNormal();
      const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
        ['GET', '/service-orders?number=M1'],
        ['GET', '/service-orders/normal?status=100'],
        ['GET', '/service-orders/returned?status=200'],
        ['GET', '/service-orders/external?status=300'],
        ['GET', `/service-orders/normal/${opened.id}`],
        ['GET', `/service-orders/returned/${opened.id}`],
        ['GET', `/service-orders/external/${opened.id}`],
        ['POST', '/service-orders/normal', { client_id: client.id, product_name: 'X' }],
        ['POST', '/service-orders/returned', { original_service_order_id: opened.id, return_motive: 'x' }],
        ['POST', '/service-orders/external', { client_id: client.id, product_name: 'X' }],
        ['PUT', `/service-orders/normal/${opened.id}`, { status: 101, product_name: 'X' }],
        ['PUT', `/service-orders/returned/${opened.id}`, { status: 201, return_motive: 'X' }],
        ['PUT', `/service-orders/external/${opened.id}`, { status: 300, product_name: 'X' }],
        ['DELETE', `/service-orders/${opened.id}`, CONFIRM],
        [
          'POST',
          '/transactions/upfront-payment/service-order',
          { service_order_id: opened.id, value: 1, description: 'x', payment_method: 'x' },
        ],
        ['POST', '/transactions/close/service-order', { service_order_id: opened.id }],
        ['POST', '/transactions/cancel/service-order', { service_order_id: opened.id, cancel_motive: 'x' }],
      ];
      for (const token of [null, 'not-a-jwt']) {
        for (const [method, path, body] of calls) {
          const reply = await expectRefused(() => send(method, path, token, body), 401);
          expect(reply.body, `${method} ${path}`).toEqual({ status: 'error', message: 'Invalid JWT token' });
        }
      }
      expect((await order('normal', opened.id)).status).toBe(100);
    });
  });

  it('writes an audit row for every change, with who, before and after, money in cents', async () => {
    const opened = await openNormal({ product_name: 'Auditado' });
    await edit(
      'normal',
      opened.id,
      { status: 104, product_name: 'Auditado', fix_value_final: 150, fix_payment_method: 'PIX' },
      manager.token,
    );
    await upfront({ service_order_id: opened.id, value: 50, description: 'Sinal', payment_method: 'PIX' });
    await close({ service_order_id: opened.id });
    // Refused changes leave nothing.
    await close({ service_order_id: opened.id });
    await remove(opened.id, CONFIRM);

    const cancelled = await openExternal();
    await cancel({ service_order_id: cancelled.id, cancel_motive: 'Chuva' });

    const auditOf = (id: number) => auditRows(api, 'service_order', id);
    const rows = await auditOf(opened.id);
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['create', employee.user.id],
      ['update', manager.user.id],
      ['upfront-payment', employee.user.id],
      ['close', employee.user.id],
      ['delete', employee.user.id],
    ]);
    const [create, update, pay, closing, del] = rows;
    expect(create?.before).toBeNull();
    expect(create?.after).toMatchObject({
      id: opened.id,
      number: opened.number,
      status: 100,
      kind: 'normal',
    });
    expect(update?.before).toMatchObject({ status: 100, fix_value_final_cents: null });
    expect(update?.after).toMatchObject({
      status: 104,
      fix_value_final_cents: 15000,
      fix_payment_method: 'PIX',
    });
    expect(pay?.before).toMatchObject({ upfront_cents: 0 });
    expect(pay?.after).toMatchObject({ upfront_cents: 5000, transaction: { type: 101, value_cents: 5000 } });
    expect(closing?.before).toMatchObject({ status: 104, finished_at: null });
    expect(closing?.after).toMatchObject({
      status: 108,
      finished_at: expect.stringMatching(ISO),
      upfront_cents: 5000,
      transaction: { type: 102, value_cents: 10000, payment_method: 'PIX' },
    });
    expect(del?.before).toMatchObject({ status: 108 });
    expect(del?.after).toMatchObject({
      deleted_at: expect.stringMatching(ISO),
      confirmed_by: { id: manager.user.id, username: MANAGER.username },
    });

    const cancelRows = await auditOf(cancelled.id);
    expect(cancelRows.map((r) => r.action)).toEqual(['create', 'cancel']);
    expect(cancelRows[1]?.after).toMatchObject({
      status: 302,
      transaction: { type: 301, value_cents: 0, description: 'Chuva' },
    });
  });

  it('shows the client’s orders of each kind in the client search', async () => {
    const owner = await newClient('Teodoro Buscável Ordens');
    const normal = await openNormal({ client_id: owner.id, product_name: 'Videogame' });
    const returned = await openReturned(normal.id);
    const external = await openExternal({ client_id: owner.id, product_name: 'Antena' });
    const gone = await openNormal({ client_id: owner.id, product_name: 'Some' });
    await remove(gone.id, CONFIRM);

    const reply = await send('GET', `/clients?filter=${encodeURIComponent('teodoro buscavel')}`);
    expect(reply.status).toBe(200);
    const [found] = reply.body as Json[];
    expect(found).toMatchObject({
      id: owner.id,
      normal_service_orders: [
        {
          id: normal.id,
          number: normal.number,
          status: 100,
          product_name: 'Videogame',
          created_at: expect.any(String),
        },
      ],
      returned_service_orders: [
        { id: returned.id, number: returned.number, status: 200, product_name: 'Videogame' },
      ],
      external_service_orders: [
        { id: external.id, number: external.number, status: 300, product_name: 'Antena' },
      ],
      orders: [],
    });
  });
});
