/**
 * Consulta's O.S. search by text (`GET /service-orders?text=`, docs/api.md, decision 027): a product name
 * or serial number is found as the client search finds a name — case, accents and punctuation ignored,
 * every word typed in any order, a piece of a word as well — and a serial with or without its
 * separators; a return also by its original's product, even after the original was edited. A text that
 * names an order still finds it by number. The three ways the search reads (a walk newest first, the
 * trigram index, the walk falling back to the index) answer what the plain query answers.
 */
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_LIMIT, searchServiceOrders } from '../../api/service-orders/repository.ts';
import { DB_TARGETS, type TestApi } from '../support/api.ts';
import { type Session, senderTo, startApiWithStaff } from '../support/api-staff.ts';

type Opened = { id: number; number: string };
type ListItem = { id: number; number: string; type: string; product_name: string | null };

describe.each(DB_TARGETS)('O.S. search by product or serial on %s', (target) => {
  let api: TestApi;
  let employee: Session;
  const send = senderTo(() => api);
  const orders: Record<string, Opened> = {};

  async function open(kind: 'normal' | 'external', body: Record<string, unknown>): Promise<Opened> {
    const client = await send('POST', '/clients', employee.token, { name: 'Cliente da Bancada' });
    const reply = await send('POST', `/service-orders/${kind}`, employee.token, {
      client_id: (client.body as { id: number }).id,
      ...body,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as Opened;
  }
  async function search(text: string): Promise<ListItem[]> {
    // As Consulta asks (server/backend/lookup.ts): the text as the number too.
    const q = encodeURIComponent(text);
    const reply = await send('GET', `/service-orders?number=${q}&text=${q}`, employee.token);
    expect(reply.status, `${text}: ${JSON.stringify(reply.body)}`).toBe(200);
    return reply.body as ListItem[];
  }
  /** The names (keys of `orders`) of the orders a text finds, sorted. */
  async function found(text: string): Promise<string[]> {
    const byId = new Map(Object.entries(orders).map(([name, o]) => [o.id, name]));
    return (await search(text)).map((o) => byId.get(o.id) ?? o.number).sort();
  }

  beforeAll(async () => {
    ({ api, employee } = await startApiWithStaff(target, 'balcao', 'senha-do-balcao'));
    orders.lavar = await open('normal', {
      product_name: 'Máquina de lavar Brastemp',
      product_brand: 'Electrolux',
      product_serial: 'BWK-11/AB',
    });
    orders.split = await open('external', {
      product_name: 'Ar-condicionado Split',
      product_serial: 'AC 9000',
    });
    orders.janela = await open('normal', { product_name: 'Ar condicionado de janela' });
    orders.tv = await open('normal', { product_name: 'Televisão Samsung', product_serial: 'SN-ABC-123' });
    orders.radio = await open('normal', { product_name: 'Rádio AM/FM Philco', product_serial: 'XYZ_9' });
    const back = await send('POST', '/service-orders/returned', employee.token, {
      original_service_order_id: orders.tv.id,
      return_motive: 'Voltou sem imagem',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    orders.tvBack = back.body as Opened;
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('ignores case and accents: "maquina" finds "Máquina", "MÁQUINA" and "máquina" too', async () => {
    for (const text of ['Máquina', 'maquina', 'MAQUINA', 'MÁQUINA', 'máquina', 'maqu']) {
      expect(await found(text), text).toEqual(['lavar']);
    }
  });

  it('wants every word, in any order, a piece of a word too', async () => {
    for (const text of ['maquina lavar', 'maquina de lavar', 'lavar máquina', 'brastemp maq', 'de lavar']) {
      expect(await found(text), text).toEqual(['lavar']);
    }
    expect(await found('maquina de secar')).toEqual([]);
    // A short word is looked for at a word start: 'de' is a word of "Máquina de lavar", not 'Brastemp'.
    expect(await found('ras')).toEqual(['lavar']);
    expect(await found('ra')).toEqual(['radio']);
  });

  it('ignores punctuation: "ar condicionado" finds "Ar-condicionado", and the other way round', async () => {
    for (const text of ['Ar-condicionado', 'ar condicionado', 'AR CONDICIONADO', 'condicionado', 'ar-cond']) {
      expect(await found(text), text).toEqual(['janela', 'split']);
    }
    expect(await found('condicionado split')).toEqual(['split']);
    expect(await found('janela ar')).toEqual(['janela']);
    // A word after a slash starts a word: 'fm' finds "AM/FM".
    expect(await found('fm')).toEqual(['radio']);
    expect(await found('am fm philco')).toEqual(['radio']);
  });

  it('finds a serial number typed with or without its separators, or a piece of it', async () => {
    for (const text of ['SN-ABC-123', 'snabc123', 'sn abc 123', 'abc123', 'ABC-12', 'sn-abc', '123']) {
      expect(await found(text), text).toEqual(['tv', 'tvBack']);
    }
    for (const text of ['bwk-11/ab', 'BWK11AB', 'bwk 11', '11ab']) {
      expect(await found(text), text).toEqual(['lavar']);
    }
    for (const text of ['XYZ_9', 'xyz 9', 'xyz9', 'xyz-9', 'xyz_']) {
      expect(await found(text), text).toEqual(['radio']);
    }
    expect(await found('ac9000')).toEqual(['split']);
  });

  it('reads only the product name and the serial number, as before', async () => {
    // The brand, the motive and the client's name are not searched.
    expect(await found('electrolux')).toEqual([]);
    expect(await found('imagem')).toEqual([]);
    expect(await found('bancada')).toEqual([]);
    expect(await found('inexistente')).toEqual([]);
  });

  it('a text with no letter or digit finds nothing; LIKE wildcards are plain characters', async () => {
    for (const text of ['%', '_', '-', '%%', '\\', '/']) {
      expect(await found(text), text).toEqual([]);
    }
  });

  it('still finds an order by its number, before any product', async () => {
    const tv = orders.tv as Opened;
    expect(await found(tv.number)).toEqual(['tv']);
    expect(await found(tv.number.toLowerCase())).toEqual(['tv']);
    // Bare digits name an order under every letter; with no such order they are a piece of a serial.
    expect(await found('9000')).toEqual(['split']);
  });

  it('finds a return by its original’s product, also after the original’s product was edited', async () => {
    const tv = orders.tv as Opened;
    expect(await found('televisao')).toEqual(['tv', 'tvBack']);
    const edited = await send('PUT', `/service-orders/normal/${tv.id}`, employee.token, {
      status: 101,
      product_name: 'Smart TV LG',
      product_serial: 'LG-777',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // The return keeps the product it was opened with, and is found by the original's as it is now.
    expect(await found('smart tv')).toEqual(['tv', 'tvBack']);
    expect(await found('lg777')).toEqual(['tv', 'tvBack']);
    expect(await found('televisao')).toEqual(['tvBack']);
    const back = (await search('lg 777')).find((o) => o.id === orders.tvBack?.id);
    expect(back?.product_name).toBe('Televisão Samsung');
    // Edited back, the original's old product is no longer a second key of the return's.
    await send('PUT', `/service-orders/normal/${tv.id}`, employee.token, {
      status: 101,
      product_name: 'Televisão Samsung',
      product_serial: 'SN-ABC-123',
    });
    expect(await found('smart tv')).toEqual([]);
    expect(await found('televisao sn abc')).toEqual(['tv', 'tvBack']);
  });

  it('answers the newest first, each with its client, and leaves deleted orders out', async () => {
    const a = await open('normal', { product_name: 'Liquidificador Arno' });
    const b = await open('external', { product_name: 'Liquidificador Walita' });
    const both = await search('liquidificador');
    expect(both.map((o) => o.id)).toEqual([b.id, a.id]);
    expect(both[0]).toMatchObject({ type: 'external', client: { name: 'Cliente da Bancada' } });
    await sql`UPDATE service_orders SET deleted_at = now() WHERE id = ${a.id}`.execute(api.deps.db);
    expect((await search('liquidificador')).map((o) => o.id)).toEqual([b.id]);
  });
});

describe.each(DB_TARGETS)('O.S. search: every way it reads gives the plain answer on %s', (target) => {
  let api: TestApi;
  /** The SQL of each query the search ran, in order. */
  const ran: string[] = [];

  /** What the search answers, and the ids the plain query answers: all matches, newest first, 500. */
  async function both(text: string, plainWhere: RawBuilder<boolean>) {
    ran.length = 0;
    const db = api.deps.db.withPlugin({
      transformQuery: (args) => {
        ran.push(api.deps.db.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const answered = (await searchServiceOrders(db, text)).map((o) => o.id);
    const plain = await sql<{ id: number }>`SELECT id FROM service_orders
      WHERE deleted_at IS NULL AND ${plainWhere}
      ORDER BY created_at DESC, id DESC LIMIT ${LIST_LIMIT}`.execute(api.deps.db);
    return { answered, plain: plain.rows.map((r) => r.id) };
  }
  const walked = () => ran.some((q) => /LIMIT \$\d+\) so WHERE/.test(q) && !q.includes('count('));
  const indexed = () => ran.some((q) => q.includes('MATERIALIZED'));

  beforeAll(async () => {
    ({ api } = await startApiWithStaff(target, 'contadora', 'senha-da-contadora'));
    const db = api.deps.db;
    await sql`INSERT INTO clients (name) VALUES ('Cliente Antigo')`.execute(db);
    // 3,300 orders, one a minute, the newest now; one in eleven deleted (3,000 living). Every product is
    // an 'Aparelho' with a serial 'SN-…'; 'Comum' is in every other one; 'Recente' in 454 living orders,
    // all among the newest 2,000 (enough there for the walk, too few for its 500); 'Antigo' in 545 of
    // the oldest; 'Raro' in three.
    await sql`INSERT INTO service_orders (kind, number, status, client_id, product_name, product_serial,
        created_at, deleted_at)
      SELECT 'normal', 'M' || lpad(i::text, 6, '0'), 100, (SELECT min(id) FROM clients),
        concat_ws(' ', 'Aparelho', CASE WHEN i % 2 = 0 THEN 'Comum' END,
          CASE WHEN i > 1300 AND i % 4 = 0 THEN 'Recente' END,
          CASE WHEN i <= 1000 AND i % 5 < 3 THEN 'Antigo' END,
          CASE WHEN i IN (7, 1500, 3200) THEN 'Raro' END),
        'SN-' || lpad(i::text, 6, '0'),
        now() - (3300 - i) * interval '1 minute',
        CASE WHEN i % 11 = 0 THEN now() END
      FROM generate_series(1, 3300) AS i`.execute(db);
  });
  afterAll(async () => {
    await api?.stop();
  });

  const has = (word: string) => sql<boolean>`product_search LIKE ${`%${word}%`}`;

  it('a word in every other order: the walk, newest first', async () => {
    const { answered, plain } = await both('comum', has('comum'));
    expect(walked()).toBe(true);
    expect(indexed()).toBe(false);
    expect(answered).toHaveLength(LIST_LIMIT);
    expect(answered).toEqual(plain);
  });

  it('a word common lately and in no older order: the walk finds too few, the index answers', async () => {
    const { answered, plain } = await both('RECENTE', has('recente'));
    expect(walked()).toBe(true);
    expect(indexed()).toBe(true);
    expect(answered).toHaveLength(454);
    expect(answered).toEqual(plain);
  });

  it('a word of old orders only: the index, more than 500 matches cut to the newest 500', async () => {
    const { answered, plain } = await both('antigo', has('antigo'));
    expect(walked()).toBe(false);
    expect(indexed()).toBe(true);
    expect(answered).toHaveLength(LIST_LIMIT);
    expect(answered).toEqual(plain);
  });

  it('a rare word with a word every order holds: the index, that word checked on the rows', async () => {
    const { answered, plain } = await both('aparelho raro sn', sql`${has('raro')} AND ${has(' sn')}`);
    expect(indexed()).toBe(true);
    expect(ran.some((q) => q.includes('strpos('))).toBe(true);
    expect(answered).toEqual(plain);
    expect(answered).toHaveLength(3);
    const serial = await both('sn003200', has('sn003200'));
    expect(serial.answered).toEqual(serial.plain);
    expect(serial.answered).toHaveLength(1);
  });

  it('two common words together: the same answer whichever way it reads', async () => {
    const { answered, plain } = await both('antigo comum', sql`${has('antigo')} AND ${has('comum')}`);
    expect(answered).toEqual(plain);
    const none = await both('recente antigo', sql`${has('recente')} AND ${has('antigo')}`);
    expect(none.answered).toEqual([]);
    expect(none.plain).toEqual([]);
  });
});
