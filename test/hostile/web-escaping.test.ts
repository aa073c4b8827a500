/**
 * Hostile text through every screen and print sheet: a client, orders and cash entries whose every text
 * field is `<script>alert("x")</script> & "Zé" <b>` are shown escaped, never as markup. No page carries
 * the session's api tokens, and the logs of both services (production's logger configuration, at debug)
 * never carry a CPF, a token or a password, whatever the pages did.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import type { ApiHttp } from '../../server/backend/http.ts';
import { MANAGER, type TestApi } from '../support/api.ts';
import { type Agent, csrfOf, postForm, signIn } from '../support/web.ts';
import { call, memoryLog, startLoggedApi, startLoggedWeb } from './support.ts';

const EVIL = '<script>alert("x")</script> & "Zé" <b>';
/** How React writes EVIL in text and in attributes. */
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Zé&quot; &lt;b&gt;';
const CPF = '529.982.247-25';
const CPF_DIGITS = '52998224725';
const DAY = todayInShop();
const SHOWN_DAY = formatDisplayDate(DAY);

describe('hostile text in the web', () => {
  const apiLog = memoryLog('api');
  const webLog = memoryLog('web');
  let api: TestApi;
  let web: Awaited<ReturnType<typeof startLoggedWeb>>;
  let agent: Agent;
  /** Every access and refresh token the api handed to the web. */
  const tokens = new Set<string>();
  const ids: Record<string, number> = {};
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    api = await startLoggedApi(apiLog.log);
    web = await startLoggedWeb(api.url, webLog.log);
    // Remember every token that crosses the wire to the web (sign-in, refresh, cash unlock).
    const real: ApiHttp = web.deps.http;
    web.deps.http = {
      async send(method, path, options) {
        const res = await real.send(method, path, options);
        // Session answers only: a client's status link (decision 020) also carries a `token`, one meant
        // to be printed on the order page and the tickets.
        if (!/^\/?sessions\b/.test(path)) return res;
        const body = res.body as { token?: unknown; refresh_token?: unknown } | null;
        for (const t of [body?.token, body?.refresh_token]) if (typeof t === 'string') tokens.add(t);
        return res;
      },
      close: () => real.close(),
    };

    const token = (await call(api.url, 'POST', '/sessions', { body: MANAGER })).json as { token: string };
    const as = { token: token.token };
    const made = async (method: string, path: string, body: unknown) => {
      const res = await call(api.url, method, path, { ...as, body });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
      return res.json as { id: number; number?: string };
    };
    const client = await made('POST', '/clients', {
      name: EVIL,
      cpf: CPF,
      email: 'ze@exemplo.com.br',
      phone1: EVIL,
      phone2: EVIL,
      phone3: EVIL,
      zip_code: '01001000',
      address: EVIL,
      number: EVIL,
      complement: EVIL,
      neighborhood: EVIL,
      city: EVIL,
      state: 'SP',
    });
    ids.client = client.id;
    const product = {
      product_name: EVIL,
      product_model: EVIL,
      product_brand: EVIL,
      product_serial: EVIL,
      product_accessories: EVIL,
      product_details: EVIL,
    };
    const fix = {
      fix_technician_name: EVIL,
      fix_description: `${EVIL}\n${EVIL}`,
      fix_value_final: 100,
      fix_payment_method: EVIL,
      fix_date: DAY,
    };
    const normal = await made('POST', '/service-orders/normal', { client_id: client.id, ...product });
    ids.normal = normal.id;
    await made('PUT', `/service-orders/normal/${normal.id}`, { status: 104, ...product, ...fix });
    await made('POST', '/transactions/upfront-payment/service-order', {
      service_order_id: normal.id,
      value: 10,
      description: EVIL,
      payment_method: EVIL,
    });
    const returned = await made('POST', '/service-orders/returned', {
      original_service_order_id: normal.id,
      return_motive: EVIL,
    });
    ids.returned = returned.id;
    await made('PUT', `/service-orders/returned/${returned.id}`, {
      status: 200,
      return_motive: EVIL,
      ...fix,
    });
    const external = await made('POST', '/service-orders/external', {
      client_id: client.id,
      ...product,
      service_details: EVIL,
      service_type: EVIL,
      service_period: EVIL,
      service_payment_method: EVIL,
      service_value: 50,
      service_date: DAY,
    });
    ids.external = external.id;
    const order = await made('POST', '/orders', {
      client_id: client.id,
      piece_name: EVIL,
      piece_code: EVIL,
      product_model: EVIL,
      piece_value: 30,
    });
    ids.order = order.id;
    await made('PUT', `/orders/${order.id}`, {
      status: 100,
      piece_name: EVIL,
      piece_code: EVIL,
      product_model: EVIL,
      piece_value: 30,
      payment_method: EVIL,
      manufacturer_code: EVIL,
      manufacturer_date: DAY,
    });
    await made('POST', '/transactions/upfront-payment/order', {
      order_id: order.id,
      value: 5,
      description: EVIL,
      payment_method: EVIL,
    });
    const entry = await made('POST', '/transactions', {
      type: 103,
      value: 7,
      description: EVIL,
      payment_method: EVIL,
    });
    ids.entry = entry.id;
    for (const [key, kind] of [
      ['normal', 'normal'],
      ['returned', 'returned'],
      ['external', 'external'],
    ] as const) {
      numbers[key] = String(
        ((await call(api.url, 'GET', `/service-orders/${kind}/${ids[key]}`, as)).json as { number: string })
          .number,
      );
    }
    numbers.order = String(
      ((await call(api.url, 'GET', `/orders/${order.id}`, as)).json as { number: string }).number,
    );

    agent = await signIn(web);
    const unlock = await postForm(
      agent,
      '/caixa/acessar',
      { username: MANAGER.username, password: MANAGER.password, voltar: '/caixa-hoje' },
      '/caixa-hoje',
    );
    if (unlock.status !== 303) throw new Error(`cash unlock: ${unlock.status}`);
  }, 120_000);

  afterAll(async () => {
    await web?.close();
    await api?.stop();
  });

  const pages = () => [
    `/consulta?q=${CPF_DIGITS}&tipo=cliente`,
    `/consulta?q=${encodeURIComponent('<script>alert')}&tipo=cliente`,
    `/consulta?q=${numbers.normal}&tipo=os`,
    `/consulta?q=${numbers.order}&tipo=pedido`,
    `/editar-cliente/${ids.client}`,
    `/abrir-os-normal?cliente=${ids.client}`,
    `/abrir-os-normal?busca=${CPF_DIGITS}`,
    `/abrir-pedido?cliente=${ids.client}`,
    `/abrir-atendimento-externo?cliente=${ids.client}`,
    `/abrir-os-retorno?numero=${numbers.normal}`,
    `/os/${ids.normal}`,
    `/os/${ids.returned}`,
    `/os/${ids.external}`,
    `/editar-os/${ids.normal}`,
    `/editar-os-retorno/${ids.returned}`,
    `/pedido/${ids.order}`,
    `/editar-pedido/${ids.order}`,
    '/listar-os-normal?status=104',
    '/listar-os-retorno?status=200',
    '/listar-atendimento-externo?status=300',
    '/listar-pedido?status=100',
    '/caixa-hoje',
    `/caixa-hoje?editar=${ids.entry}`,
    `/caixa-hoje?deletar=${ids.entry}`,
    `/caixa-periodo?de=${SHOWN_DAY}&ate=${SHOWN_DAY}`,
    // A page number that is markup is no page number: page 1, nothing of it echoed.
    `/caixa-periodo?de=${SHOWN_DAY}&ate=${SHOWN_DAY}&pagina=${encodeURIComponent('<script>alert(1)</script>')}`,
    `/os/${ids.normal}/imprimir`,
    `/os/${ids.normal}/entrega`,
    `/os/${ids.returned}/imprimir`,
    `/os/${ids.external}/imprimir`,
    `/pedido/${ids.order}/imprimir`,
    `/pedido/${ids.order}/etiqueta`,
    '/caixa-hoje/imprimir',
    `/caixa-periodo/imprimir?de=${SHOWN_DAY}&ate=${SHOWN_DAY}`,
    `/caixa-periodo/imprimir?de=${SHOWN_DAY}&ate=${SHOWN_DAY}&pagina=${encodeURIComponent('"><b>2')}`,
  ];

  /** What is wrong with a page's HTML, if anything. */
  function problemsOf(html: string): string[] {
    const problems: string[] = [];
    if (html.includes('<script>alert')) problems.push('raw <script>alert');
    if (html.includes('"Zé" <b>')) problems.push('raw <b>');
    if (!html.includes(ESCAPED) && !html.includes('&lt;script&gt;alert('))
      problems.push('escaped text missing');
    // The only scripts are our own module files, with the page's nonce.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
      if (!/^<script type="module" src="\/build\/[^"]+" nonce="[^"]+">$/.test(tag))
        problems.push(`script ${tag}`);
    }
    for (const t of tokens) if (html.includes(t)) problems.push('an api token is on the page');
    return problems;
  }

  it('every page and print sheet shows the hostile text escaped, never as markup', async () => {
    const wrong: Record<string, string[]> = {};
    for (const path of pages()) {
      const res = await agent.get(path);
      const problems = res.status === 200 ? problemsOf(res.text) : [`status ${res.status}`];
      if (problems.length) wrong[path] = problems;
    }
    expect(wrong).toEqual({});
    // The tokens were seen (sign-in and cash unlock), so "not on the page" meant something.
    expect(tokens.size).toBeGreaterThanOrEqual(3);
  });

  it('the full escaped text is on the client, order and cash screens', async () => {
    for (const path of [
      `/editar-cliente/${ids.client}`,
      `/os/${ids.normal}`,
      `/pedido/${ids.order}`,
      '/caixa-hoje',
      `/os/${ids.normal}/imprimir`,
      `/pedido/${ids.order}/etiqueta`,
    ]) {
      const res = await agent.get(path);
      expect(res.text, path).toContain(ESCAPED);
    }
  });

  it('forms re-rendered with hostile input (a 400, or the form again after a redirect) escape it too', async () => {
    const cases: [string, Record<string, string>, string?][] = [
      ['/cadastrar-cliente', { name: EVIL, cpf: EVIL, email: EVIL, zip_code: EVIL, city: EVIL }],
      [`/editar-cliente/${ids.client}`, { name: '', city: EVIL, email: EVIL }],
      [
        `/editar-os/${ids.normal}`,
        { status: '100', product_name: '', product_model: EVIL, fix_value_final: EVIL },
      ],
      [`/editar-pedido/${ids.order}`, { status: '100', piece_name: '', piece_code: EVIL, piece_value: EVIL }],
      [
        '/caixa-hoje/lancamentos',
        { type: '103', description: EVIL, value: EVIL, payment_method: EVIL },
        '/caixa-hoje',
      ],
    ];
    for (const [path, fields, from] of cases) {
      const posted = await postForm(agent, path, fields, from ?? path);
      // The edit screens answer a refused save with post/redirect/get: the form shown again by a GET.
      const res = posted.status === 303 ? await agent.get(String(posted.headers.location)) : posted;
      expect([400, 303], `${path}: ${posted.text.slice(0, 300)}`).toContain(posted.status);
      expect(res.text).not.toContain('<script>alert');
      expect(res.text).toContain('&lt;script&gt;alert(');
    }
  });

  it('a print-server link carries the same escaped sheet', async () => {
    const page = await agent.get(`/os/${ids.normal}/imprimir`);
    const res = await agent
      .post('/impressao/links')
      .type('form')
      .send({ _csrf: csrfOf(page.text), path: `/os/${ids.normal}/imprimir` });
    expect(res.status).toBe(303);
    const link = new URL(res.headers.location ?? '', 'http://x').searchParams.get('link');
    expect(link).toBeTruthy();
    const sheet = await supertest(web.app).get(`/impressao/${link}`);
    expect(sheet.status).toBe(200);
    expect(problemsOf(sheet.text)).toEqual([]);
  });

  it('the logs of both services never carry a CPF, a token or a password', async () => {
    // Searches by CPF travel in URLs on both sides (the web's ?q=, the api's ?filter=).
    expect((await agent.get(`/consulta?q=${encodeURIComponent(CPF)}&tipo=cliente`)).status).toBe(200);
    expect((await agent.get(`/abrir-pedido?busca=${CPF_DIGITS}`)).status).toBe(200);
    const logs = `${apiLog.text()}\n${webLog.text()}`;
    expect(logs.length).toBeGreaterThan(1000);
    for (const secret of [CPF, CPF_DIGITS, MANAGER.password, ...tokens]) {
      expect(logs.includes(secret), `a log line carries ${secret.slice(0, 12)}…`).toBe(false);
    }
  });
});
