/**
 * Cadastrar Cliente, Editar Cliente, Deletar Cliente and the zip-code lookup (SPEC §2, §5, §8, §9) against
 * the real api. Only the outside postal-code services are stood in for (test/support/cep-server.ts).
 */
import { cpf as cpfLib } from 'cpf-cnpj-validator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readWebEnv } from '../../server/env.ts';
import { apiLogin, createEmployee, MANAGER, startTestApi, type TestApi } from '../support/api.ts';
import {
  type CepStandIn,
  freshCep,
  maskedCep,
  SE,
  type StandInAddress,
  startCepStandIn,
} from '../support/cep-server.ts';
import {
  type Agent,
  agentOn,
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
  created: 'Cliente cadastrado com sucesso!',
  createFailed: 'Ocorreu um erro ao cadastrar o cliente. Cheque os dados. Esse CPF já pode estar cadastrado!',
  updated: 'Cliente atualizado com sucesso!',
  updateFailed: 'Ocorreu um erro ao atualizar o cliente. Cheque os dados.',
  deleted: 'Cliente deletado com sucesso!',
  deleteFailed: 'Ocorreu um erro ao deletar o Cliente. Cheque suas credenciais.',
  notManager: 'Digite uma credencial de gerente válida',
  nameRequired: 'Nome obrigatório',
  cepNotFound: 'CEP não encontrado',
  cepInvalid: 'CEP inválido',
  cepUnavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço à mão.',
  noServiceOrders: 'Nenhuma O.S. cadastrada para este cliente.',
};

const FIELDS = [
  'name',
  'cpf',
  'cnpj',
  'email',
  'phone1',
  'phone2',
  'phone3',
  'zip_code',
  'address',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
] as const;

type ClientFields = Record<(typeof FIELDS)[number], string>;

const EMPTY: ClientFields = Object.fromEntries(FIELDS.map((f) => [f, ''])) as ClientFields;

const DIALOG_OPEN = /<dialog\b[^>]*\bid="deletar-cliente"[^>]*\sopen(?:=""|\s|>)/;
const DIALOG_CLOSED = /<dialog\b(?![^>]*\sopen(?:=""|\s|>))[^>]*\bid="deletar-cliente"/;

/** The value an input of the page holds (the first input with that name). */
function inputValue(html: string, name: string, idPrefix = 'f-'): string | undefined {
  const tag = [...html.matchAll(/<input\b[^>]*>/g)]
    .map((m) => m[0])
    .find((t) => t.includes(`id="${idPrefix}${name}"`));
  if (!tag) return undefined;
  const value = /\svalue="([^"]*)"/.exec(tag);
  return value ? decodeEntities(value[1] ?? '') : '';
}

/** The hidden fields of a page's forms (the CSRF token, the form key, what an edit was loaded from). */
function hiddenFields(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1],
      decodeEntities(m[2] ?? ''),
    ]),
  );
}

function valuesOf(html: string): Partial<ClientFields> {
  return Object.fromEntries(FIELDS.map((f) => [f, inputValue(html, f)]));
}

/** A CPF nobody has used yet in this file, 11 digits. */
const usedCpfs = new Set<string>();
function newCpf(): string {
  for (;;) {
    const c = cpfLib.generate();
    if (!usedCpfs.has(c)) {
      usedCpfs.add(c);
      return c;
    }
  }
}
const formatCpf = (c: string) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;

