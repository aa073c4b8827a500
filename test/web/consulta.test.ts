/**
 * Consulta (SPEC §2 Consulta, §5 Search, §8 Search): clients by name, CPF or CNPJ with their three order
 * groups, service orders and parts orders by number, against the real api. The one test of a failing
 * backend puts a small switchable relay in front of the real api (it forwards, or answers 500 / hangs up).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, MANAGER, startTestApi, type TestApi } from '../support/api.ts';
import { forwardTo, listenRelay } from '../support/http-relay.ts';
import {
  type Agent,
  agentOn,
  decodeEntities,
  fieldErrorOf,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
} from '../support/web.ts';

const TEXT = {
  required: 'Digite algo para buscar',
  noClient: 'Nenhum cliente encontrado com este nome, CPF ou CNPJ.',
  noServiceOrder: 'Nenhuma O.S. encontrada com este número.',
  noOrder: 'Nenhum pedido encontrado com este número.',
  noServiceOrders: 'Nenhuma O.S. cadastrada para este cliente.',
  noOrders: 'Nenhum pedido cadastrado para este cliente.',
  noExternal: 'Nenhum atendimento externo cadastrado para este cliente.',
  failed: 'Ocorreu um erro ao fazer a busca. Verifique a conexão.',
};

/** The client results of a page, one chunk of HTML per client. */
function clientResultsOf(html: string): string[] {
  return [...html.matchAll(/<li class="client-result">([\s\S]*?)<\/details><\/li>/g)].map((m) => m[1] ?? '');
}

/** The summary line of a client result: [name, 'CPF: …', 'CNPJ: …']. */
function summaryOf(result: string): string[] {
  const summary = /<summary>([\s\S]*?)<\/summary>/.exec(result)?.[1] ?? '';
  return [...summary.matchAll(/<span[^>]*>([\s\S]*?)<\/span>/g)].map((m) =>
    decodeEntities((m[1] ?? '').replaceAll('<!-- -->', '')),
  );
}

/** The expanded details of a client result as label -> value. */
function detailsOf(result: string): Record<string, string> {
  return Object.fromEntries(
    [...result.matchAll(/<div><dt>([^<]*)<\/dt><dd>([^<]*)<\/dd><\/div>/g)].map((m) => [
      decodeEntities(m[1] ?? ''),
      decodeEntities(m[2] ?? ''),
    ]),
  );
}

/** One order group of a client result: its rows (texts of the cells and the link) or its empty text. */
function groupOf(result: string, title: string): { rows: string[][]; empty?: string } {
  const start = result.indexOf(`<h3>${title}</h3>`);
  if (start < 0) throw new Error(`no group ${title}`);
  const end = result.indexOf('<div class="order-group">', start);
  const chunk = result.slice(start, end < 0 ? undefined : end);
  const empty = /<p class="muted">([^<]*)<\/p>/.exec(chunk)?.[1];
  const rows = [...chunk.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => cellsOf(m[1] ?? ''));
  return empty === undefined ? { rows } : { rows, empty: decodeEntities(empty) };
}

/** The cells of a row: texts of the spans, then the link as 'Abrir -> href'. */
function cellsOf(row: string): string[] {
  return [
    ...row.matchAll(/<span[^>]*>([^<]*)<\/span>|<a href="([^"]*)"(?: aria-label="[^"]*")?>([^<]*)<\/a>/g),
  ].map((m) => (m[2] === undefined ? decodeEntities(m[1] ?? '') : `${m[3]} -> ${m[2]}`));
}

/**
 * The order rows of an O.S. or Pedido search: number, client, product, status and the link. Against our
 * api they come as a table with the opening date and the age too (decision 020), read by `agedRowsOf`.
 */
function orderRowsOf(html: string): string[][] {
  const table = /<table class="aged-orders">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1];
  if (table !== undefined) return agedRowsOf(html).map((cells) => [...cells.slice(0, 4), cells[6] ?? '']);
  const list = /<ul class="rows results">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => cellsOf(m[1] ?? ''));
}

/** The seven cells of each row of the aged table, as text ('Abrir -> href' for the link). */
function agedRowsOf(html: string): string[][] {
  const table = /<table class="aged-orders">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td>([\s\S]*?)<\/td>/g)].map((cell) => {
      const link = /<a href="([^"]*)"(?: aria-label="[^"]*")?>([^<]*)<\/a>/.exec(cell[1] ?? '');
      return link ? `${link[2]} -> ${link[1]}` : decodeEntities((cell[1] ?? '').replace(/<[^>]+>/g, ''));
    }),
  );
}

