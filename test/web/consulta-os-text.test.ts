/**
 * Consulta's O.S. search also finds orders by serial number and by product name (our api's `text`), still
 * by number as SPEC §7 asks; a return is found by its original's product. Accents, case and punctuation
 * do not matter, and every word typed must be there, as in the client search. Against the real api.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import { type Agent, decodeEntities, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

/** The numbers of the O.S. rows Consulta shows. */
function numbersShown(html: string): string[] {
  // Against our api the rows come as a table with the opening date and the age (decision 020).
  const table = /<table class="aged-orders">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1];
  if (table !== undefined) {
    return [...table.matchAll(/<tr[^>]*>\s*<td>([^<]*)<\/td>/g)].map((m) => decodeEntities(m[1] ?? ''));
  }
  const list = /<ul class="rows[^"]*">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li[^>]*><span>([^<]*)<\/span>/g)].map((m) => decodeEntities(m[1] ?? ''));
}

describe('Consulta: O.S. by number, serial number or product', () => {
  let web: TestWeb;
  let token: string;
  let agent: Agent;
  const orders: Record<string, { id: number; number: string }> = {};

  async function api<T = { id: number; number: string }>(method: string, path: string, body?: unknown) {
    const res = await apiCall<T>(web.api, method, path, token, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const search = async (q: string) =>
    numbersShown((await agent.get(`/consulta?q=${encodeURIComponent(q)}&tipo=os`)).text).sort();

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    agent = await signIn(web);
    const client = await api('POST', '/clients', { name: 'Cliente da Busca' });
    orders.tv = await api('POST', '/service-orders/normal', {
      client_id: client.id,
      product_name: 'Televisão Samsung',
      product_serial: 'SN-ABC-123',
    });
    orders.radio = await api('POST', '/service-orders/normal', {
      client_id: client.id,
      product_name: 'Rádio Philco',
      product_serial: 'XYZ_9',
    });
    orders.ac = await api('POST', '/service-orders/external', {
      client_id: client.id,
      product_name: 'Ar-condicionado',
      product_serial: 'AC-77',
    });
    orders.back = await api('POST', '/service-orders/returned', {
      original_service_order_id: orders.tv.id,
      return_motive: 'Voltou',
    });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it('finds by serial number (part of it, any case) and by product name; a return by its original', async () => {
    expect(await search('abc-123')).toEqual([orders.tv?.number, orders.back?.number].sort());
    expect(await search('ac-77')).toEqual([orders.ac?.number]);
    expect(await search('televisão')).toEqual([orders.tv?.number, orders.back?.number].sort());
    expect(await search('philco')).toEqual([orders.radio?.number]);
  });

  it('ignores accents, case and punctuation, and wants every word in any order, as the client search', async () => {
    expect(await search('televisao')).toEqual([orders.tv?.number, orders.back?.number].sort());
    expect(await search('SAMSUNG TELEVISÃO')).toEqual([orders.tv?.number, orders.back?.number].sort());
    expect(await search('ar condicionado')).toEqual([orders.ac?.number]);
    expect(await search('radio philco')).toEqual([orders.radio?.number]);
    expect(await search('radio samsung')).toEqual([]);
    // A serial with or without its separators.
    expect(await search('snabc123')).toEqual([orders.tv?.number, orders.back?.number].sort());
    expect(await search('AC77')).toEqual([orders.ac?.number]);
  });

  it('still finds by number; % and _ are no wildcards, and punctuation alone finds nothing', async () => {
    expect(await search(orders.radio?.number ?? '')).toEqual([orders.radio?.number]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('xyz_')).toEqual([orders.radio?.number]);
    expect(await search('XYZ-9')).toEqual([orders.radio?.number]);
  });

  it('nothing matching: the SPEC empty message', async () => {
    const html = (await agent.get('/consulta?q=inexistente&tipo=os')).text;
    expect(numbersShown(html)).toEqual([]);
    expect(html).toContain('Nenhuma O.S. encontrada');
  });
});

describe('Consulta: a search by product of many orders, a page at a time', () => {
  let web: TestWeb;
  let token: string;
  let agent: Agent;
  const numbers: string[] = [];

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    agent = await signIn(web);
    const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, {
      name: 'Muitas Ordens',
    });
    for (let i = 0; i < 55; i++) {
      const so = await apiCall<{ number: string }>(web.api, 'POST', '/service-orders/normal', token, {
        client_id: client.body.id,
        product_name: `Micro-ondas ${i}`,
      });
      numbers.push(so.body.number);
    }
  }, 60_000);
  afterAll(() => web?.stop());

  it('the api answers one page and the total; the web shows 50, then the other 5, newest first', async () => {
    const page = await apiCall<{ items: { number: string }[]; total: number; limit: number; offset: number }>(
      web.api,
      'GET',
      '/service-orders?number=micro%20ondas&text=micro%20ondas&limit=50&offset=50',
      token,
    );
    expect(page.body.total).toBe(55);
    expect(page.body.items.map((o) => o.number)).toEqual(numbers.slice(0, 5).reverse());
    // Without paging keys, the whole answer (at most 500), as before.
    const whole = await apiCall<unknown[]>(
      web.api,
      'GET',
      '/service-orders?number=micro%20ondas&text=micro%20ondas',
      token,
    );
    expect(whole.body).toHaveLength(55);

    const first = await agent.get('/consulta?q=micro+ondas&tipo=os');
    expect(numbersShown(first.text)).toEqual(numbers.slice(5).reverse());
    expect(decodeEntities(first.text)).toContain('55 resultados');
    const second = await agent.get('/consulta?q=micro+ondas&tipo=os&pagina=2');
    expect(numbersShown(second.text)).toEqual(numbers.slice(0, 5).reverse());
  });
});
