/**
 * Abrir O.S., Abrir O.S. de Retorno and Abrir Serviço Externo (SPEC §2, §4, §5, §8), against the real
 * api: the client search, the selected client's details, each §5 message on its field, the §8 toasts
 * after the redirect and on failure, and what was typed kept on every re-render.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import {
  type Agent,
  decodeEntities,
  fieldErrorOf,
  postForm,
  refusedPage,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
} from '../support/web.ts';

const TEXT = {
  search: 'Digite algo para buscar',
  noClient: 'Nenhum cliente encontrado',
  noOrder: 'Nenhuma O.S. encontrada',
  productRequired: 'Nome do produto é obrigatório',
  motiveRequired: 'Digite algo para cadastrar',
  created: 'O.S. Cadastrada com sucesso!',
  createFailed: 'Ocorreu um erro ao criar a O.S. Cheque os dados.',
  returnCreated: 'O.S. de retorno cadastrada com sucesso!',
  externalCreated: 'Atendimento Externo Cadastrado com sucesso!',
  externalFailed: 'Ocorreu um erro ao criar o Atendimento Externo. Cheque os dados.',
  clientCreated: 'Cliente cadastrado com sucesso!',
  badDate: 'Data inválida. Use o formato dd/mm/aaaa',
};

/** A text the database is made to refuse (see `refuseInDatabase`): the real api then fails. */
const FAILS = 'Falha forçada no banco';

/** Valid CPFs (check digits right), one per screen: a CPF is unique among clients. */
const CPFS = {
  '/abrir-os-normal': ['52998224725', '529.982.247-25'],
  '/abrir-atendimento-externo': ['11144477735', '111.444.777-35'],
} as const;

/** Valid CNPJs, one per screen, for the same reason. */
const CNPJS = {
  '/abrir-os-normal': ['11222333000181', '11.222.333/0001-81'],
  '/abrir-atendimento-externo': ['11444777000161', '11.444.777/0001-61'],
} as const;

type Json = Record<string, unknown>;

