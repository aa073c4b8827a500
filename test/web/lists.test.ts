/**
 * The lists by status (SPEC §2 Lists by status, §4 statuses, §5 'Selecione um status para buscar', §8
 * status listing failures show nothing), against the real api: every status of the kind offered, the
 * message only after Listar, each list's empty text, and the orders in five columns with Abrir.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderKind, statusesOf } from '../../domain/statuses.ts';
import { apiLogin, MANAGER } from '../support/api.ts';
import { type Agent, fieldErrorOf, signIn, startTestWeb, type TestWeb, toastsOf } from '../support/web.ts';

const STATUS_REQUIRED = 'Selecione um status para buscar';
const NO_SERVICE_ORDER = 'Nenhuma O.S. foi encontrada.';
const NO_PARTS_ORDER = 'Nenhum pedido foi encontrado.';

type Screen = {
  path: string;
  title: string;
  kind: OrderKind;
  empty: string;
  /** The status a new order starts at (API.md), and one no order of this file reaches. */
  initial: number;
  unused: number;
  open: string;
};

const SCREENS: Screen[] = [
  {
    path: '/listar-os-normal',
    title: 'Listar O.S.',
    kind: 'normal',
    empty: NO_SERVICE_ORDER,
    initial: 100,
    unused: 112,
    open: '/os/',
  },
  {
    path: '/listar-os-retorno',
    title: 'Listar O.S. de Retorno',
    kind: 'returned',
    empty: NO_SERVICE_ORDER,
    initial: 200,
    unused: 209,
    open: '/os/',
  },
  {
    path: '/listar-atendimento-externo',
    title: 'Listar Atendimentos Externos',
    kind: 'external',
    empty: NO_SERVICE_ORDER,
    initial: 300,
    unused: 302,
    open: '/os/',
  },
  {
    path: '/listar-pedido',
    title: 'Listar Pedidos',
    kind: 'parts',
    empty: NO_PARTS_ORDER,
    initial: 100,
    unused: 102,
    open: '/pedido/',
  },
];

type Created = { id: number; number: string; name: string };

