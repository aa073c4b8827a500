/**
 * Lists in pages (docs/api.md): the lists by status (service orders of each kind, parts orders) and the
 * client search answer one page and the whole list's total when asked with `limit` (and `offset`),
 * and the plain array SPEC §7 names without it. Bad paging keys are a 400 naming the field.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWithOrderLists } from '../../api/clients/order-lists.ts';
import * as clients from '../../api/clients/service.ts';
import { DB_TARGETS, type TestApi } from '../support/api.ts';
import { type Session, senderTo, startApiWithStaff } from '../support/api-staff.ts';

type Item = { id: number; number: string; status: number };
type Page<T> = { items: T[]; total: number; limit: number; offset: number };

describe.each(DB_TARGETS)('lists in pages on %s', (kind) => {
  let api: TestApi;
  let employee: Session;
  let manager: Session;
  const send = senderTo(() => api);
  const get = <B>(path: string) => send('GET', path, employee.token) as Promise<{ status: number; body: B }>;
  /** Numbers created, in creation order. */
  const normal: string[] = [];
  const parts: string[] = [];

  beforeAll(async () => {
    ({ api, employee, manager } = await startApiWithStaff(kind, 'paginadora', 'senha-da-paginadora'));
    for (let i = 0; i < 7; i++) {
      const client = await send('POST', '/clients', employee.token, { name: `Silva Página ${i}` });
      const id = (client.body as { id: number }).id;
      const so = await send('POST', '/service-orders/normal', employee.token, {
        client_id: id,
        product_name: `TV ${i}`,
      });
      normal.push((so.body as { number: string }).number);
      const o = await send('POST', '/orders', employee.token, { client_id: id, piece_name: `Tela ${i}` });
      parts.push((o.body as { number: string }).number);
    }
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('a list by status: the page asked for and the total of the whole list', async () => {
    const first = await get<Page<Item>>('/service-orders/normal?status=100&limit=3');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(7);
    expect(first.body.limit).toBe(3);
    expect(first.body.offset).toBe(0);
    const newestFirst = [...normal].reverse();
    expect(first.body.items.map((o) => o.number)).toEqual(newestFirst.slice(0, 3));

    const last = await get<Page<Item>>('/service-orders/normal?status=100&limit=3&offset=6');
    expect(last.body.items.map((o) => o.number)).toEqual(newestFirst.slice(6));
    expect(last.body.total).toBe(7);

    const past = await get<Page<Item>>('/service-orders/normal?status=100&limit=3&offset=30');
    expect(past.body).toEqual({ items: [], total: 7, limit: 3, offset: 30 });

    // Another status, another total; another kind, its own list.
    expect((await get<Page<Item>>('/service-orders/normal?status=101&limit=3')).body.total).toBe(0);
    expect((await get<Page<Item>>('/service-orders/external?status=300&limit=3')).body.total).toBe(0);
  });

  it('a list by status without limit is the plain array, as SPEC §7 names it', async () => {
    const plain = await get<Item[]>('/service-orders/normal?status=100');
    expect(Array.isArray(plain.body)).toBe(true);
    expect(plain.body.map((o) => o.number)).toEqual([...normal].reverse());
    const orders = await get<Item[]>('/orders?status=100');
    expect(orders.body.map((o) => o.number)).toEqual([...parts].reverse());
  });

  it('the oldest in their status first, on request, page by page', async () => {
    // The first order made has been waiting longest; move the last one further back still.
    const lastMade = normal.at(-1);
    await sql`UPDATE service_orders SET status_changed_at = now() - interval '40 days' WHERE number = ${lastMade}`.execute(
      api.deps.db,
    );
    const page = await get<Page<Item>>('/service-orders/normal?status=100&limit=2&ordem=antigas');
    expect(page.body.items.map((o) => o.number)).toEqual([lastMade, normal[0]]);
    expect(page.body.total).toBe(7);
  });

  it('every page of every size is its slice of the whole list, pages past the middle too, in both orders', async () => {
    for (const order of ['', '&ordem=antigas']) {
      const whole = (await get<Item[]>(`/service-orders/normal?status=100${order}`)).body.map(
        (o) => o.number,
      );
      const wholeParts = (await get<Item[]>(`/orders?status=100${order}`)).body.map((o) => o.number);
      expect(whole).toHaveLength(7);
      for (const limit of [1, 2, 3, 5]) {
        for (let offset = 0; offset <= 8; offset++) {
          const q = `status=100&limit=${limit}&offset=${offset}${order}`;
          const page = (await get<Page<Item>>(`/service-orders/normal?${q}`)).body;
          expect(
            page.items.map((o) => o.number),
            `${q}`,
          ).toEqual(whole.slice(offset, offset + limit));
          const partsPage = (await get<Page<Item>>(`/orders?${q}`)).body;
          expect(
            partsPage.items.map((o) => o.number),
            `parts ${q}`,
          ).toEqual(wholeParts.slice(offset, offset + limit));
        }
      }
    }
  });

  it('parts orders by status: the page and the total', async () => {
    const page = await get<Page<Item>>('/orders?status=100&limit=5&offset=5');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(7);
    expect(page.body.items.map((o) => o.number)).toEqual([...parts].reverse().slice(5));
  });

  it('the client search: a page of clients with their orders, and how many match', async () => {
    const page = await get<Page<{ name: string; normal_service_orders: Item[] }>>(
      '/clients?filter=silva%20pagina&limit=4&offset=4',
    );
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(7);
    expect(page.body.items.map((c) => c.name)).toEqual([
      'Silva Página 4',
      'Silva Página 5',
      'Silva Página 6',
    ]);
    expect(page.body.items[0]?.normal_service_orders.map((o) => o.number)).toEqual([normal[4]]);
    const plain = await get<unknown[]>('/clients?filter=silva%20pagina');
    expect(plain.body).toHaveLength(7);
  });

  it('a page of the client search is the same found by its matches or by the name walk', async () => {
    for (const name of ['Ana Maria Silva', 'Zuleide Silva', 'Maria Zélia', 'Silvana Maria']) {
      expect((await send('POST', '/clients', employee.token, { name })).status).toBe(201);
    }
    for (const filter of ['silva', 'maria', 'silva pagina', 'pagina 3', 'zé', 'a', 'nenhum nome']) {
      for (const offset of [0, 2, 5, 9]) {
        const slice = { limit: 3, offset };
        const walk = await searchWithOrderLists(api.deps.db, filter, slice, 'walk');
        const matches = await searchWithOrderLists(api.deps.db, filter, slice, 'matches');
        expect(matches, `${filter} @${offset}`).toEqual(walk);
        const answer = await get<Page<unknown>>(
          `/clients?${new URLSearchParams({ filter, limit: '3', offset: String(offset) })}`,
        );
        expect(answer.body.items, `${filter} @${offset}`).toEqual(walk);
      }
    }
    // The page and its total read in one query (up to the cap), or by the count and then the plan (past
    // it, or an empty page): the same answer either way.
    const paged = async (filter: string, paging: { limit: number; offset: number }, upTo?: number) => {
      const answer = await clients.search(api.deps, filter, paging, upTo);
      if (Array.isArray(answer)) throw new Error('a page was asked for');
      return answer;
    };
    for (const filter of ['silva', 'maria', 'pagina 3', 'nenhum nome']) {
      for (const offset of [0, 2, 9, 40]) {
        const paging = { limit: 3, offset };
        const oneQuery = await paged(filter, paging);
        const counted = await paged(filter, paging, 1);
        expect(oneQuery, `${filter} @${offset}`).toEqual(counted);
        expect(counted.items, `${filter} @${offset}`).toEqual(
          await searchWithOrderLists(api.deps.db, filter, paging, 'walk'),
        );
      }
    }
    const maria = await paged('maria', { limit: 2, offset: 0 });
    expect(maria.total).toBe(3);
    expect(maria.items.map((c) => c.name)).toEqual(['Ana Maria Silva', 'Maria Zélia']);
    const silva = await searchWithOrderLists(api.deps.db, 'silva', { limit: 20, offset: 0 }, 'matches');
    expect(silva.map((c) => c.name)).toEqual([
      'Ana Maria Silva',
      ...Array.from({ length: 7 }, (_, i) => `Silva Página ${i}`),
      'Silvana Maria',
      'Zuleide Silva',
    ]);
  });

  it('the users (managers only): a page and how many there are', async () => {
    const page = await send('GET', '/users?limit=1&offset=1', manager.token);
    expect(page.status).toBe(200);
    const body = page.body as Page<{ username: string }>;
    expect(body.total).toBe(2);
    expect(body.items.map((u) => u.username)).toEqual(['paginadora']);
    expect(Array.isArray((await send('GET', '/users', manager.token)).body)).toBe(true);
    expect((await send('GET', '/users?limit=1', employee.token)).status).toBe(403);
  });

  it.each([
    ['/service-orders/normal?status=100&limit=0', 'limit'],
    ['/service-orders/normal?status=100&limit=201', 'limit'],
    ['/orders?status=100&limit=10&offset=-1', 'offset'],
    ['/orders?status=100&limit=abc', 'limit'],
    ['/clients?filter=silva&limit=1.5', 'limit'],
    ['/service-orders/normal?status=100&limit=10&ordem=novas', 'ordem'],
    ['/users?limit=500', 'limit'],
  ])('refuses %s with a 400 naming %s', async (path, field) => {
    const reply = (await send('GET', path, manager.token)) as {
      status: number;
      body: { message: string; issues: Record<string, string> };
    };
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.issues)).toContain(field);
    expect(reply.body.message).not.toMatch(/zod|stack|Error/);
  });
});