describe('open screens (web open-orders router)', () => {
  let web: TestWeb;
  let agent: Agent;
  let token: string;
  let seq = 0;

  beforeAll(async () => {
    web = await startTestWeb();
    agent = await signIn(web);
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    await refuseInDatabase();
  });
  afterAll(async () => {
    await web.stop();
  });

  /**
   * A trigger that makes the real database refuse an order whose product or return motive is FAILS,
   * so the real api answers an error for an otherwise valid form.
   */
  async function refuseInDatabase() {
    const db = web.api.deps.db;
    await sql
      .raw(`CREATE FUNCTION test_refuse_order() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.product_name = '${FAILS}' OR NEW.return_motive = '${FAILS}' THEN
            RAISE EXCEPTION 'refused by the test';
          END IF;
          RETURN NEW;
        END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER test_refuse_order BEFORE INSERT ON service_orders
        FOR EACH ROW EXECUTE FUNCTION test_refuse_order()`)
      .execute(db);
  }

  const api = <T = Json>(method: string, path: string, body?: unknown) =>
    apiCall<T>(web.api, method, path, token, body);

  async function newClient(fields: Json = {}): Promise<{ id: number; name: string }> {
    seq += 1;
    const name = `Cliente Abertura ${seq} ${Date.now().toString(36)}`;
    const res = await api<{ id: number; name: string }>('POST', '/clients', { name, ...fields });
    if (res.status !== 201) throw new Error(`client: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.id, name: (fields.name as string | undefined) ?? name };
  }

  async function newNormalOrder(clientId: number, productName: string) {
    const res = await api<{ id: number }>('POST', '/service-orders/normal', {
      client_id: clientId,
      product_name: productName,
    });
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
    const order = await api<{ id: number; number: string; status: number }>(
      'GET',
      `/service-orders/normal/${res.body.id}`,
    );
    return order.body;
  }

  function expectRedirectToOrder(res: { status: number; headers: Record<string, string> }): string {
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/os\/\d+$/);
    return res.headers.location?.slice('/os/'.length) ?? '';
  }

  const inputValueOf = (html: string, name: string) =>
    decodeEntities(new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? '');
  const textareaOf = (html: string, name: string) =>
    decodeEntities(new RegExp(`<textarea[^>]*name="${name}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1] ?? '');
  const detailOf = (html: string, label: string) =>
    decodeEntities(new RegExp(`<dt>${label}</dt><dd>([^<]*)</dd>`).exec(html)?.[1] ?? '');

  describe.each([
    { path: '/abrir-os-normal', title: 'Abrir O.S.' },
    { path: '/abrir-atendimento-externo', title: 'Abrir Serviço Externo' },
  ])('the client search of $title', ({ path, title }) => {
    it('asks for text, says nothing was found only after a search, and offers Selecionar', async () => {
      const first = await agent.get(path);
      expect(first.status).toBe(200);
      expect(first.text).toContain(`<h1>${title}</h1>`);
      expect(first.text).not.toContain(TEXT.noClient);
      expect(fieldErrorOf(first.text, 'f-busca')).toBeUndefined();
      expect(first.text).not.toContain('name="product_name"');

      const blank = await agent.get(`${path}?busca=+`);
      expect(blank.status).toBe(400);
      expect(fieldErrorOf(blank.text, 'f-busca')).toBe(TEXT.search);
      expect(blank.text).not.toContain(TEXT.noClient);

      const none = await agent.get(`${path}?busca=${encodeURIComponent('Ninguém Com Este Nome')}`);
      expect(none.status).toBe(200);
      expect(none.text).toContain(TEXT.noClient);

      const client = await newClient();
      const found = await agent.get(`${path}?busca=${encodeURIComponent(client.name)}`);
      expect(found.text).toContain(client.name);
      expect(found.text).not.toContain(TEXT.noClient);
      expect(found.text).toContain(`<a href="${path}?cliente=${client.id}">Selecionar</a>`);
      expect(toastsOf(found.text)).toEqual([]);
    });

    it('lists the clients found in a table with headings: name, CPF / CNPJ, phone, Selecionar', async () => {
      const [cnpj, shown] = CNPJS[path as keyof typeof CNPJS];
      // The first phone kept is the one shown, as people read it however it was typed.
      const client = await newClient({ cnpj, phone2: '11977776666' });
      const page = await agent.get(`${path}?busca=${encodeURIComponent(client.name)}`);
      const table = /<table class="picker-results">[\s\S]*?<\/table>/.exec(page.text)?.[0] ?? '';
      expect(table).toContain('<caption class="visually-hidden">Clientes encontrados</caption>');
      const headings = [...table.matchAll(/<th scope="col">([\s\S]*?)<\/th>/g)].map((m) =>
        decodeEntities((m[1] ?? '').replace(/<[^>]+>/g, '')),
      );
      expect(headings).toEqual(['Nome', 'CPF / CNPJ', 'Telefone', 'Ação']);
      const cells = [...table.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1] ?? '');
      expect(cells.map((c) => decodeEntities(c.replace(/<[^>]+>/g, '')))).toEqual([
        client.name,
        shown,
        '(11) 97777-6666',
        'Selecionar',
      ]);
    });

    it("shows the selected client's full details, a dash for empty fields, and the form for it", async () => {
      const [cpf, shown] = CPFS[path as keyof typeof CPFS];
      const client = await newClient({ cpf, phone1: '(11) 98888-7777', city: 'Santos' });
      const page = await agent.get(`${path}?cliente=${client.id}`);
      expect(page.status).toBe(200);
      expect(detailOf(page.text, 'Nome')).toBe(client.name);
      expect(detailOf(page.text, 'CPF')).toBe(shown);
      expect(detailOf(page.text, 'Telefone 1')).toBe('(11) 98888-7777');
      expect(detailOf(page.text, 'Cidade')).toBe('Santos');
      for (const empty of ['CNPJ', 'E-mail', 'Telefone 2', 'Telefone 3', 'CEP', 'Rua', 'Número', 'Bairro']) {
        expect(detailOf(page.text, empty)).toBe('-');
      }
      expect(inputValueOf(page.text, 'client_id')).toBe(String(client.id));
      expect(page.text).toContain('name="product_name"');
      expect(page.text).toContain('>Salvar</button>');
    });
  });

  describe('the client search in pages of 50, as Consulta pages its results', () => {
    const tag = `pgn${Date.now().toString(36)}`;
    const ids: string[] = [];
    beforeAll(async () => {
      // Created in name order, so the api's order (by name) is this list's.
      for (let i = 1; i <= 53; i++) {
        ids.push(
          String((await newClient({ name: `Paginada ${String(i).padStart(2, '0')} Silva ${tag}` })).id),
        );
      }
    });
    const selectableOf = (html: string) =>
      [...html.matchAll(/href="[^"]*\?cliente=(\d+)">Selecionar</g)].map((m) => m[1]);
    const pagerOf = (html: string) =>
      /<nav class="pager actions" aria-label="Páginas">[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    const linkOf = (html: string, rel: 'next' | 'prev') =>
      decodeEntities(new RegExp(`href="([^"]+)" rel="${rel}"`).exec(pagerOf(html))?.[1] ?? '');

    it.each(['/abrir-os-normal', '/abrir-pedido', '/abrir-atendimento-externo'])(
      '%s: the first 50, the pager with the total; Próxima reaches the last 3',
      async (path) => {
        const first = await agent.get(`${path}?busca=${tag}`);
        expect(first.status).toBe(200);
        expect(selectableOf(first.text)).toEqual(ids.slice(0, 50));
        expect(pagerOf(first.text)).toContain('Página 1 de 2');
        expect(pagerOf(first.text)).toContain('53 resultados');
        expect(linkOf(first.text, 'next')).toBe(`${path}?busca=${tag}&pagina=2`);

        const second = await agent.get(linkOf(first.text, 'next'));
        expect(selectableOf(second.text)).toEqual(ids.slice(50));
        expect(pagerOf(second.text)).toContain('Página 2 de 2');
        expect(pagerOf(second.text)).not.toContain('Próxima');
        expect(linkOf(second.text, 'prev')).toBe(`${path}?busca=${tag}&pagina=1`);
        // The search as typed stays in its field.
        expect(inputValueOf(second.text, 'busca')).toBe(tag);
      },
    );

    it('keeps the selected client and the other keys from page to page; past the end is the last page', async () => {
      const chosen = ids[7];
      const page = await agent.get(`/abrir-os-normal?cliente=${chosen}&busca=${tag}&pagina=99`);
      expect(selectableOf(page.text)).toEqual(ids.slice(50));
      expect(pagerOf(page.text)).toContain('Página 2 de 2');
      expect(linkOf(page.text, 'prev')).toBe(`/abrir-os-normal?cliente=${chosen}&busca=${tag}&pagina=1`);
      expect(inputValueOf(page.text, 'client_id')).toBe(chosen);
    });

    it('a search that fits in one page has no pager', async () => {
      const page = await agent.get(`/abrir-pedido?busca=${encodeURIComponent(`Paginada 07 Silva ${tag}`)}`);
      expect(selectableOf(page.text)).toEqual([ids[6]]);
      expect(pagerOf(page.text)).toBe('');
    });
  });

  describe('Abrir O.S.', () => {
    it('is where a newly registered client lands, already selected, with its success toast', async () => {
      const res = await postForm(agent, '/cadastrar-cliente', {
        intent: 'save',
        name: 'Cliente Recém Cadastrado',
      });
      expect(res.status).toBe(303);
      const id = /^\/abrir-os-normal\?cliente=(\d+)$/.exec(res.headers.location ?? '')?.[1];
      expect(id, res.headers.location).toBeDefined();
      const page = await agent.get(res.headers.location ?? '');
      expect(toastsOf(page.text)).toEqual([TEXT.clientCreated]);
      expect(page.text).toContain('<h1>Abrir O.S.</h1>');
      // The client is selected: the form carries it and the keyboard starts on 'Nome do produto'.
      expect(inputValueOf(page.text, 'client_id')).toBe(id);
      expect(page.text).toMatch(/<input id="f-product_name"[^>]*autofocus=""/);
      expect(page.text).toContain('Cliente Recém Cadastrado');
    });

    it('asks for the product name, keeps what was typed and the client, and creates nothing', async () => {
      const client = await newClient();
      const res = await refusedPage(
        agent,
        await postForm(
          agent,
          '/abrir-os-normal',
          {
            client_id: String(client.id),
            product_name: '   ',
            product_model: 'KDL-40',
            product_brand: 'Sony',
            product_details: 'Não liga, cheiro de queimado',
          },
          `/abrir-os-normal?cliente=${client.id}`,
        ),
        '/abrir-os-normal',
      );
      expect(fieldErrorOf(res.text, 'f-product_name')).toBe(TEXT.productRequired);
      expect(toastsOf(res.text)).toEqual([]);
      expect(inputValueOf(res.text, 'product_model')).toBe('KDL-40');
      expect(inputValueOf(res.text, 'product_brand')).toBe('Sony');
      expect(textareaOf(res.text, 'product_details')).toBe('Não liga, cheiro de queimado');
      expect(detailOf(res.text, 'Nome')).toBe(client.name);
      expect(inputValueOf(res.text, 'client_id')).toBe(String(client.id));
      expect(res.text).toContain('>Salvar</button>');

      const saved = await api<{ normal_service_orders?: unknown[] }>('GET', `/clients/${client.id}`);
      expect(saved.body.normal_service_orders ?? []).toEqual([]);
    });

    it('opens the order: /os/{id} with the success toast, the order in the api', async () => {
      const client = await newClient();
      const res = await postForm(
        agent,
        '/abrir-os-normal',
        {
          client_id: String(client.id),
          product_name: 'Televisor',
          product_model: 'KDL-40',
          product_brand: 'Sony',
          product_serial: 'SN-123',
          product_accessories: 'Controle remoto',
          product_details: 'Não liga',
        },
        `/abrir-os-normal?cliente=${client.id}`,
      );
      const id = expectRedirectToOrder(res);
      const detail = await agent.get(`/os/${id}`);
      expect(toastsOf(detail.text)).toContain(TEXT.created);

      const order = await api<Json>('GET', `/service-orders/normal/${id}`);
      expect(order.status).toBe(200);
      expect(order.body).toMatchObject({
        product_name: 'Televisor',
        product_model: 'KDL-40',
        product_brand: 'Sony',
        product_serial: 'SN-123',
        product_accessories: 'Controle remoto',
        product_details: 'Não liga',
        status: 100,
      });
      expect((order.body.client as { id: number }).id).toBe(client.id);
    });

    it('an api failure shows the toast and keeps the values and the selected client', async () => {
      const client = await newClient();
      const res = await refusedPage(
        agent,
        await postForm(
          agent,
          '/abrir-os-normal',
          { client_id: String(client.id), product_name: FAILS, product_model: 'XYZ-9' },
          `/abrir-os-normal?cliente=${client.id}`,
        ),
        '/abrir-os-normal',
      );
      expect(toastsOf(res.text)).toEqual([TEXT.createFailed]);
      expect(inputValueOf(res.text, 'product_name')).toBe(FAILS);
      expect(inputValueOf(res.text, 'product_model')).toBe('XYZ-9');
      expect(detailOf(res.text, 'Nome')).toBe(client.name);
      expect(inputValueOf(res.text, 'client_id')).toBe(String(client.id));
      expect(res.text).toContain('>Salvar</button>');
    });

    it('a client that does not exist: the failure toast, what was typed kept', async () => {
      const res = await refusedPage(
        agent,
        await postForm(
          agent,
          '/abrir-os-normal',
          { client_id: '999999', product_name: 'Rádio' },
          '/configuracoes',
        ),
        '/abrir-os-normal',
      );
      expect(toastsOf(res.text)).toEqual([TEXT.createFailed]);
      expect(inputValueOf(res.text, 'product_name')).toBe('Rádio');
    });
  });

  describe('Abrir O.S. de Retorno', () => {
    it('asks for a number, and says nothing was found only after a search', async () => {
      const first = await agent.get('/abrir-os-retorno');
      expect(first.status).toBe(200);
      expect(first.text).toContain('<h1>Abrir O.S. de Retorno</h1>');
      expect(first.text).not.toContain(TEXT.noOrder);
      expect(first.text).not.toContain('name="return_motive"');

      const blank = await agent.get('/abrir-os-retorno?numero=');
      expect(blank.status).toBe(400);
      expect(fieldErrorOf(blank.text, 'f-numero')).toBe(TEXT.search);
      expect(blank.text).not.toContain(TEXT.noOrder);

      const none = await agent.get('/abrir-os-retorno?numero=Z99999');
      expect(none.status).toBe(200);
      expect(none.text).toContain(TEXT.noOrder);
      expect(toastsOf(none.text)).toEqual([]);
    });

    it('finds the order by its number in lower case without leading zeros and opens a return against it', async () => {
      const client = await newClient();
      const original = await newNormalOrder(client.id, 'Notebook');
      // 'M00001' typed as 'm1'.
      const typed = original.number.replace(/^([A-Za-z]+)0*/, '$1').toLowerCase();
      expect(typed).not.toBe(original.number);

      const found = await agent.get(`/abrir-os-retorno?numero=${encodeURIComponent(typed)}`);
      expect(found.status).toBe(200);
      expect(found.text).not.toContain(TEXT.noOrder);
      expect(found.text).toContain(
        `<li class="cols-5"><span>${original.number}</span><span>${client.name}</span><span>Notebook</span>` +
          `<span class="status status-normal-100">Pendente de Orçamento</span>` +
          `<a href="/abrir-os-retorno?original=${original.id}" aria-label="Selecionar ${original.number}">Selecionar</a></li>`,
      );

      const chosen = await agent.get(`/abrir-os-retorno?original=${original.id}`);
      expect(detailOf(chosen.text, 'Número')).toBe(original.number);
      expect(detailOf(chosen.text, 'Cliente')).toBe(client.name);
      expect(detailOf(chosen.text, 'Produto')).toBe('Notebook');
      expect(chosen.text).toContain('Pendente de Orçamento');
      expect(inputValueOf(chosen.text, 'original_service_order_id')).toBe(String(original.id));
      expect(chosen.text).toContain('Motivo do retorno');

      const blank = await refusedPage(
        agent,
        await postForm(
          agent,
          '/abrir-os-retorno',
          { original_service_order_id: String(original.id), return_motive: '  ' },
          `/abrir-os-retorno?original=${original.id}`,
        ),
        '/abrir-os-retorno',
      );
      expect(fieldErrorOf(blank.text, 'f-return_motive')).toBe(TEXT.motiveRequired);
      // SPEC §8: the open-failure toast shows after validation errors on this screen too.
      expect(toastsOf(blank.text)).toEqual([TEXT.createFailed]);
      expect(detailOf(blank.text, 'Número')).toBe(original.number);

      const res = await postForm(
        agent,
        '/abrir-os-retorno',
        { original_service_order_id: String(original.id), return_motive: 'Voltou a desligar sozinho' },
        `/abrir-os-retorno?original=${original.id}`,
      );
      const id = expectRedirectToOrder(res);
      expect(toastsOf((await agent.get(`/os/${id}`)).text)).toContain(TEXT.returnCreated);
      const saved = await api<Json>('GET', `/service-orders/returned/${id}`);
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ return_motive: 'Voltou a desligar sozinho', status: 200 });
      expect(Number(saved.body.original_service_order_id)).toBe(original.id);
    });

    it('an api failure shows the toast and keeps the motive and the chosen order', async () => {
      const client = await newClient();
      const original = await newNormalOrder(client.id, 'Micro-ondas');
      const res = await refusedPage(
        agent,
        await postForm(
          agent,
          '/abrir-os-retorno',
          { original_service_order_id: String(original.id), return_motive: FAILS },
          `/abrir-os-retorno?original=${original.id}`,
        ),
        '/abrir-os-retorno',
      );
      expect(toastsOf(res.text)).toEqual([TEXT.createFailed]);
      expect(textareaOf(res.text, 'return_motive')).toBe(FAILS);
      expect(detailOf(res.text, 'Número')).toBe(original.number);
      expect(inputValueOf(res.text, 'original_service_order_id')).toBe(String(original.id));
    });
  });

  describe('Abrir Serviço Externo', () => {
    const external = (clientId: number, fields: Record<string, string>) =>
      postForm(
        agent,
        '/abrir-atendimento-externo',
        { client_id: String(clientId), ...fields },
        `/abrir-atendimento-externo?cliente=${clientId}`,
      );

    it('shows every field error together under its field and keeps what was typed', async () => {
      const client = await newClient();
      const res = await refusedPage(
        agent,
        await external(client.id, {
          product_name: '',
          product_model: 'Split 12000',
          service_type: 'Instalação',
          service_date: '31/02/2026',
          service_period: 'Manhã',
          service_value: 'doze reais',
          service_payment_method: 'Pix',
          service_details: 'Levar escada',
        }),
        '/abrir-atendimento-externo',
      );
      expect(fieldErrorOf(res.text, 'f-product_name')).toBe(TEXT.search);
      expect(fieldErrorOf(res.text, 'f-service_date')).toBe(
        'Data inválida: 31/02/2026 não existe no calendário',
      );
      expect(fieldErrorOf(res.text, 'f-service_value')).toBeTruthy();
      expect(toastsOf(res.text)).toEqual([]);
      expect(inputValueOf(res.text, 'product_model')).toBe('Split 12000');
      expect(inputValueOf(res.text, 'service_type')).toBe('Instalação');
      expect(inputValueOf(res.text, 'service_date')).toBe('31/02/2026');
      expect(inputValueOf(res.text, 'service_value')).toBe('doze reais');
      expect(res.text).toMatch(/<option value="Pix" selected="">Pix<\/option>/);
      expect(textareaOf(res.text, 'service_details')).toBe('Levar escada');
      expect(detailOf(res.text, 'Nome')).toBe(client.name);
      expect(res.text).toContain('>Salvar</button>');
    });

    it('opens the service with money "1.234,56" and date "31/12/2026": /os/{id} with the success toast', async () => {
      const client = await newClient();
      const res = await external(client.id, {
        product_name: 'Ar-condicionado',
        product_brand: 'LG',
        product_details: 'Pinga água',
        service_type: 'Manutenção',
        service_date: '31/12/2026',
        service_period: 'Tarde',
        service_value: '1.234,56',
        service_payment_method: 'Cartão de Crédito',
        service_details: 'Terceiro andar',
      });
      const id = expectRedirectToOrder(res);
      expect(toastsOf((await agent.get(`/os/${id}`)).text)).toContain(TEXT.externalCreated);
      const saved = await api<Json>('GET', `/service-orders/external/${id}`);
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        product_name: 'Ar-condicionado',
        product_brand: 'LG',
        product_details: 'Pinga água',
        service_type: 'Manutenção',
        service_period: 'Tarde',
        service_value: 1234.56,
        service_payment_method: 'Cartão de Crédito',
        service_details: 'Terceiro andar',
        status: 300,
      });
      expect(String(saved.body.service_date).slice(0, 10)).toBe('2026-12-31');
    });

    it('an api failure shows its toast, the Salvar button again, and keeps what was typed', async () => {
      const client = await newClient();
      const res = await refusedPage(
        agent,
        await external(client.id, {
          product_name: FAILS,
          service_value: '50,00',
          service_date: '01/03/2026',
        }),
        '/abrir-atendimento-externo',
      );
      expect(toastsOf(res.text)).toEqual([TEXT.externalFailed]);
      expect(res.text).toContain('>Salvar</button>');
      expect(inputValueOf(res.text, 'service_value')).toBe('50,00');
      expect(inputValueOf(res.text, 'service_date')).toBe('01/03/2026');
      expect(detailOf(res.text, 'Nome')).toBe(client.name);
    });
  });
});