describe('lists by status (web lists router)', () => {
  let web: TestWeb;
  let agent: Agent;
  let token: string;
  let client: { id: number; name: string };
  /** One order of each kind, at its initial status. */
  const orders = {} as Record<OrderKind, Created>;

  beforeAll(async () => {
    web = await startTestWeb();
    agent = await signIn(web);
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
  });
  afterAll(async () => {
    await web.stop();
  });

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${web.api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Creates the client and one order of each kind through the real api (once). */
  async function ensureOrders() {
    if (orders.parts) return;
    client = await api<{ id: number; name: string }>('POST', '/clients', { name: 'Cliente das Listas' });
    const normal = await api<{ id: number }>('POST', '/service-orders/normal', {
      client_id: client.id,
      product_name: 'Geladeira',
    });
    const returned = await api<{ id: number }>('POST', '/service-orders/returned', {
      original_service_order_id: normal.id,
      return_motive: 'Voltou a esquentar',
    });
    const external = await api<{ id: number }>('POST', '/service-orders/external', {
      client_id: client.id,
      product_name: 'Máquina de lavar',
      service_type: 'Visita',
    });
    const parts = await api<{ id: number }>('POST', '/orders', {
      client_id: client.id,
      piece_name: 'Compressor',
      piece_code: 'CP-1',
      piece_value: 350,
      product_model: 'RF-1',
    });
    const numberOf = async (path: string) => (await api<{ number: string }>('GET', path)).number;
    orders.normal = {
      id: normal.id,
      number: await numberOf(`/service-orders/normal/${normal.id}`),
      name: 'Geladeira',
    };
    // A return names the original's product (API.md: the product fields are copied when it opens).
    orders.returned = {
      id: returned.id,
      number: await numberOf(`/service-orders/returned/${returned.id}`),
      name: 'Geladeira',
    };
    orders.external = {
      id: external.id,
      number: await numberOf(`/service-orders/external/${external.id}`),
      name: 'Máquina de lavar',
    };
    orders.parts = { id: parts.id, number: await numberOf(`/orders/${parts.id}`), name: 'Compressor' };
  }

  describe.each(SCREENS)('$title ($path)', (screen) => {
    it('offers every status of its kind and Listar, and lists nothing before Listar', async () => {
      const page = await agent.get(screen.path);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<h1>${screen.title}</h1>`);
      expect(page.text).toContain(`<title>${screen.title} · Bancada</title>`);
      expect(page.text).toMatch(new RegExp(`<form[^>]* action="${screen.path}" method="get"`));
      const options = [...page.text.matchAll(/<option value="(\d+)"[^>]*>([^<]*)<\/option>/g)].map((m) => [
        Number(m[1]),
        m[2],
      ]);
      expect(options).toEqual(statusesOf(screen.kind).map((s) => [s.code, s.label]));
      if (screen.kind === 'parts') expect(options).toHaveLength(5);
      expect(page.text).toContain('>Listar</button>');
      expect(page.text).not.toContain(screen.empty);
      expect(fieldErrorOf(page.text, 'f-status')).toBeUndefined();
    });

    it('Listar without a status asks for one under the selector', async () => {
      const res = await agent.get(`${screen.path}?status=`);
      expect(res.status).toBe(400);
      expect(fieldErrorOf(res.text, 'f-status')).toBe(STATUS_REQUIRED);
      expect(res.text).not.toContain(screen.empty);
      expect(toastsOf(res.text)).toEqual([]);

      // A code of another kind is no status of this list either.
      const foreign = await agent.get(`${screen.path}?status=999`);
      expect(foreign.status).toBe(400);
      expect(fieldErrorOf(foreign.text, 'f-status')).toBe(STATUS_REQUIRED);
    });

    it('a status without orders shows the empty text, the status still chosen', async () => {
      const res = await agent.get(`${screen.path}?status=${screen.unused}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<p class="empty">${screen.empty}</p>`);
      expect(res.text).toContain(`<option value="${screen.unused}" selected="">`);
      expect(res.text).not.toContain('class="cols-5"');
      expect(toastsOf(res.text)).toEqual([]);
    });

    it('lists the orders of the status in five columns with Abrir', async () => {
      await ensureOrders();
      const order = orders[screen.kind];
      const res = await agent.get(`${screen.path}?status=${screen.initial}`);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(screen.empty);
      const label = statusesOf(screen.kind).find((s) => s.code === screen.initial)?.label;
      // Column headers, then each order with its opening date and its time in the status (decision 020).
      expect(res.text).toMatch(
        /<th scope="col">Número<\/th><th scope="col">Cliente<\/th><th scope="col">(Produto|Peça)<\/th><th scope="col">Status<\/th><th scope="col">Aberta em<\/th><th scope="col">No status<\/th>/,
      );
      expect(res.text).toMatch(
        new RegExp(
          `<tr><td>${order.number}</td><td>${client.name}</td><td>${order.name}</td>` +
            `<td><span class="status status-${screen.kind}-${screen.initial}">${label}</span></td>` +
            `<td>\\d{2}/\\d{2}/\\d{4}</td><td>hoje</td><td><a href="${screen.open}${order.id}" aria-label="Abrir ${order.number}">Abrir</a></td></tr>`,
        ),
      );
      // Only orders of this kind: the other kinds' numbers are not in this list.
      for (const other of SCREENS.filter((s) => s.kind !== screen.kind)) {
        expect(res.text).not.toContain(`<span>${orders[other.kind].number}</span>`);
      }
    });
  });

  it('a failed listing shows nothing: no rows, no empty text, no toast', async () => {
    await ensureOrders();
    const db = web.api.deps.db;
    await sql`ALTER TABLE orders RENAME TO orders_hidden_by_test`.execute(db);
    try {
      const res = await agent.get('/listar-pedido?status=100');
      expect(res.text).toContain('<h1>Listar Pedidos</h1>');
      expect(res.text).not.toContain('class="cols-5"');
      expect(res.text).not.toContain(NO_PARTS_ORDER);
      expect(toastsOf(res.text)).toEqual([]);
      expect(fieldErrorOf(res.text, 'f-status')).toBeUndefined();
    } finally {
      await sql`ALTER TABLE orders_hidden_by_test RENAME TO orders`.execute(db);
    }
    const again = await agent.get('/listar-pedido?status=100');
    expect(again.text).toContain(
      `<a href="/pedido/${orders.parts.id}" aria-label="Abrir ${orders.parts.number}">Abrir</a>`,
    );
  });

  it('marks orders past the status limit with their age and sorts the oldest first on request', async () => {
    const owner = await api<{ id: number }>('POST', '/clients', { name: 'Cliente Antiga' });
    const made: { id: number; number: string }[] = [];
    for (const product of ['Rádio antigo', 'Rádio novo', 'Rádio médio']) {
      const o = await api<{ id: number; number: string }>('POST', '/service-orders/normal', {
        client_id: owner.id,
        product_name: product,
      });
      made.push(o);
    }
    const [old, fresh, middle] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    // Pendente de Orçamento allows 3 days by default: 12 days is past it, 2 days is not.
    for (const [o, days] of [
      [old, 12],
      [middle, 2],
    ] as const) {
      await sql`UPDATE service_orders SET status_changed_at = now() - make_interval(days => ${days}) WHERE id = ${o.id}`.execute(
        web.api.deps.db,
      );
    }
    const rowOf = (html: string, number: string) =>
      new RegExp(`<tr[^>]*><td>${number}</td>.*?</tr>`).exec(html)?.[0] ?? '';
    const listed = (await agent.get('/listar-os-normal?status=100')).text.replace(/<!-- -->/g, '');
    expect(rowOf(listed, old.number)).toContain('<tr class="late">');
    expect(rowOf(listed, old.number)).toContain(
      'há 12 dias<strong class="late-mark"> · acima de 3 dias</strong>',
    );
    expect(rowOf(listed, middle.number)).toContain('<td>há 2 dias</td>');
    expect(rowOf(listed, middle.number)).not.toContain('late');
    expect(rowOf(listed, fresh.number)).toContain('<td>hoje</td>');

    const sorted = (await agent.get('/listar-os-normal?status=100&ordem=antigas')).text;
    const at = (n: string) => sorted.indexOf(`<td>${n}</td>`);
    expect(at(old.number)).toBeLessThan(at(middle.number));
    expect(at(middle.number)).toBeLessThan(at(fresh.number));
    expect(sorted).toContain('<input type="checkbox" name="ordem" checked="" value="antigas"/>');
  });

  it('shows a long list 50 orders a page: Anterior, Próxima, "Página X de Y" and the total', async () => {
    await ensureOrders();
    // One external order at 300 already; 55 more make 56: two pages.
    for (let i = 0; i < 55; i++) {
      await api('POST', '/service-orders/external', {
        client_id: client.id,
        product_name: `Aparelho ${i}`,
        service_type: 'Visita',
      });
    }
    const numbersOn = (html: string) => [...html.matchAll(/<tr[^>]*><td>(E\d+)<\/td>/g)].map((m) => m[1]);
    const pagerOf = (html: string) =>
      /<nav class="pager actions" aria-label="Páginas">[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';

    const first = await agent.get('/listar-atendimento-externo?status=300');
    expect(first.status).toBe(200);
    const onFirst = numbersOn(first.text);
    expect(onFirst).toHaveLength(50);
    const pager = pagerOf(first.text);
    expect(pager).toContain('<span class="pager-page">Página 1 de 2</span>');
    expect(pager).toContain('<span class="pager-range muted">56 resultados</span>');
    expect(pager).not.toContain('Anterior');
    const next = /<a class="button" href="([^"]+)" rel="next">Próxima<\/a>/.exec(pager)?.[1] ?? '';
    expect(next).toBe('/listar-atendimento-externo?status=300&amp;pagina=2');

    const second = await agent.get(next.replaceAll('&amp;', '&'));
    const onSecond = numbersOn(second.text);
    expect(onSecond).toHaveLength(6);
    expect(pagerOf(second.text)).toContain('Página 2 de 2');
    expect(pagerOf(second.text)).toContain(
      '<a class="button" href="/listar-atendimento-externo?status=300&amp;pagina=1" rel="prev">Anterior</a>',
    );
    expect(pagerOf(second.text)).not.toContain('Próxima');
    // Every order once, newest number first across the pages.
    const all = [...onFirst, ...onSecond];
    expect(new Set(all).size).toBe(56);
    expect(all).toEqual([...all].sort().reverse());

    // A page past the end is the last one; a page that is no number is the first.
    expect(numbersOn((await agent.get('/listar-atendimento-externo?status=300&pagina=99')).text)).toEqual(
      onSecond,
    );
    expect(numbersOn((await agent.get('/listar-atendimento-externo?status=300&pagina=x')).text)).toEqual(
      onFirst,
    );
    // The order asked for is kept from page to page.
    const oldest = await agent.get('/listar-atendimento-externo?status=300&ordem=antigas');
    expect(pagerOf(oldest.text)).toContain(
      'href="/listar-atendimento-externo?status=300&amp;ordem=antigas&amp;pagina=2"',
    );
    expect(numbersOn(oldest.text)[0]).toBe(orders.external.number);

    // A short list has no pager.
    expect(pagerOf((await agent.get('/listar-pedido?status=100')).text)).toBe('');
  });
});