function emptyOf(html: string): string | undefined {
  const m = /<p class="empty">([^<]*)<\/p>/.exec(html);
  return m ? decodeEntities(m[1] ?? '') : undefined;
}

describe('consulta (web consulta router)', () => {
  let api: TestApi;
  let web: TestWeb;
  let agent: Agent;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi('pglite');
    web = await startTestWeb({ api });
    agent = await signIn(web);
    token = (await apiLogin(api, MANAGER.username, MANAGER.password)).token;
  });
  afterAll(async () => {
    await web?.stop();
    await api?.stop();
  });

  async function apiCall<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  const search = (q: string, tipo = 'cliente') => agent.get('/consulta').query({ q, tipo });

  describe('the form', () => {
    it('the first visit: the empty form with Cliente chosen, no results, no error', async () => {
      const page = await agent.get('/consulta');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<h1>Consulta</h1>');
      expect(page.text).toMatch(/<form[^>]*action="\/consulta" method="get"/);
      expect(page.text).toContain('<option value="cliente" selected="">Cliente</option>');
      expect(page.text).toContain('<option value="os">O.S.</option>');
      expect(page.text).toContain('<option value="pedido">Pedido</option>');
      expect(page.text).toMatch(/<button type="submit"[^>]*>Buscar<\/button>/);
      expect(fieldErrorOf(page.text, 'f-q')).toBeUndefined();
      expect(emptyOf(page.text)).toBeUndefined();
    });

    it.each(['', '   ', '\u0000', ' \u0000 '])(
      "'Digite algo para buscar' for the text %j, the option kept",
      async (q) => {
        for (const tipo of ['cliente', 'os', 'pedido']) {
          const res = await search(q, tipo);
          expect(res.status).toBe(400);
          expect(fieldErrorOf(res.text, 'f-q')).toBe(TEXT.required);
          expect(res.text).toContain(`<option value="${tipo}" selected="">`);
          expect(emptyOf(res.text)).toBeUndefined();
          expect(toastsOf(res.text)).toEqual([]);
        }
      },
    );

    it('a search option is required', async () => {
      const res = await search('maria', '');
      expect(res.status).toBe(400);
      expect(fieldErrorOf(res.text, 'f-tipo')).toBeTruthy();
      const odd = await search('maria', 'nada');
      expect(odd.status).toBe(400);
      expect(fieldErrorOf(odd.text, 'f-tipo')).toBeTruthy();
    });

    it('signed out: back to the login', async () => {
      const { agent: visitor } = await agentOn(web, '/');
      const res = await visitor.get('/consulta').query({ q: 'x', tipo: 'cliente' });
      expect([302, 303]).toContain(res.status);
      // The sign-in leads back to the search asked for.
      expect(res.headers.location).toBe('/?next=%2Fconsulta%3Fq%3Dx%26tipo%3Dcliente');
    });
  });

  describe('clients', () => {
    let full: { id: number };
    let bare: { id: number };
    let withOrders: { id: number };
    const numbers: Record<string, { id: number; number: string }> = {};

    beforeAll(async () => {
      full = await apiCall('POST', '/clients', {
        name: 'José Conceição Araújo',
        cpf: '52998224725',
        cnpj: '11222333000181',
        email: 'jose@example.com',
        phone1: '(11) 91111-1111',
        phone2: '(11) 2222-2222',
        phone3: '(11) 3333-3333',
        zip_code: '01001000',
        address: 'Praça da Sé',
        number: '10',
        complement: 'Sala 5',
        neighborhood: 'Sé',
        city: 'São Paulo',
        state: 'SP',
      });
      bare = await apiCall('POST', '/clients', { name: 'Zuleica Sem Dados' });
      withOrders = await apiCall('POST', '/clients', { name: 'Otávio Com Ordens', cpf: '11144477735' });
      const normal = await apiCall<{ id: number }>('POST', '/service-orders/normal', {
        client_id: withOrders.id,
        product_name: 'Notebook Dell',
      });
      const returned = await apiCall<{ id: number }>('POST', '/service-orders/returned', {
        original_service_order_id: normal.id,
        return_motive: 'Não liga de novo',
      });
      const external = await apiCall<{ id: number }>('POST', '/service-orders/external', {
        client_id: withOrders.id,
        product_name: 'Ar-condicionado Split',
      });
      const order = await apiCall<{ id: number }>('POST', '/orders', {
        client_id: withOrders.id,
        piece_name: 'Tela 15.6 LED',
      });
      for (const [key, path] of [
        ['normal', `/service-orders/normal/${normal.id}`],
        ['returned', `/service-orders/returned/${returned.id}`],
        ['external', `/service-orders/external/${external.id}`],
        ['order', `/orders/${order.id}`],
      ] as const) {
        numbers[key] = await apiCall<{ id: number; number: string }>('GET', path);
      }
    });

    it('name, CPF and CNPJ formatted, in a <details> that opens without JavaScript', async () => {
      const res = await search('José Conceição');
      expect(res.status).toBe(200);
      const [result, ...others] = clientResultsOf(res.text);
      expect(others).toEqual([]);
      expect(result).toMatch(/^<details><summary>/);
      expect(summaryOf(result ?? '')).toEqual([
        'José Conceição Araújo',
        'CPF: 529.982.247-25',
        'CNPJ: 11.222.333/0001-81',
      ]);
      expect(emptyOf(res.text)).toBeUndefined();
      expect(toastsOf(res.text)).toEqual([]);
      expect(res.text).toContain('value="José Conceição"');
    });

    it('expanded: e-mail, three phones, CEP, street, number, neighborhood, complement; the edit link', async () => {
      const [result] = clientResultsOf((await search('jose')).text);
      expect(detailsOf(result ?? '')).toEqual({
        'E-mail': 'jose@example.com',
        'Telefone 1': '(11) 91111-1111',
        'Telefone 2': '(11) 2222-2222',
        'Telefone 3': '(11) 3333-3333',
        CEP: '01001-000',
        Rua: 'Praça da Sé',
        Número: '10',
        Bairro: 'Sé',
        Complemento: 'Sala 5',
      });
      expect(result).toContain(`<a href="/editar-cliente/${full.id}">`);
    });

    it('the three groups with their empty texts', async () => {
      const [result] = clientResultsOf((await search('jose')).text);
      expect(groupOf(result ?? '', 'Ordens de serviço')).toEqual({ rows: [], empty: TEXT.noServiceOrders });
      expect(groupOf(result ?? '', 'Pedidos')).toEqual({ rows: [], empty: TEXT.noOrders });
      expect(groupOf(result ?? '', 'Atendimentos externos')).toEqual({ rows: [], empty: TEXT.noExternal });
    });

    it('a dash for empty CPF, CNPJ and details', async () => {
      const [result] = clientResultsOf((await search('Zuleica')).text);
      expect(summaryOf(result ?? '')).toEqual(['Zuleica Sem Dados', 'CPF: -', 'CNPJ: -']);
      const details = detailsOf(result ?? '');
      expect(Object.values(details)).toEqual(Array(9).fill('-'));
      expect(result).toContain(`<a href="/editar-cliente/${bare.id}">`);
    });

    it('the groups of a client with orders: normal and returned together, parts orders, external', async () => {
      const [result] = clientResultsOf((await search('otavio')).text);
      const { normal, returned, external, order } = numbers;
      if (!normal || !returned || !external || !order) throw new Error('orders not created');
      const serviceOrders = groupOf(result ?? '', 'Ordens de serviço');
      expect(serviceOrders.empty).toBeUndefined();
      expect(serviceOrders.rows).toEqual(
        expect.arrayContaining([
          [normal.number, 'Notebook Dell', 'Pendente de Orçamento', `Abrir -> /os/${normal.id}`],
          [returned.number, 'Notebook Dell', 'Pendente', `Abrir -> /os/${returned.id}`],
        ]),
      );
      expect(serviceOrders.rows).toHaveLength(2);
      expect(groupOf(result ?? '', 'Pedidos').rows).toEqual([
        [order.number, 'Tela 15.6 LED', 'Aguardando pedido', `Abrir -> /pedido/${order.id}`],
      ]);
      expect(groupOf(result ?? '', 'Atendimentos externos').rows).toEqual([
        [external.number, 'Ar-condicionado Split', 'Pendente', `Abrir -> /os/${external.id}`],
      ]);
    });

    it('accent-less and case-less: "jose" and "CONCEICAO araujo" find José Conceição Araújo', async () => {
      for (const q of ['jose', 'CONCEICAO araujo', 'araújo']) {
        const names = clientResultsOf((await search(q)).text).map((r) => summaryOf(r)[0]);
        expect(names, q).toEqual(['José Conceição Araújo']);
      }
    });

    it('by CPF or CNPJ, typed with or without the mask', async () => {
      for (const q of ['52998224725', '529.982.247-25', '11.222.333/0001-81', '11222333000181']) {
        const names = clientResultsOf((await search(q)).text).map((r) => summaryOf(r)[0]);
        expect(names, q).toEqual(['José Conceição Araújo']);
      }
    });

    it('many clients: 20 a page, with the pager and the total; the search kept from page to page', async () => {
      for (let i = 1; i <= 23; i++) {
        await apiCall('POST', '/clients', { name: `Paginado ${String(i).padStart(2, '0')} Souza` });
      }
      const namesOf = (html: string) => clientResultsOf(html).map((r) => summaryOf(r)[0]);
      const pagerOf = (html: string) =>
        /<nav class="pager actions" aria-label="Páginas">[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';

      const first = await search('paginado souza');
      expect(namesOf(first.text)).toEqual(
        Array.from({ length: 20 }, (_, i) => `Paginado ${String(i + 1).padStart(2, '0')} Souza`),
      );
      expect(pagerOf(first.text)).toContain('Página 1 de 2');
      expect(pagerOf(first.text)).toContain('23 resultados');
      const next = /href="([^"]+)" rel="next">Próxima</.exec(pagerOf(first.text))?.[1] ?? '';
      expect(decodeEntities(next)).toBe('/consulta?q=paginado+souza&tipo=cliente&pagina=2');

      const second = await agent.get(decodeEntities(next));
      expect(namesOf(second.text)).toEqual(['Paginado 21 Souza', 'Paginado 22 Souza', 'Paginado 23 Souza']);
      expect(pagerOf(second.text)).toContain('Página 2 de 2');
      expect(pagerOf(second.text)).toContain('rel="prev">Anterior</a>');
      expect(pagerOf(second.text)).not.toContain('Próxima');
      // The search as typed is still in the form.
      expect(second.text).toContain('value="paginado souza"');
    });

    it("'Nenhum cliente encontrado…' when nothing matches", async () => {
      const res = await search('Ninguém Com Este Nome');
      expect(res.status).toBe(200);
      expect(emptyOf(res.text)).toBe(TEXT.noClient);
      expect(clientResultsOf(res.text)).toEqual([]);
    });

    it('a name with <script> is shown escaped in the results', async () => {
      await apiCall('POST', '/clients', { name: '<script>alert(1)</script> Hacker' });
      const res = await search('Hacker');
      expect(res.text).not.toContain('<script>alert(1)');
      expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Hacker');
    });
  });

  describe('O.S. and Pedido', () => {
    let client: { id: number };
    const made: Record<string, { id: number; number: string }> = {};

    beforeAll(async () => {
      client = await apiCall('POST', '/clients', { name: 'Rita Números' });
      const normal = await apiCall<{ id: number }>('POST', '/service-orders/normal', {
        client_id: client.id,
        product_name: 'Celular Moto G',
      });
      const returned = await apiCall<{ id: number }>('POST', '/service-orders/returned', {
        original_service_order_id: normal.id,
        return_motive: 'Tela piscando',
      });
      const external = await apiCall<{ id: number }>('POST', '/service-orders/external', {
        client_id: client.id,
        product_name: 'Geladeira Brastemp',
      });
      const order = await apiCall<{ id: number }>('POST', '/orders', {
        client_id: client.id,
        piece_name: 'Bateria Moto G',
      });
      made.normal = await apiCall('GET', `/service-orders/normal/${normal.id}`);
      made.returned = await apiCall('GET', `/service-orders/returned/${returned.id}`);
      made.external = await apiCall('GET', `/service-orders/external/${external.id}`);
      made.order = await apiCall('GET', `/orders/${order.id}`);
    });

    it('O.S. by number: number, client, product, status, Abrir (normal, returned and external)', async () => {
      const cases = [
        [made.normal, 'Celular Moto G', 'Pendente de Orçamento'],
        [made.returned, 'Celular Moto G', 'Pendente'],
        [made.external, 'Geladeira Brastemp', 'Pendente'],
      ] as const;
      for (const [o, product, status] of cases) {
        if (!o) throw new Error('order not created');
        const res = await search(o.number, 'os');
        expect(res.status).toBe(200);
        expect(orderRowsOf(res.text), o.number).toEqual([
          [o.number, 'Rita Números', product, status, `Abrir -> /os/${o.id}`],
        ]);
        expect(emptyOf(res.text)).toBeUndefined();
        expect(res.text).toContain('<option value="os" selected="">');
      }
    });

    it('O.S. by number in lower case finds it too', async () => {
      const o = made.normal;
      if (!o) throw new Error('order not created');
      const page = (await search(o.number.toLowerCase(), 'os')).text;
      // Our api's answers carry the dates: the opening day and the time in the status (decision 020).
      expect(agedRowsOf(page)[0]?.[4]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(agedRowsOf(page)[0]?.[5]).toBe('hoje');
      const rows = orderRowsOf(page);
      expect(rows.map((r) => r[0])).toEqual([o.number]);
    });

    it("'Nenhuma O.S. encontrada com este número.'", async () => {
      const res = await search('X99999', 'os');
      expect(res.status).toBe(200);
      expect(emptyOf(res.text)).toBe(TEXT.noServiceOrder);
      expect(orderRowsOf(res.text)).toEqual([]);
    });

    it('Pedido by number: number, client, piece, status, Abrir', async () => {
      const o = made.order;
      if (!o) throw new Error('order not created');
      const res = await search(o.number, 'pedido');
      expect(res.status).toBe(200);
      expect(orderRowsOf(res.text)).toEqual([
        [o.number, 'Rita Números', 'Bateria Moto G', 'Aguardando pedido', `Abrir -> /pedido/${o.id}`],
      ]);
    });

    it("'Nenhum pedido encontrado com este número.'", async () => {
      const res = await search('P99999', 'pedido');
      expect(res.status).toBe(200);
      expect(emptyOf(res.text)).toBe(TEXT.noOrder);
      // A service order's number is not a parts order.
      const other = await search(made.normal?.number ?? 'M1', 'pedido');
      expect(emptyOf(other.text)).toBe(TEXT.noOrder);
    });
  });

  describe('a failing backend', () => {
    let relay: { url: string; mode: 'forward' | '500' | 'close'; stop: () => Promise<void> };
    let failingWeb: TestWeb;
    let failingAgent: Agent;

    beforeAll(async () => {
      relay = await startRelay(api.url);
      failingWeb = await startTestWeb({ api, apiUrl: relay.url });
      failingAgent = await signIn(failingWeb);
    });
    afterAll(async () => {
      await failingWeb?.stop();
      await relay?.stop();
    });

    it.each([
      ['500', 'cliente'],
      ['500', 'os'],
      ['500', 'pedido'],
      ['close', 'cliente'],
      ['close', 'os'],
      ['close', 'pedido'],
    ] as const)(
      "the api answering %s to a %s search: 'Ocorreu um erro ao fazer a busca…', the form kept",
      async (mode, tipo) => {
        relay.mode = mode;
        try {
          const res = await failingAgent.get('/consulta').query({ q: 'qualquer coisa', tipo });
          expect(res.status).toBeGreaterThanOrEqual(500);
          expect(toastsOf(res.text)).toEqual([TEXT.failed]);
          expect(res.text).toContain('value="qualquer coisa"');
          expect(res.text).toContain(`<option value="${tipo}" selected="">`);
          expect(emptyOf(res.text)).toBeUndefined();
        } finally {
          relay.mode = 'forward';
        }
        // Back to normal: the same session searches again.
        const ok = await failingAgent.get('/consulta').query({ q: 'Ninguém Assim', tipo: 'cliente' });
        expect(ok.status).toBe(200);
        expect(toastsOf(ok.text)).toEqual([]);
      },
    );
  });
});

/**
 * A relay in front of the real api: it forwards every request, or (to play a failing backend) answers
 * 500 to all of them, or hangs up without an answer.
 */
async function startRelay(target: string) {
  const to = new URL(target);
  const state = { mode: 'forward' as 'forward' | '500' | 'close' };
  const relay = await listenRelay((req, res) => {
    if (state.mode === '500') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'error', message: 'Erro interno' }));
      return;
    }
    if (state.mode === 'close') {
      req.socket.destroy();
      return;
    }
    forwardTo(to, req, res);
  });
  return {
    url: relay.url,
    get mode() {
      return state.mode;
    },
    set mode(m: 'forward' | '500' | 'close') {
      state.mode = m;
    },
    stop: relay.stop,
  };
}