describe('clients (web clients router)', () => {
  let api: TestApi;
  let web: TestWeb;
  let viacep: CepStandIn;
  let brasil: CepStandIn;
  let agent: Agent;
  let token: string;

  beforeAll(async () => {
    [api, viacep, brasil] = await Promise.all([
      startTestApi('pglite'),
      startCepStandIn('viacep'),
      startCepStandIn('brasilapi'),
    ]);
    web = await startTestWeb({
      api,
      env: {
        CEP_PROVIDER_URL: viacep.template,
        CEP_FALLBACK_URL: brasil.template,
        CEP_TIMEOUT_MS: '2000',
      },
    });
    // The shared Redis cache outlives runs: Praça da Sé is asked afresh by this file.
    await web.deps.redis?.del('bancada:cep:01001000');
    agent = await signIn(web);
    token = (await apiLogin(api, MANAGER.username, MANAGER.password)).token;
  });
  beforeEach(() => {
    viacep.reset();
    brasil.reset();
  });
  afterAll(async () => {
    await web?.stop();
    await api?.stop();
    await viacep?.stop();
    await brasil?.stop();
  });

  /** A call to our real api as the manager (to set up what the test is not about). */
  async function apiCall<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: T }> {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, data: (text ? JSON.parse(text) : null) as T };
  }

  async function apiClient(fields: Partial<ClientFields>): Promise<number> {
    const res = await apiCall<{ id: number }>('POST', '/clients', { ...fields });
    if (res.status !== 201) throw new Error(`client creation failed: ${res.status}`);
    return res.data.id;
  }

  async function clientRows() {
    return api.deps.db
      .selectFrom('clients')
      .selectAll()
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
  }

  async function clientRow(id: number) {
    return api.deps.db
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  function register(fields: Partial<ClientFields>, intent = 'save') {
    return postForm(
      agent,
      '/cadastrar-cliente/salvar',
      { ...EMPTY, ...fields, intent },
      '/cadastrar-cliente',
    );
  }

  function edit(id: number, fields: Partial<ClientFields>, intent = 'save') {
    return postForm(agent, `/editar-cliente/${id}`, { ...EMPTY, ...fields, intent });
  }

  function deleteClient(id: number, fields: Record<string, string>) {
    return postForm(
      agent,
      `/editar-cliente/${id}/deletar`,
      { confirm_username: '', confirm_password: '', ...fields },
      `/editar-cliente/${id}`,
    );
  }

  /** A CEP the stand-ins know, of this run only (the Redis cache outlives runs). */
  function knownCep(address: StandInAddress): string {
    const cep = freshCep();
    viacep.add(cep, address);
    brasil.add(cep, address);
    return cep;
  }

  const RUA_AUGUSTA: StandInAddress = {
    street: 'Rua Augusta',
    neighborhood: 'Consolação',
    city: 'São Paulo',
    state: 'SP',
  };

  describe('Cadastrar Cliente', () => {
    it("a deleted client's CPF: says whose it is and registers only when ticked, never an empty client by surprise", async () => {
      const cpf = newCpf();
      const old = await apiClient({ name: 'Dona Antiga', cpf });
      expect(
        (
          await apiCall('DELETE', `/clients/${old}`, {
            confirm_username: MANAGER.username,
            confirm_password: MANAGER.password,
          })
        ).status,
      ).toBe(204);
      const refused = await refusedPage(
        agent,
        await register({ name: 'Dona Nova', cpf: cpfLib.format(cpf) }),
        '/cadastrar-cliente',
      );
      expect(fieldErrorOf(refused.text, 'f-cpf')).toBe(
        'Esse CPF pertence a Dona Antiga, cliente excluído; as ordens antigas continuam naquele cadastro. Para cadastrar um novo cliente com ele mesmo assim, marque a confirmação e salve.',
      );
      expect(refused.text).toContain('name="reuse_deleted_document" value="sim"');
      expect(inputValue(refused.text, 'name')).toBe('Dona Nova');
      const rows = () =>
        api.deps.db.selectFrom('clients').select('id').where('name', '=', 'Dona Nova').execute();
      expect(await rows()).toHaveLength(0);
      const taken = await postForm(agent, '/cadastrar-cliente', {
        ...EMPTY,
        name: 'Dona Nova',
        cpf: cpfLib.format(cpf),
        reuse_deleted_document: 'sim',
        intent: 'save',
      });
      expect(taken.status).toBe(303);
      expect(await rows()).toHaveLength(1);
    });

    it('the empty form: every field, Buscar CEP posting the form, Salvar', async () => {
      const page = await agent.get('/cadastrar-cliente');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<h1>Cadastrar Cliente</h1>');
      for (const f of FIELDS) expect(inputValue(page.text, f), f).toBe('');
      for (const label of [
        'Nome',
        'CPF',
        'CNPJ',
        'E-mail',
        'Telefone 1',
        'Telefone 2',
        'Telefone 3',
        'CEP',
        'Rua',
        'Número',
        'Bairro',
        'Complemento',
        'Cidade',
        'Estado',
      ]) {
        expect(page.text).toContain(`>${label}</label>`);
      }
      expect(page.text).toMatch(
        /<button type="submit" value="cep"[^>]*name="intent"[^>]*>Buscar CEP<\/button>/,
      );
      expect(page.text).toContain('data-island="cep-lookup"');
      expect(page.text).toContain('data-island="document-mask"');
      expect(page.text).toMatch(/<button type="submit" class="primary" value="save" name="intent">Salvar/);
      expect(page.text).not.toContain('Deletar Cliente');
      // It posts to an address of its own, so Back finds the page (and its key) still kept by the browser.
      expect(page.text).toContain('action="/cadastrar-cliente/salvar"');
      const byHand = await agent.get('/cadastrar-cliente/salvar');
      expect([byHand.status, byHand.headers.location]).toEqual([303, '/cadastrar-cliente']);
    });

    it('keeps a name with the spaces between its words as one: it sorts and prints as typed by anyone else', async () => {
      const cpf = newCpf();
      const res = await register({ name: '  Joana   Espaços  Internos ', cpf });
      expect(res.status).toBe(303);
      expect((await clientRows()).find((r) => r.cpf === cpf)?.name).toBe('Joana Espaços Internos');
    });

    it('registers every field (CPF typed without mask), shows it formatted on the edit page, toast on /abrir-os-normal', async () => {
      const cpf = newCpf();
      const fields: ClientFields = {
        name: 'Maria da Silva Pereira',
        cpf,
        cnpj: '11.222.333/0001-81',
        email: 'maria@example.com.br',
        phone1: '(11) 98765-4321',
        phone2: '(11) 3333-4444',
        phone3: '11 2222-1111',
        zip_code: '01001000',
        address: 'Praça da Sé',
        number: '100',
        complement: 'Sala 2',
        neighborhood: 'Sé',
        city: 'São Paulo',
        state: 'sp',
      };
      const res = await register(fields);
      expect(res.status).toBe(303);
      expect(res.headers.location).toMatch(/^\/abrir-os-normal\?cliente=\d+$/);
      const next = await agent.get(res.headers.location ?? '');
      expect(toastsOf(next.text)).toEqual([TEXT.created]);
      // The toast is shown once.
      expect(toastsOf((await agent.get('/abrir-os-normal')).text)).toEqual([]);

      const row = (await clientRows()).find((r) => r.cpf === cpf);
      expect(row).toMatchObject({
        name: fields.name,
        cpf,
        cnpj: '11222333000181',
        email: fields.email,
        phone1: fields.phone1,
        phone2: fields.phone2,
        phone3: fields.phone3,
        zip_code: '01001000',
        address: fields.address,
        number: '100',
        complement: 'Sala 2',
        neighborhood: 'Sé',
        city: 'São Paulo',
        state: 'SP',
      });
      const page = await agent.get(`/editar-cliente/${row?.id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<h1>Editar Cliente</h1>');
      expect(valuesOf(page.text)).toEqual({
        ...fields,
        cpf: formatCpf(cpf),
        cnpj: '11.222.333/0001-81',
        zip_code: '01001-000',
        state: 'SP',
      });
    });

    it('takes the CPF typed with its mask too, and stores the digits', async () => {
      const cpf = newCpf();
      const res = await register({ name: 'João Mascarado', cpf: formatCpf(cpf) });
      expect(res.status).toBe(303);
      const row = (await clientRows()).find((r) => r.name === 'João Mascarado');
      expect(row?.cpf).toBe(cpf);
      const page = await agent.get(`/editar-cliente/${row?.id}`);
      expect(inputValue(page.text, 'cpf')).toBe(formatCpf(cpf));
      expect(inputValue(page.text, 'cnpj')).toBe('');
    });

    it('only the name: everything else may stay empty', async () => {
      const res = await register({ name: 'Só o Nome' });
      expect(res.status).toBe(303);
      const row = (await clientRows()).find((r) => r.name === 'Só o Nome');
      expect(row).toMatchObject({ cpf: null, cnpj: null, email: null, zip_code: null, state: null });
    });

    // Pasted from a barcode scanner or a PDF: the field that holds it is named, never only the CPF.
    it('a NUL or an ESC pasted into a field: said under that field, the rest kept, nothing saved', async () => {
      const before = (await clientRows()).length;
      const res = await refusedPage(
        agent,
        await register({ name: 'Colado\u0000 do PDF', city: 'Campinas\u001b' }),
        '/cadastrar-cliente',
      );
      expect(fieldErrorOf(res.text, 'f-name')).toBe('Texto com caracteres de controle não é aceito');
      expect(fieldErrorOf(res.text, 'f-city')).toBe('Texto com caracteres de controle não é aceito');
      expect(fieldErrorOf(res.text, 'f-cpf')).toBeUndefined();
      expect((await clientRows()).length).toBe(before);
    });

    it("'Nome obrigatório' under the name, the rest kept, nothing saved", async () => {
      const before = (await clientRows()).length;
      const res = await refusedPage(
        agent,
        await register({ name: '   ', phone1: '11 99999-0000', city: 'Campinas' }),
        '/cadastrar-cliente',
      );
      expect(fieldErrorOf(res.text, 'f-name')).toBe(TEXT.nameRequired);
      expect(res.text).toMatch(/id="f-name"[^>]*aria-invalid="true"[^>]*aria-describedby="f-name-error"/);
      expect(inputValue(res.text, 'phone1')).toBe('11 99999-0000');
      expect(inputValue(res.text, 'city')).toBe('Campinas');
      expect(toastsOf(res.text)).toEqual([]);
      expect((await clientRows()).length).toBe(before);
    });

    it('a refused form comes back by a GET with the focus on the first error and the same key: it creates once', async () => {
      const hiddenOf = (html: string) =>
        Object.fromEntries(
          [...html.matchAll(/<input type="hidden" name="(_\w+)" value="([^"]*)"/g)].map((m) => [
            m[1],
            decodeEntities(m[2] ?? ''),
          ]),
        );
      const blank = (await agent.get('/cadastrar-cliente')).text;
      // A new client starts on Nome.
      expect(blank).toMatch(/<input id="f-name"[^>]*autofocus=""/);
      const form = hiddenOf(blank);
      expect(form._key).toMatch(/^[\w-]{22}$/);
      const posted = await agent
        .post('/cadastrar-cliente')
        .type('form')
        .send({ ...EMPTY, ...form, name: '', cpf: '123', city: 'Jundiaí', intent: 'save' });
      const page = await refusedPage(agent, posted, '/cadastrar-cliente');
      // The first invalid field takes the focus without JavaScript; the others keep their messages.
      expect(page.text).toMatch(/<input[^>]*id="f-name"[^>]*autofocus=""/);
      expect(page.text).not.toMatch(/<input[^>]*id="f-cpf"[^>]*autofocus=""/);
      expect(fieldErrorOf(page.text, 'f-cpf')).toBe('CPF inválido');
      expect(inputValue(page.text, 'city')).toBe('Jundiaí');
      const again = hiddenOf(page.text);
      expect(again._key).toBe(form._key);

      const corrected = { ...EMPTY, ...again, name: 'Uma Vez Só', city: 'Jundiaí', intent: 'save' };
      const first = await agent.post('/cadastrar-cliente').type('form').send(corrected);
      expect(first.status).toBe(303);
      const second = await agent.post('/cadastrar-cliente').type('form').send(corrected);
      expect(second.headers.location).toBe(first.headers.location);
      expect((await clientRows()).filter((r) => r.name === 'Uma Vez Só')).toHaveLength(1);
    });

    it('the same key with other typing (Back, then another client typed) registers that one too', async () => {
      const page = (await agent.get('/cadastrar-cliente')).text;
      const key = /<input type="hidden" name="_key" value="([^"]*)"/.exec(page)?.[1] ?? '';
      const csrf = /<input type="hidden" name="_csrf" value="([^"]*)"/.exec(page)?.[1] ?? '';
      const send = (name: string) =>
        agent
          .post('/cadastrar-cliente')
          .type('form')
          .send({ ...EMPTY, _csrf: decodeEntities(csrf), _key: key, name, intent: 'save' });
      const first = await send('Primeira Com Chave');
      const other = await send('Segunda Com Chave');
      expect(other.status).toBe(303);
      expect(other.headers.location).not.toBe(first.headers.location);
      // The first typing sent again is still the first client, with the notice.
      const again = await send('Primeira Com Chave');
      expect(again.headers.location).toBe(first.headers.location);
      const names = (await clientRows()).map((r) => r.name);
      expect(names.filter((n) => n === 'Primeira Com Chave')).toHaveLength(1);
      expect(names.filter((n) => n === 'Segunda Com Chave')).toHaveLength(1);
    });

    it('the same key with a field left blank (Back gives back no autocomplete=off field) opens the first', async () => {
      const page = (await agent.get('/cadastrar-cliente')).text;
      const key = /<input type="hidden" name="_key" value="([^"]*)"/.exec(page)?.[1] ?? '';
      const csrf = /<input type="hidden" name="_csrf" value="([^"]*)"/.exec(page)?.[1] ?? '';
      const send = (fields: Record<string, string>) =>
        agent
          .post('/cadastrar-cliente')
          .type('form')
          .send({ ...EMPTY, _csrf: decodeEntities(csrf), _key: key, intent: 'save', ...fields });
      const first = await send({ name: 'Volta Sem Nome', phone1: '(11) 95555-0199' });
      expect(first.status).toBe(303);
      await agent.get(String(first.headers.location)); // its own success toast
      // Back: the name (autocomplete=off) comes back empty, the phone as typed.
      const again = await send({ name: '', phone1: '(11) 95555-0199' });
      expect(again.headers.location).toBe(first.headers.location);
      expect(toastsOf((await agent.get(String(again.headers.location))).text)).toEqual([
        'Este formulário já tinha sido enviado: abrimos o que ele criou, nada foi duplicado.',
      ]);
      // A field changed is another client, as before.
      const other = await send({ name: '', phone1: '(11) 95555-0200' });
      expect(other.headers.location).not.toBe(first.headers.location);
      expect((await clientRows()).filter((r) => r.name === 'Volta Sem Nome')).toHaveLength(1);
    });

    it('errors are shown together: no name and an invalid CPF', async () => {
      const res = await refusedPage(
        agent,
        await register({ name: '', cpf: '123.456.789-00' }),
        '/cadastrar-cliente',
      );
      expect(fieldErrorOf(res.text, 'f-name')).toBe(TEXT.nameRequired);
      expect(fieldErrorOf(res.text, 'f-cpf')).toBe('CPF inválido');
    });

    it.each([
      ['a wrong check digit', '529.982.247-24'],
      ['too short', '5299822472'],
      ['all equal digits', '111.111.111-11'],
      ['letters', 'abc.def.ghi-jk'],
    ])("'CPF inválido' for %s", async (_what, cpf) => {
      const before = (await clientRows()).length;
      const res = await refusedPage(agent, await register({ name: 'CPF Ruim', cpf }), '/cadastrar-cliente');
      expect(fieldErrorOf(res.text, 'f-cpf')).toBe('CPF inválido');
      expect(inputValue(res.text, 'cpf')).toBe(cpf);
      expect(inputValue(res.text, 'name')).toBe('CPF Ruim');
      expect((await clientRows()).length).toBe(before);
    });

    it.each([
      ['a wrong check digit', '11.222.333/0001-82'],
      ['too short', '11.222.333/0001'],
      ['all equal digits', '00.000.000/0000-00'],
    ])("'CNPJ inválido' for %s", async (_what, cnpj) => {
      const res = await refusedPage(agent, await register({ name: 'CNPJ Ruim', cnpj }), '/cadastrar-cliente');
      expect(fieldErrorOf(res.text, 'f-cnpj')).toBe('CNPJ inválido');
      expect(inputValue(res.text, 'cnpj')).toBe(cnpj);
    });

    it('accepts an alphanumeric CNPJ (12.ABC.345/01DE-35) and shows it formatted', async () => {
      const res = await register({ name: 'Empresa Alfanumérica Ltda', cnpj: '12.ABC.345/01DE-35' });
      expect(res.status).toBe(303);
      const row = (await clientRows()).find((r) => r.name === 'Empresa Alfanumérica Ltda');
      expect(row?.cnpj).toBe('12ABC34501DE35');
      const page = await agent.get(`/editar-cliente/${row?.id}`);
      expect(inputValue(page.text, 'cnpj')).toBe('12.ABC.345/01DE-35');
    });

    it('a duplicate CPF: the failure toast to the letter, the form keeps every value', async () => {
      const cpf = newCpf();
      expect((await register({ name: 'Primeiro Dono', cpf })).status).toBe(303);
      const before = (await clientRows()).length;
      const typed = {
        name: 'Segundo Dono',
        cpf: formatCpf(cpf),
        email: 'segundo@example.com',
        phone2: '21 3333-0000',
        zip_code: '20040-020',
        address: 'Avenida Rio Branco',
        number: '1',
        neighborhood: 'Centro',
        city: 'Rio de Janeiro',
        state: 'RJ',
        complement: 'Loja B',
      };
      const res = await refusedPage(agent, await register(typed), '/cadastrar-cliente');
      expect(toastsOf(res.text)).toEqual([TEXT.createFailed]);
      expect(valuesOf(res.text)).toEqual({ ...EMPTY, ...typed });
      expect(res.text).toContain('<h1>Cadastrar Cliente</h1>');
      expect((await clientRows()).length).toBe(before);
    });

    it('a duplicate CNPJ: the same failure toast, nothing saved', async () => {
      const cnpj = 'AB.12C.D34/000X-70';
      expect((await register({ name: 'Empresa Um', cnpj })).status).toBe(303);
      const before = (await clientRows()).length;
      const res = await refusedPage(
        agent,
        await register({ name: 'Empresa Dois', cnpj: 'ab12cd34000x70' }),
        '/cadastrar-cliente',
      );
      expect(toastsOf(res.text)).toEqual([TEXT.createFailed]);
      expect(inputValue(res.text, 'name')).toBe('Empresa Dois');
      expect((await clientRows()).length).toBe(before);
    });

    it('a form without its CSRF token is refused and saves nothing', async () => {
      const before = (await clientRows()).length;
      const res = await agent
        .post('/cadastrar-cliente')
        .type('form')
        .send({ ...EMPTY, name: 'Sem Token', intent: 'save' });
      expect(res.status).toBe(303);
      expect((await clientRows()).length).toBe(before);
    });

    it('signed out: the form and the post send back to the login', async () => {
      const { agent: visitor, csrf } = await agentOn(web, '/');
      const page = await visitor.get('/cadastrar-cliente');
      expect([302, 303]).toContain(page.status);
      expect(page.headers.location).toBe('/?next=%2Fcadastrar-cliente');
      const before = (await clientRows()).length;
      const post = await visitor
        .post('/cadastrar-cliente')
        .type('form')
        .send({ _csrf: csrf, ...EMPTY, name: 'Intruso', intent: 'save' });
      expect([302, 303, 401, 403]).toContain(post.status);
      expect((await clientRows()).length).toBe(before);
    });
  });

  describe('Buscar CEP without JavaScript (intent=cep)', () => {
    it('fills street, neighborhood, city and state, keeps everything typed, saves nothing', async () => {
      const before = (await clientRows()).length;
      const typed = {
        name: 'Cliente do CEP',
        cpf: '529.982.247-25',
        email: 'cep@example.com',
        phone1: '11 90000-0000',
        zip_code: '01001-000',
        number: '42',
        complement: 'Fundos',
      };
      const res = await register(typed, 'cep');
      expect(res.status).toBe(200);
      expect(valuesOf(res.text)).toEqual({
        ...EMPTY,
        ...typed,
        zip_code: '01001-000',
        address: SE.street,
        neighborhood: SE.neighborhood,
        city: SE.city,
        state: SE.state,
      });
      expect(fieldErrorOf(res.text, 'f-zip_code')).toBeUndefined();
      expect(toastsOf(res.text)).toEqual([]);
      expect(res.text).toContain('<h1>Cadastrar Cliente</h1>');
      expect(viacep.countFor('01001000') + brasil.countFor('01001000')).toBeLessThanOrEqual(1);
      expect((await clientRows()).length).toBe(before);
    });

    it('reads the CEP typed without a mask, or without its leading zero (left-padded to 8 digits)', async () => {
      const cep = knownCep(RUA_AUGUSTA);
      const res = await register({ name: 'Sem Máscara', zip_code: cep }, 'cep');
      expect(res.status).toBe(200);
      expect(inputValue(res.text, 'zip_code')).toBe(maskedCep(cep));
      expect(inputValue(res.text, 'address')).toBe('Rua Augusta');
      expect(viacep.requests).toEqual([cep]);
      // The street filled, the keyboard goes on to Número (as the island does with JavaScript).
      expect(res.text.match(/autofocus=""/g)).toHaveLength(1);
      expect(res.text).toMatch(/<input id="f-number"[^>]*autofocus=""/);

      const padded = `0${freshCep().slice(1)}`;
      viacep.add(padded, RUA_AUGUSTA);
      const short = await register({ name: 'Zero à Esquerda', zip_code: padded.slice(1) }, 'cep');
      expect(inputValue(short.text, 'zip_code')).toBe(maskedCep(padded));
      expect(inputValue(short.text, 'city')).toBe('São Paulo');
      expect(viacep.requests).toContain(padded);
    });

    it('a street the service does not know (small towns) keeps the street typed', async () => {
      const cep = knownCep({ street: '', neighborhood: '', city: 'Borá', state: 'SP' });
      const res = await register(
        { name: 'Cidade Pequena', zip_code: cep, address: 'Rua Única', neighborhood: 'Centro' },
        'cep',
      );
      expect(res.status).toBe(200);
      expect(inputValue(res.text, 'address')).toBe('Rua Única');
      expect(inputValue(res.text, 'neighborhood')).toBe('Centro');
      expect(inputValue(res.text, 'city')).toBe('Borá');
      expect(inputValue(res.text, 'state')).toBe('SP');
    });

    it('a whole-city CEP of another city clears the old street and neighbourhood; of the same city, keeps the typed ones', async () => {
      const sorriso = knownCep({ street: '', neighborhood: '', city: 'Sorriso', state: 'MT' });
      const moved = await register(
        {
          name: 'Mudou de Cidade',
          zip_code: sorriso,
          address: 'Praça da Sé',
          neighborhood: 'Sé',
          city: 'São Paulo',
          state: 'SP',
        },
        'cep',
      );
      expect(inputValue(moved.text, 'address')).toBe('');
      expect(inputValue(moved.text, 'neighborhood')).toBe('');
      expect(inputValue(moved.text, 'city')).toBe('Sorriso');
      expect(inputValue(moved.text, 'state')).toBe('MT');

      const stayed = await register(
        {
          name: 'Mesma Cidade',
          zip_code: sorriso,
          address: 'Rua das Palmeiras',
          neighborhood: 'Centro',
          city: 'Sorriso',
          state: 'MT',
        },
        'cep',
      );
      expect(inputValue(stayed.text, 'address')).toBe('Rua das Palmeiras');
      expect(inputValue(stayed.text, 'neighborhood')).toBe('Centro');
    });

    it("'CEP não encontrado' on the CEP field when ViaCEP answers {erro: true}; the form kept", async () => {
      const cep = freshCep();
      const res = await register({ name: 'CEP Fantasma', phone1: '11 1111-1111', zip_code: cep }, 'cep');
      expect(res.status).toBe(400);
      expect(fieldErrorOf(res.text, 'f-zip_code')).toBe(TEXT.cepNotFound);
      expect(inputValue(res.text, 'name')).toBe('CEP Fantasma');
      expect(inputValue(res.text, 'phone1')).toBe('11 1111-1111');
      expect(inputValue(res.text, 'zip_code')).toBe(cep);
      expect(viacep.requests).toEqual([cep]);
      expect(brasil.count()).toBe(0); // a clear "not found" is an answer: no need for the fallback
    });

    it('\'CEP não encontrado\' also when ViaCEP answers erro as the string "true"', async () => {
      const cep = freshCep();
      viacep.answerErroAsString(cep);
      const res = await register({ name: 'Erro Texto', zip_code: cep }, 'cep');
      expect(fieldErrorOf(res.text, 'f-zip_code')).toBe(TEXT.cepNotFound);
      expect(viacep.requests).toEqual([cep]);
    });

    it("'CEP inválido' for letters or more than 8 digits, without asking any service", async () => {
      for (const zip of ['abc', '123456789', '0100A-000']) {
        const res = await register({ name: 'CEP Inválido', zip_code: zip }, 'cep');
        expect(res.status, zip).toBe(400);
        expect(fieldErrorOf(res.text, 'f-zip_code'), zip).toBe(TEXT.cepInvalid);
        expect(inputValue(res.text, 'zip_code')).toBe(zip);
      }
      const empty = await register({ name: 'CEP Vazio', zip_code: '' }, 'cep');
      expect(fieldErrorOf(empty.text, 'f-zip_code')).toBe(TEXT.cepInvalid);
      expect(viacep.count() + brasil.count()).toBe(0);
    });

    it('ViaCEP answering 500: the fallback (BrasilAPI) answers', async () => {
      const cep = knownCep(RUA_AUGUSTA);
      viacep.setMode({ kind: 'broken', how: '500' });
      const res = await register({ name: 'Fallback', number: '7', zip_code: cep }, 'cep');
      expect(res.status).toBe(200);
      expect(inputValue(res.text, 'address')).toBe('Rua Augusta');
      expect(inputValue(res.text, 'neighborhood')).toBe('Consolação');
      expect(inputValue(res.text, 'city')).toBe('São Paulo');
      expect(inputValue(res.text, 'state')).toBe('SP');
      expect(inputValue(res.text, 'number')).toBe('7');
      expect(viacep.requests).toEqual([cep]);
      expect(brasil.requests).toEqual([cep]);
    });

    it('ViaCEP closing the connection: the fallback answers', async () => {
      const cep = knownCep(RUA_AUGUSTA);
      viacep.setMode({ kind: 'broken', how: 'close' });
      const res = await register({ name: 'Fallback Socket', zip_code: cep }, 'cep');
      expect(res.status).toBe(200);
      expect(inputValue(res.text, 'address')).toBe('Rua Augusta');
      expect(brasil.requests).toEqual([cep]);
    });

    it('the fallback says 404: CEP não encontrado', async () => {
      const cep = freshCep();
      viacep.setMode({ kind: 'broken', how: '500' });
      const res = await register({ name: 'Fallback 404', zip_code: cep }, 'cep');
      expect(fieldErrorOf(res.text, 'f-zip_code')).toBe(TEXT.cepNotFound);
      expect(brasil.requests).toEqual([cep]);
    });

    it("both services down: 'Não foi possível consultar o CEP agora…', the form kept; not cached", async () => {
      const cep = knownCep(RUA_AUGUSTA);
      viacep.setMode({ kind: 'broken', how: '500' });
      brasil.setMode({ kind: 'broken', how: 'close' });
      const typed = { name: 'Tudo Fora', phone3: '11 5555-5555', zip_code: maskedCep(cep), number: '9' };
      const res = await register(typed, 'cep');
      expect(res.status).toBe(400);
      expect(fieldErrorOf(res.text, 'f-zip_code')).toBe(TEXT.cepUnavailable);
      expect(valuesOf(res.text)).toEqual({ ...EMPTY, ...typed });
      expect(viacep.count()).toBe(1);
      expect(brasil.count()).toBe(1);

      // The person may still save by hand.
      const before = (await clientRows()).length;
      const saved = await register({ ...typed, address: 'Rua Augusta' });
      expect(saved.status).toBe(303);
      expect((await clientRows()).length).toBe(before + 1);

      // Once the services are back, the same CEP is asked again (a failure is never cached).
      viacep.setMode({ kind: 'normal' });
      brasil.setMode({ kind: 'normal' });
      const again = await register({ name: 'De Volta', zip_code: cep }, 'cep');
      expect(again.status).toBe(200);
      expect(inputValue(again.text, 'address')).toBe('Rua Augusta');
      expect(viacep.countFor(cep)).toBe(2);
    });

    it('the second lookup of the same CEP asks no service (cache), found or not found', async () => {
      const cep = knownCep(RUA_AUGUSTA);
      const first = await register({ name: 'Cache 1', zip_code: cep }, 'cep');
      expect(inputValue(first.text, 'address')).toBe('Rua Augusta');
      expect(viacep.count()).toBe(1);
      const second = await register({ name: 'Cache 2', zip_code: maskedCep(cep) }, 'cep');
      expect(inputValue(second.text, 'address')).toBe('Rua Augusta');
      const json = await agent.get(`/cep/${cep}`);
      expect(json.body).toMatchObject({ ok: true, street: 'Rua Augusta' });
      expect(viacep.count()).toBe(1);
      expect(brasil.count()).toBe(0);

      const unknown = freshCep();
      await register({ name: 'Cache 3', zip_code: unknown }, 'cep');
      const again = await register({ name: 'Cache 4', zip_code: unknown }, 'cep');
      expect(fieldErrorOf(again.text, 'f-zip_code')).toBe(TEXT.cepNotFound);
      expect(viacep.countFor(unknown)).toBe(1);
    });

    it('on the edit page too: fills the address in place, saves nothing', async () => {
      const id = await apiClient({ name: 'Editando CEP', number: '5', address: 'Rua Velha' });
      const cep = knownCep(RUA_AUGUSTA);
      const res = await edit(id, { name: 'Editando CEP (novo nome)', number: '5', zip_code: cep }, 'cep');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<h1>Editar Cliente</h1>');
      expect(inputValue(res.text, 'name')).toBe('Editando CEP (novo nome)');
      expect(inputValue(res.text, 'address')).toBe('Rua Augusta');
      expect(inputValue(res.text, 'zip_code')).toBe(maskedCep(cep));
      const row = await clientRow(id);
      expect(row).toMatchObject({ name: 'Editando CEP', address: 'Rua Velha', zip_code: null });

      const missing = await edit(id, { name: 'Editando CEP', zip_code: freshCep() }, 'cep');
      expect(missing.status).toBe(400);
      expect(fieldErrorOf(missing.text, 'f-zip_code')).toBe(TEXT.cepNotFound);
    });
  });

  describe('slow services (CEP_TIMEOUT_MS=300)', () => {
    let quick: TestWeb;
    let quickAgent: Agent;
    beforeAll(async () => {
      quick = await startTestWeb({
        api,
        env: { CEP_PROVIDER_URL: viacep.template, CEP_FALLBACK_URL: brasil.template, CEP_TIMEOUT_MS: '300' },
      });
      quickAgent = await signIn(quick);
    });
    afterAll(async () => {
      await quick?.stop();
    });

    it('the default time-out is 30 s (SPEC §9), ViaCEP first and BrasilAPI as the fallback', () => {
      const env = readWebEnv({});
      expect(env.CEP_TIMEOUT_MS).toBe(30_000);
      expect(env.CEP_PROVIDER_URL).toBe('https://viacep.com.br/ws/{cep}/json/');
      expect(env.CEP_FALLBACK_URL).toBe('https://brasilapi.com.br/api/cep/v1/{cep}');
    });

    it('ViaCEP slower than the time-out: the fallback answers, no hang', async () => {
      const cep = knownCep(RUA_AUGUSTA);
      viacep.setMode({ kind: 'slow', delayMs: 5_000 });
      const started = Date.now();
      const res = await postForm(quickAgent, '/cadastrar-cliente', {
        ...EMPTY,
        name: 'Lento',
        zip_code: cep,
        intent: 'cep',
      });
      const took = Date.now() - started;
      expect(res.status).toBe(200);
      expect(inputValue(res.text, 'address')).toBe('Rua Augusta');
      expect(took).toBeLessThan(2_500);
      expect(brasil.requests).toEqual([cep]);
    });

    it("both slower than the time-out: 'Não foi possível…' in well under the services' delay", async () => {
      const cep = knownCep(RUA_AUGUSTA);
      viacep.setMode({ kind: 'slow', delayMs: 5_000 });
      brasil.setMode({ kind: 'slow', delayMs: 5_000 });
      const started = Date.now();
      const res = await postForm(quickAgent, '/cadastrar-cliente', {
        ...EMPTY,
        name: 'Muito Lento',
        phone1: '11 4444-4444',
        zip_code: cep,
        intent: 'cep',
      });
      const took = Date.now() - started;
      expect(res.status).toBe(400);
      expect(fieldErrorOf(res.text, 'f-zip_code')).toBe(TEXT.cepUnavailable);
      expect(inputValue(res.text, 'phone1')).toBe('11 4444-4444');
      expect(took).toBeLessThan(3_000);

      const json = await quickAgent.get(`/cep/${cep}`);
      expect(json.status).toBe(503);
      expect(json.body).toEqual({ ok: false, message: TEXT.cepUnavailable });
    });

    it('a slow answer inside the time-out is used', async () => {
      const cep = knownCep(RUA_AUGUSTA);
      viacep.setMode({ kind: 'slow', delayMs: 100 });
      const res = await quickAgent.get(`/cep/${cep}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, street: 'Rua Augusta' });
      expect(brasil.count()).toBe(0);
    });
  });

  describe('GET /cep/:cep (JSON for the island)', () => {
    it('answers the address of 01001000', async () => {
      const res = await agent.get('/cep/01001000').set('accept', 'application/json');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({
        ok: true,
        cep: '01001-000',
        street: 'Praça da Sé',
        neighborhood: 'Sé',
        city: 'São Paulo',
        state: 'SP',
      });
    });

    it('404 with the message for an unknown CEP, 400 for an invalid one', async () => {
      const unknown = await agent.get(`/cep/${freshCep()}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ ok: false, message: TEXT.cepNotFound });
      const invalid = await agent.get('/cep/abc');
      expect(invalid.status).toBe(400);
      expect(invalid.body).toEqual({ ok: false, message: TEXT.cepInvalid });
    });

    it('503 with the "preencha à mão" message when both services are down', async () => {
      viacep.setMode({ kind: 'broken', how: '500' });
      brasil.setMode({ kind: 'broken', how: '500' });
      const res = await agent.get(`/cep/${knownCep(RUA_AUGUSTA)}`);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ ok: false, message: TEXT.cepUnavailable });
    });

    it('signed out: redirected to the login, no service asked', async () => {
      const { agent: visitor } = await agentOn(web, '/');
      const cep = knownCep(RUA_AUGUSTA);
      const res = await visitor.get(`/cep/${cep}`).set('accept', 'application/json');
      expect([302, 303]).toContain(res.status);
      expect(res.headers.location).toBe(`/?next=%2Fcep%2F${cep}`);
      expect(viacep.count() + brasil.count()).toBe(0);
    });
  });

  describe('Editar Cliente', () => {
    it('pre-filled from the client, masks applied, with Deletar Cliente and the empty O.S. group', async () => {
      const cpf = newCpf();
      const id = await apiClient({
        name: 'Ana Edit',
        cpf,
        email: 'ana@example.com',
        phone1: '11 1234-5678',
        zip_code: '1001000',
        address: 'Rua A',
        number: '12',
        complement: 'ap 3',
        neighborhood: 'Centro',
        city: 'Santos',
        state: 'SP',
      });
      const page = await agent.get(`/editar-cliente/${id}`);
      expect(page.status).toBe(200);
      expect(valuesOf(page.text)).toEqual({
        ...EMPTY,
        name: 'Ana Edit',
        cpf: formatCpf(cpf),
        email: 'ana@example.com',
        phone1: '11 1234-5678',
        zip_code: '01001-000',
        address: 'Rua A',
        number: '12',
        complement: 'ap 3',
        neighborhood: 'Centro',
        city: 'Santos',
        state: 'SP',
      });
      expect(page.text).toContain(`href="/editar-cliente/${id}?dialogo=deletar-cliente"`);
      expect(page.text).toContain('>Deletar Cliente</a>');
      expect(page.text).toMatch(DIALOG_CLOSED);
      expect(page.text).toContain(TEXT.noServiceOrders);
    });

    it("saves: 'Cliente atualizado com sucesso!' on /consulta, and the change is kept", async () => {
      const id = await apiClient({ name: 'Bruno Antes', phone1: '11 0000-0000', city: 'Santos' });
      const res = await edit(id, {
        name: 'Bruno Depois',
        phone1: '11 0000-0000',
        phone2: '11 2222-2222',
        city: '',
        cnpj: 'zz.9xy.800/0100-20',
      });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/consulta');
      expect(toastsOf((await agent.get('/consulta')).text)).toEqual([TEXT.updated]);
      expect(await clientRow(id)).toMatchObject({
        name: 'Bruno Depois',
        phone1: '11 0000-0000',
        phone2: '11 2222-2222',
        city: null,
        cnpj: 'ZZ9XY800010020',
      });
      const page = await agent.get(`/editar-cliente/${id}`);
      expect(inputValue(page.text, 'name')).toBe('Bruno Depois');
      expect(inputValue(page.text, 'cnpj')).toBe('ZZ.9XY.800/0100-20');
    });

    it("'Nome obrigatório' on edit: redirected to a GET with the typed values and the focus on the field", async () => {
      const id = await apiClient({ name: 'Carla Fica' });
      const posted = await edit(id, { name: '', email: 'carla@example.com' });
      // Post/redirect/get: Back or a refresh never offers to send the form again.
      expect(posted.status).toBe(303);
      expect(String(posted.headers.location)).toMatch(
        new RegExp(`^/editar-cliente/${id}\\?rascunho=[\\w-]{22}$`),
      );
      const res = await agent.get(String(posted.headers.location));
      expect(res.status).toBe(200);
      expect(fieldErrorOf(res.text, 'f-name')).toBe(TEXT.nameRequired);
      expect(res.text).toMatch(/<input[^>]*id="f-name"[^>]*autofocus=""/);
      expect(inputValue(res.text, 'email')).toBe('carla@example.com');
      expect(res.text).toContain('<h1>Editar Cliente</h1>');
      expect((await clientRow(id))?.name).toBe('Carla Fica');
    });

    it('a CPF already used by another client: the edit failure toast, the form kept', async () => {
      const cpf = newCpf();
      await apiClient({ name: 'Dono do CPF', cpf });
      const id = await apiClient({ name: 'Outro Cliente' });
      const posted = await edit(id, { name: 'Outro Cliente', cpf: formatCpf(cpf), phone1: '11 7777-7777' });
      expect(posted.status).toBe(303);
      const res = await agent.get(String(posted.headers.location));
      expect(toastsOf(res.text)).toEqual([TEXT.updateFailed]);
      expect(inputValue(res.text, 'cpf')).toBe(formatCpf(cpf));
      expect(inputValue(res.text, 'phone1')).toBe('11 7777-7777');
      expect((await clientRow(id))?.cpf).toBeNull();
    });

    it('an unknown or deleted client sends back to /consulta with a message', async () => {
      for (const path of ['/editar-cliente/999999', '/editar-cliente/abc']) {
        const res = await agent.get(path);
        expect(res.status, path).toBe(303);
        expect(res.headers.location).toBe('/consulta');
        expect(toastsOf((await agent.get('/consulta')).text)).toEqual(['Cliente não encontrado.']);
      }
    });

    it("lists the client's service orders (normal and returned together) with Abrir", async () => {
      const id = await apiClient({ name: 'Cliente com O.S.' });
      const normal = await apiCall<{ id: number }>('POST', '/service-orders/normal', {
        client_id: id,
        product_name: 'Televisor LG 42',
      });
      if (normal.status !== 201) {
        // The service-order endpoints are not there yet: the empty text at least.
        const page = await agent.get(`/editar-cliente/${id}`);
        expect(page.text).toContain(TEXT.noServiceOrders);
        return;
      }
      const detail = await apiCall<{ number: string }>('GET', `/service-orders/normal/${normal.data.id}`);
      const returned = await apiCall<{ id: number }>('POST', '/service-orders/returned', {
        original_service_order_id: normal.data.id,
        return_motive: 'Voltou com defeito',
      });
      const page = await agent.get(`/editar-cliente/${id}`);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain(TEXT.noServiceOrders);
      expect(page.text).toContain(detail.data.number);
      expect(page.text).toContain('Televisor LG 42');
      expect(page.text).toContain('Pendente de Orçamento');
      expect(page.text).toContain(`href="/os/${normal.data.id}"`);
      expect(returned.status).toBe(201);
      expect(page.text).toContain(`href="/os/${returned.data.id}"`);
      expect(page.text).toContain('Pendente</span>');
    });

    it('the name with <script> is escaped on the edit page, in the dialog title and in Consulta', async () => {
      const name = '<script>alert("x")</script> Malicioso';
      const id = await apiClient({ name });
      const results = await agent.get('/consulta').query({ q: 'Malicioso', tipo: 'cliente' });
      expect(results.status).toBe(200);
      expect(results.text).not.toContain('<script>alert');
      expect(results.text).toContain(
        '<span class="name">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Malicioso</span>',
      );
      const page = await agent.get(`/editar-cliente/${id}?dialogo=deletar-cliente`);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('<script>alert');
      expect(inputValue(page.text, 'name')).toBe(name);
      expect(page.text).toContain(
        'Deletar Cliente: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Malicioso</h2>',
      );
    });

    it('a client with many orders: 50 of them a page under the form, the delete dialog still counts all', async () => {
      const id = await apiClient({ name: 'Cliente de Muitas Ordens' });
      for (let i = 1; i <= 52; i++) {
        await apiCall('POST', '/service-orders/normal', { client_id: id, product_name: `Rádio ${i}` });
      }
      const groupRows = (html: string) =>
        [...html.matchAll(/<li class="cols-4"><span>[^<]*<\/span><span>([^<]*)<\/span>/g)].map((m) => m[1]);
      const pagerOf = (html: string) =>
        /<nav class="pager actions" aria-label="Páginas">[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
      const first = await agent.get(`/editar-cliente/${id}`);
      expect(groupRows(first.text)).toHaveLength(50);
      expect(groupRows(first.text)[0]).toBe('Rádio 52');
      expect(pagerOf(first.text)).toContain('Página 1 de 2');
      expect(pagerOf(first.text)).toContain('52 resultados');
      expect(pagerOf(first.text)).toContain(`href="/editar-cliente/${id}?pagina=2" rel="next">Próxima</a>`);
      expect(first.text).toContain('As 52 ordens deste cliente continuam no histórico');
      const second = await agent.get(`/editar-cliente/${id}?pagina=2`);
      expect(groupRows(second.text)).toEqual(['Rádio 2', 'Rádio 1']);
      expect(pagerOf(second.text)).toContain('Página 2 de 2');
    });
  });

  describe('Editar Cliente: two people', () => {
    it('someone else saved the client meanwhile: refused, both shown field by field; Salvar por cima takes what you changed', async () => {
      const id = await apiClient({ name: 'Rita Concorrida', city: 'Campinas' });
      const page = await agent.get(`/editar-cliente/${id}`);
      const loaded = hiddenFields(page.text);
      expect(loaded._loaded).toBeTruthy();
      // Our api's client carries its version: the form sends it back, and the api checks it on the PUT.
      expect(loaded._version).toBe('1');
      expect(
        (
          await apiCall('PUT', `/clients/${id}`, {
            name: 'Rita Concorrida',
            city: 'Sorocaba',
            phone1: '(15) 3222-1111',
          })
        ).status,
      ).toBe(200);
      const res = await agent
        .post(`/editar-cliente/${id}`)
        .type('form')
        .send({
          ...EMPTY,
          ...loaded,
          name: 'Rita Concorrida',
          city: 'Jundiaí',
          email: 'rita@example.com',
          intent: 'save',
        });
      expect(res.status).toBe(303);
      expect(String(res.headers.location)).toMatch(new RegExp(`^/editar-cliente/${id}\\?rascunho=`));
      const conflict = await agent.get(String(res.headers.location));
      expect(conflict.text).toContain('Outra pessoa alterou este cliente');
      expect(conflict.text).toContain('Os campos que você não mudou ficam como a outra pessoa salvou.');
      // Both changed the city: both shown, marked.
      expect(conflict.text).toMatch(
        /<tr class="differs"><th scope="row">Cidade<\/th><td class="pre-line">Sorocaba<\/td><td class="pre-line">Jundiaí<\/td>/,
      );
      // Only the other person touched Telefone 1: theirs on both sides, not a '-' that would erase it.
      expect(decodeEntities(conflict.text)).toMatch(
        /<tr><th scope="row">Telefone 1<\/th><td class="pre-line">\(15\) 3222-1111<\/td><td class="pre-line">\(15\) 3222-1111<\/td>/,
      );
      expect((await clientRow(id))?.city).toBe('Sorocaba');
      const resend = hiddenFields(conflict.text);
      expect(resend._version).toBe('2');
      const over = await agent.post(`/editar-cliente/${id}`).type('form').send(resend);
      expect(over.status).toBe(303);
      expect(await clientRow(id)).toMatchObject({
        city: 'Jundiaí',
        email: 'rita@example.com',
        phone1: '(15) 3222-1111',
        version: 3,
      });
    });
  });

  describe('Editar Cliente: two people, a postal-code lookup in between (no JavaScript)', () => {
    it('Buscar CEP keeps what the form was loaded from: the next Salvar still sees the other save', async () => {
      const id = await apiClient({ name: 'Rui Consulta CEP', phone2: '(11) 3000-0000' });
      const page = await agent.get(`/editar-cliente/${id}`);
      const marks = (html: string) => {
        const { _version, _loaded } = hiddenFields(html);
        return { _version, _loaded };
      };
      expect(marks(page.text)._version).toBe('1');
      // Someone else saves Telefone 2 while this form is open.
      expect(
        (await apiCall('PUT', `/clients/${id}`, { name: 'Rui Consulta CEP', phone2: '(11) 3999-9999' }))
          .status,
      ).toBe(200);
      const cep = knownCep(RUA_AUGUSTA);
      const typed = { ...EMPTY, name: 'Rui Consulta CEP', phone2: '(11) 3000-0000', zip_code: cep };
      const filled = await agent
        .post(`/editar-cliente/${id}`)
        .type('form')
        .send({ ...hiddenFields(page.text), ...typed, intent: 'cep' });
      expect(filled.status).toBe(200);
      expect(inputValue(filled.text, 'address')).toBe('Rua Augusta');
      expect(marks(filled.text)).toEqual(marks(page.text));
      const saved = await agent
        .post(`/editar-cliente/${id}`)
        .type('form')
        .send({ ...hiddenFields(filled.text), ...valuesOf(filled.text), intent: 'save' });
      expect(saved.status).toBe(303);
      const conflict = await agent.get(String(saved.headers.location));
      expect(conflict.text).toContain('Outra pessoa alterou este cliente');
      expect((await clientRow(id))?.phone2).toBe('(11) 3999-9999');
    });
  });

  describe('Deletar Cliente', () => {
    it("the dialog: 'Deletar Cliente: <name>', 'Confirme login do gerente', Usuário, Senha, Deletar, Cancelar", async () => {
      const id = await apiClient({ name: 'Diana Dialogo' });
      const page = await agent.get(`/editar-cliente/${id}?dialogo=deletar-cliente`);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(DIALOG_OPEN);
      expect(page.text).toContain('<h2 id="deletar-cliente-title">Deletar Cliente: Diana Dialogo</h2>');
      expect(page.text).toContain('<p class="subtitle">Confirme login do gerente</p>');
      expect(page.text).toMatch(/<form[^>]*action="\/editar-cliente\/\d+\/deletar" method="post"/);
      expect(page.text).toContain('<label for="deletar-cliente-confirm_username">Usuário</label>');
      expect(page.text).toContain('<label for="deletar-cliente-confirm_password">Senha</label>');
      expect(page.text).toMatch(/<button type="submit" class="primary"[^>]*>Deletar<\/button>/);
      expect(page.text).toMatch(/<button type="submit"[^>]*formMethod="dialog"[^>]*>Cancelar<\/button>/);
    });

    it('the dialog counts and lists parts orders and external services too (one order: said in the singular)', async () => {
      const id = await apiClient({ name: 'Paula Só Pedido' });
      const parts = await apiCall<{ id: number }>('POST', '/orders', {
        client_id: id,
        piece_name: 'Bateria',
      });
      const { number } = (await apiCall<{ number: string }>('GET', `/orders/${parts.data.id}`)).data;
      const page = await agent.get(`/editar-cliente/${id}?dialogo=deletar-cliente`);
      const dialog = decodeEntities(
        /<dialog\b[^>]*id="deletar-cliente"[\s\S]*?<\/dialog>/.exec(page.text)?.[0] ?? '',
      );
      expect(dialog).toContain('Este cliente tem ordens em aberto.');
      expect(dialog).toContain(`<a href="/pedido/${parts.data.id}">${number}</a>`);
      expect(dialog).toContain('Bateria');
      expect(dialog).toContain('A ordem deste cliente continua no histórico e no caixa');
      expect(dialog).not.toContain('não tem ordens');
    });

    it('a client with an open order: the dialog lists it and says why; the delete is refused until it is closed', async () => {
      const id = await apiClient({ name: 'Olga Ordens Abertas' });
      const order = await apiCall<{ id: number }>('POST', '/service-orders/normal', {
        client_id: id,
        product_name: 'Micro-ondas',
      });
      const { number } = (await apiCall<{ number: string }>('GET', `/service-orders/normal/${order.data.id}`))
        .data;
      const page = await agent.get(`/editar-cliente/${id}?dialogo=deletar-cliente`);
      const dialog = /<dialog\b[^>]*id="deletar-cliente"[\s\S]*?<\/dialog>/.exec(page.text)?.[0] ?? '';
      expect(dialog).toContain('Este cliente tem ordens em aberto.');
      expect(dialog).toContain(`<a href="/os/${order.data.id}">${number}</a>`);

      const refused = await refusedPage(
        agent,
        await deleteClient(id, {
          confirm_username: MANAGER.username,
          confirm_password: MANAGER.password,
        }),
        `/editar-cliente/${id}`,
      );
      expect(refused.text).toMatch(DIALOG_OPEN);
      const message = `Este cliente tem ordens em aberto e não pode ser excluído. Finalize, cancele ou exclua estas ordens primeiro: ${number}.`;
      expect(toastsOf(refused.text)).toEqual([message]);
      expect(await clientRow(id)).toBeDefined();

      await apiCall('POST', '/transactions/cancel/service-order', {
        service_order_id: order.data.id,
        cancel_motive: 'Desistiu',
      });
      const after = await agent.get(`/editar-cliente/${id}?dialogo=deletar-cliente`);
      expect(after.text).not.toContain('Este cliente tem ordens em aberto.');
      expect(decodeEntities(after.text)).toContain('A ordem deste cliente continua no histórico e no caixa');
      const done = await deleteClient(id, {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
      expect(done.status).toBe(303);
      expect(done.headers.location).toBe('/consulta');
    });

    it("'Usuário obrigatório' and 'Senha obrigatória' together; the dialog stays open", async () => {
      const id = await apiClient({ name: 'Eva Vazia' });
      const res = await refusedPage(agent, await deleteClient(id, {}), `/editar-cliente/${id}`);
      expect(res.text).toMatch(DIALOG_OPEN);
      expect(fieldErrorOf(res.text, 'deletar-cliente-confirm_username')).toBe('Usuário obrigatório');
      expect(fieldErrorOf(res.text, 'deletar-cliente-confirm_password')).toBe('Senha obrigatória');
      expect(await clientRow(id)).toBeDefined();
    });

    it("an employee's credentials: 'Digite uma credencial de gerente válida', the client still there", async () => {
      const employee = await createEmployee(api, 'func-clientes', 'senha-func-clientes');
      const id = await apiClient({ name: 'Fábio Fica' });
      const res = await refusedPage(
        agent,
        await deleteClient(id, {
          confirm_username: employee.username,
          confirm_password: employee.password,
        }),
        `/editar-cliente/${id}`,
      );
      expect(res.text).toMatch(DIALOG_OPEN);
      expect(toastsOf(res.text)).toEqual([TEXT.notManager]);
      expect(fieldErrorOf(res.text, 'deletar-cliente-confirm_username')).toBe(TEXT.notManager);
      expect(inputValue(res.text, 'confirm_username', 'deletar-cliente-')).toBe(employee.username);
      expect(res.text).not.toContain(employee.password);
      expect(await clientRow(id)).toBeDefined();
    });

    it("a wrong manager password: 'Ocorreu um erro ao deletar o Cliente. Cheque suas credenciais.', the dialog open, the client still there", async () => {
      const id = await apiClient({ name: 'Gabi Fica' });
      const res = await refusedPage(
        agent,
        await deleteClient(id, { confirm_username: MANAGER.username, confirm_password: 'errada' }),
        `/editar-cliente/${id}`,
      );
      expect(res.text).toMatch(DIALOG_OPEN);
      // SPEC §8: a failure response is the action's failure toast; the user field has no message.
      expect(toastsOf(res.text)).toEqual([TEXT.deleteFailed]);
      expect(fieldErrorOf(res.text, 'deletar-cliente-confirm_username')).toBeUndefined();
      expect(await clientRow(id)).toBeDefined();
    });

    it('a name braked after 10 wrong passwords: told to wait, even with the right password', async () => {
      const braked = await createEmployee(api, 'func-freada', 'senha-func-freada');
      const id = await apiClient({ name: 'Ivo Fica' });
      for (let i = 0; i < 10; i++) {
        await deleteClient(id, { confirm_username: braked.username, confirm_password: `errada-${i}` });
      }
      const res = await refusedPage(
        agent,
        await deleteClient(id, { confirm_username: braked.username, confirm_password: braked.password }),
        `/editar-cliente/${id}`,
      );
      expect(res.text).toMatch(DIALOG_OPEN);
      expect(toastsOf(res.text)).toEqual([
        'Muitas tentativas com este usuário. Aguarde alguns minutos e tente de novo.',
      ]);
      expect(await clientRow(id)).toBeDefined();
    });

    it("a manager: 'Cliente deletado com sucesso!' on /consulta, the client gone", async () => {
      const id = await apiClient({ name: 'Hugo Deletado', cpf: newCpf() });
      const res = await deleteClient(id, {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/consulta');
      expect(toastsOf((await agent.get('/consulta')).text)).toEqual([TEXT.deleted]);
      expect(await clientRow(id)).toBeUndefined();
      // The same delete sent again (Back, a double click): done already, not a failure.
      const again = await postForm(
        agent,
        `/editar-cliente/${id}/deletar`,
        { confirm_username: MANAGER.username, confirm_password: MANAGER.password },
        // Any page of ours gives the form's token; this order's page is gone.
        '/cadastrar-cliente',
      );
      expect(again.headers.location).toBe('/consulta');
      expect(toastsOf((await agent.get('/consulta')).text)).toEqual([
        'Este cliente já tinha sido deletado: nada foi deletado de novo.',
      ]);
      const search = await agent.get('/consulta').query({ q: 'Hugo Deletado', tipo: 'cliente' });
      expect(search.text).not.toContain('Hugo Deletado</span>');
      expect(search.text).toContain('Nenhum cliente encontrado');
      const edit = await agent.get(`/editar-cliente/${id}`);
      expect(edit.status).toBe(303);
    });

    it('an employee signed in may delete with a manager confirming in the dialog', async () => {
      const employee = await createEmployee(api, 'func-del', 'senha-func-del');
      const employeeAgent = await signIn(web, employee.username, employee.password);
      const id = await apiClient({ name: 'Iris Deletada' });
      const res = await postForm(
        employeeAgent,
        `/editar-cliente/${id}/deletar`,
        { confirm_username: MANAGER.username, confirm_password: MANAGER.password },
        `/editar-cliente/${id}`,
      );
      expect(res.status).toBe(303);
      expect(await clientRow(id)).toBeUndefined();
    });
  });

  describe('the stand-in itself answers like the services', () => {
    it('ViaCEP: 200 address, 200 {erro: true}, 400 for a malformed CEP', async () => {
      const ok = await fetch(`${viacep.origin}/ws/01001000/json/`);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ cep: '01001-000', logradouro: 'Praça da Sé', uf: 'SP' });
      const unknown = await fetch(`${viacep.origin}/ws/99999999/json/`);
      expect(await unknown.json()).toEqual({ erro: true });
      expect((await fetch(`${viacep.origin}/ws/123/json/`)).status).toBe(400);
    });

    it('BrasilAPI: 200 address, 404 unknown; broken answers 500', async () => {
      const ok = await fetch(`${brasil.origin}/api/cep/v1/01001000`);
      expect(await ok.json()).toMatchObject({ cep: '01001000', street: 'Praça da Sé', city: 'São Paulo' });
      expect((await fetch(`${brasil.origin}/api/cep/v1/99999999`)).status).toBe(404);
      brasil.setMode({ kind: 'broken', how: '500' });
      expect((await fetch(`${brasil.origin}/api/cep/v1/01001000`)).status).toBe(500);
      expect(brasil.count()).toBe(3);
    });
  });
});
