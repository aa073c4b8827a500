/**
 * Clients (SPEC §3 Client, §5 Register/Edit client, §6, §7 Clients; API.md General, Manager confirmation,
 * Clients, Audit): register, read, edit, soft-delete with a manager's confirmation, unique CPF/CNPJ among
 * the living, and the search by name words (case and accents ignored) or by document and phone digits.
 */
import { cpf as cpfLib } from 'cpf-cnpj-validator';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TARGETS, MANAGER, type TestApi } from '../support/api.ts';
import { type Session, senderTo, startApiWithStaff } from '../support/api-staff.ts';
import { auditRows } from '../support/audit.ts';

type Reply = { status: number; body: unknown };
type Client = Record<string, unknown> & { id: number; name: string };

const FIELDS = [
  'id',
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
  'created_at',
  'updated_at',
  // The edit count (migration 005): an edit naming an older one is refused.
  'version',
];

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The search order: accents and case ignored, then the id. */
const searchKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

describe.each(DB_TARGETS)('clients on %s', (kind) => {
  let api: TestApi;
  let manager: Session;
  let employee: Session;
  let staff: { username: string; password: string };

  beforeAll(async () => {
    ({ api, manager, staff, employee } = await startApiWithStaff(kind, 'atendente', 'senha-da-atendente'));
  });
  afterAll(async () => {
    await api.stop();
  });

  const send = senderTo(() => api);

  const post = (body: unknown, token = employee.token) => send('POST', '/clients', token, body);
  const put = (id: number | string, body: unknown, token = employee.token) =>
    send('PUT', `/clients/${id}`, token, body);
  const read = (id: number | string, token = employee.token) => send('GET', `/clients/${id}`, token);
  const remove = (id: number | string, body: unknown, token = employee.token) =>
    send('DELETE', `/clients/${id}`, token, body);

  async function find(filter: string, token = employee.token): Promise<Client[]> {
    const reply = await send('GET', `/clients?filter=${encodeURIComponent(filter)}`, token);
    expect(reply.status, filter).toBe(200);
    return reply.body as Client[];
  }
  const namesFound = async (filter: string) => (await find(filter)).map((c) => c.name);

  async function created(body: Record<string, unknown>): Promise<Client> {
    const reply = await post(body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as Client;
  }

  const issuesOf = (reply: Reply) =>
    ((reply.body as { issues?: Record<string, string> }).issues ?? {}) as Record<string, string>;

  const auditFor = (id: number) => auditRows(api, 'client', id);

  async function clientCount() {
    const row = await api.deps.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A refused request: 4xx with the error body, and no client written. */
  async function expectRefused(request: () => Promise<Reply>, status?: number): Promise<Reply> {
    const before = await clientCount();
    const reply = await request();
    if (status) expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body).toMatchObject({ status: 'error', message: expect.any(String) });
    expect(await clientCount()).toBe(before);
    return reply;
  }

  describe('register, read, edit', () => {
    it('registers a client with every field and reads it back', async () => {
      const body = {
        name: '  Maria Aparecida Gonçalves  ',
        cpf: '111.444.777-35',
        cnpj: '',
        email: 'maria@example.com.br',
        phone1: '(11) 98765-4321',
        phone2: '',
        phone3: null,
        zip_code: '01310-100',
        address: 'Avenida Paulista',
        number: '1000',
        complement: 'Sala 12',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'sp',
      };
      const reply = await post(body);
      expect(reply.status).toBe(201);
      const client = reply.body as Client;
      expect(Object.keys(client).sort()).toEqual([...FIELDS].sort());
      expect(client).toMatchObject({
        id: expect.any(Number),
        name: 'Maria Aparecida Gonçalves',
        cpf: '11144477735',
        cnpj: null,
        email: 'maria@example.com.br',
        phone1: '(11) 98765-4321',
        phone2: null,
        phone3: null,
        zip_code: '01310100',
        address: 'Avenida Paulista',
        number: '1000',
        complement: 'Sala 12',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      });
      expect(client.created_at).toMatch(ISO);
      expect(client.updated_at).toMatch(ISO);

      const detail = await read(client.id);
      expect(detail.status).toBe(200);
      expect(detail.body).toEqual({ ...client, normal_service_orders: [], returned_service_orders: [] });
    });

    it('stores only the name when the rest is left out', async () => {
      const client = await created({ name: 'Só o Nome' });
      for (const field of FIELDS.filter(
        (f) => !['id', 'name', 'created_at', 'updated_at', 'version'].includes(f),
      )) {
        expect(client[field], field).toBeNull();
      }
    });

    it('edits a client, every field replaced by the form values', async () => {
      const client = await created({ name: 'Carlos Editável', cpf: cpfLib.generate(), city: 'Santos' });
      const reply = await put(client.id, {
        name: 'Carlos Editado',
        cpf: '',
        email: 'carlos@exemplo.com',
        zip_code: '1310100',
        state: 'rj',
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        id: client.id,
        name: 'Carlos Editado',
        cpf: null,
        email: 'carlos@exemplo.com',
        zip_code: '01310100',
        state: 'RJ',
        city: null,
        created_at: client.created_at,
      });
      expect(Date.parse((reply.body as Client).updated_at as string)).toBeGreaterThanOrEqual(
        Date.parse(client.updated_at as string),
      );
      expect((await read(client.id)).body).toMatchObject({ name: 'Carlos Editado', state: 'RJ' });
    });

    it('answers 404 to reading or editing an unknown client, and never 500 to a strange id', async () => {
      expect((await read(999_999)).status).toBe(404);
      expect((await expectRefused(() => put(999_999, { name: 'Ninguém' }))).status).toBe(404);
      for (const id of ['abc', '1.5', '-1', '0', '99999999999', '%20']) {
        const reply = await read(id);
        expect([400, 404], id).toContain(reply.status);
        expect(reply.body).toMatchObject({ status: 'error', message: expect.any(String) });
        expect([400, 404], id).toContain((await put(id, { name: 'X' })).status);
      }
    });

    it('stores markup in the name verbatim and returns it as JSON text', async () => {
      const name = '<script>alert("x")</script> Zé';
      const client = await created({ name });
      expect(client.name).toBe(name);
      const res = await fetch(`${api.url}/clients/${client.id}`, {
        headers: { authorization: `Bearer ${employee.token}` },
      });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as Client).name).toBe(name);
    });
  });

  describe('CPF, CNPJ, CEP and the other checks', () => {
    it('answers 409 to a CPF already registered, however it is written', async () => {
      const cpf = cpfLib.generate();
      await created({ name: 'Primeiro Dono', cpf });
      for (const same of [cpf, cpfLib.format(cpf), ` ${cpf.slice(0, 3)} ${cpf.slice(3)} `]) {
        const reply = await expectRefused(() => post({ name: 'Segundo Dono', cpf: same }), 409);
        expect(reply.body).toMatchObject({
          message: 'Esse CPF já está cadastrado',
          issues: {
            cpf: 'Esse CPF já está cadastrado para Primeiro Dono. Busque o cliente na Consulta e abra o cadastro dele.',
          },
        });
      }
      // Editing another client onto that CPF is refused the same way.
      const other = await created({ name: 'Terceiro Dono' });
      const edit = await put(other.id, { name: 'Terceiro Dono', cpf: cpfLib.format(cpf) });
      expect(edit).toMatchObject({ status: 409, body: { message: 'Esse CPF já está cadastrado' } });
    });

    it('answers 409 to a CNPJ already registered', async () => {
      await created({ name: 'Loja Um', cnpj: '11.222.333/0001-81' });
      const reply = await expectRefused(() => post({ name: 'Loja Dois', cnpj: '11222333000181' }), 409);
      expect(reply.body).toMatchObject({ message: 'Esse CNPJ já está cadastrado' });
    });

    it('lets a client keep its own CPF when edited', async () => {
      const cpf = cpfLib.generate();
      const client = await created({ name: 'Mesmo CPF', cpf });
      const reply = await put(client.id, { name: 'Mesmo CPF Editado', cpf: cpfLib.format(cpf) });
      expect(reply.status).toBe(200);
    });

    it('refuses a CPF or CNPJ with wrong check digits, naming the field', async () => {
      for (const cpf of ['529.982.247-26', '111.111.111-11', '1234', 'abc']) {
        const reply = await expectRefused(() => post({ name: 'CPF Ruim', cpf }), 400);
        expect(issuesOf(reply), cpf).toEqual({ cpf: 'CPF inválido' });
      }
      for (const cnpj of ['11.222.333/0001-82', '12ABC34501DE36', '123']) {
        const reply = await expectRefused(() => post({ name: 'CNPJ Ruim', cnpj }), 400);
        expect(issuesOf(reply), cnpj).toEqual({ cnpj: 'CNPJ inválido' });
      }
    });

    it('accepts an alphanumeric CNPJ and stores it upper-case', async () => {
      const client = await created({ name: 'Empresa Alfanumérica', cnpj: '12.abc.345/01de-35' });
      expect(client.cnpj).toBe('12ABC34501DE35');
    });

    it('left-pads the CEP to 8 digits and refuses what cannot be one', async () => {
      expect((await created({ name: 'CEP Curto', zip_code: '1310100' })).zip_code).toBe('01310100');
      for (const zip_code of ['123456789', '01310-10a', 'rua tal']) {
        const reply = await expectRefused(() => post({ name: 'CEP Ruim', zip_code }), 400);
        expect(issuesOf(reply), zip_code).toEqual({ zip_code: 'CEP inválido' });
      }
    });

    it('checks the e-mail shape and the UF', async () => {
      for (const email of ['x@', 'sem-arroba', 'a@b', 'a b@c.com']) {
        const reply = await expectRefused(() => post({ name: 'Email Ruim', email }), 400);
        expect(issuesOf(reply), email).toEqual({ email: 'E-mail inválido' });
      }
      for (const state of ['S', 'SPX', '12']) {
        const reply = await expectRefused(() => post({ name: 'UF Ruim', state }), 400);
        expect(issuesOf(reply), state).toEqual({ state: 'UF inválida' });
      }
    });

    it('refuses a missing, blank or too long name, and shows every field error together', async () => {
      for (const body of [{}, { name: '' }, { name: '    ' }, { name: null }, { cpf: '52998224725' }]) {
        const reply = await expectRefused(() => post(body), 400);
        expect(issuesOf(reply).name, JSON.stringify(body)).toBe('Nome obrigatório');
      }
      const long = await expectRefused(() => post({ name: 'a'.repeat(200) }), 400);
      expect(issuesOf(long).name).toMatch(/120/);
      const many = await expectRefused(
        () => post({ name: ' ', cpf: '1', cnpj: '2', email: 'x@', zip_code: 'x', state: 'X' }),
        400,
      );
      expect(Object.keys(issuesOf(many)).sort()).toEqual([
        'cnpj',
        'cpf',
        'email',
        'name',
        'state',
        'zip_code',
      ]);
    });

    it('refuses wrong types and oversized text, naming the field', async () => {
      const asNumber = await expectRefused(() => post({ name: 'Tipo Errado', cpf: 52998224725 }), 400);
      expect(issuesOf(asNumber)).toHaveProperty('cpf');
      const asObject = await expectRefused(() => post({ name: 'Tipo Errado', city: { x: 1 } }), 400);
      expect(issuesOf(asObject)).toHaveProperty('city');
      const nameNumber = await expectRefused(() => post({ name: 42 }), 400);
      expect(issuesOf(nameNumber)).toHaveProperty('name');
      const huge = await expectRefused(() => post({ name: 'Texto Grande', address: 'x'.repeat(2001) }), 400);
      expect(issuesOf(huge)).toHaveProperty('address');
      await expectRefused(() => post([]), 400);
      await expectRefused(() => post('texto'), 400);
    });

    it('answers 400 to malformed JSON', async () => {
      const res = await fetch(`${api.url}/clients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${employee.token}` },
        body: '{"name": ',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 'error' });
    });

    it('ignores unknown fields', async () => {
      const client = await created({
        name: 'Campos Extras',
        id: 1,
        deleted_at: '2020-01-01',
        is_admin: true,
      });
      expect(client.name).toBe('Campos Extras');
      expect(client).not.toHaveProperty('is_admin');
      expect((await read(client.id)).status).toBe(200);
    });
  });

  describe('search', () => {
    let jose: Client;
    let empresa: Client;

    beforeAll(async () => {
      jose = await created({
        name: 'José da Silva Ávila',
        cpf: '390.533.447-05',
        phone1: '(21) 98877-6655',
        phone2: '(21) 3322-1100',
      });
      empresa = await created({ name: 'Eletrônica Quatro Irmãos Ltda', cnpj: '98.xyz.765/0001-57' });
      await created({ name: 'Josefina Ávila Prado', phone1: '11 98765-4321' });
      await created({ name: 'JOSÉ ÉDSON SOUZA' });
    });

    it('answers 400 without a filter', async () => {
      for (const path of ['/clients', '/clients?filter=', '/clients?filter=%20%20']) {
        const reply = await send('GET', path, employee.token);
        expect(reply.status, path).toBe(400);
        expect(issuesOf(reply), path).toEqual({ filter: 'Digite algo para buscar' });
      }
    });

    it('finds a name ignoring accents and case', async () => {
      expect(await namesFound('jose da silva')).toEqual(['José da Silva Ávila']);
      expect(await namesFound('AVILA')).toEqual(['José da Silva Ávila', 'Josefina Ávila Prado']);
      expect(await namesFound('édson')).toEqual(['JOSÉ ÉDSON SOUZA']);
      expect(await namesFound('jose')).toEqual(
        expect.arrayContaining(['José da Silva Ávila', 'Josefina Ávila Prado', 'JOSÉ ÉDSON SOUZA']),
      );
    });

    it('needs every word, in any order', async () => {
      expect(await namesFound('silva jos')).toEqual(['José da Silva Ávila']);
      expect(await namesFound('ávila josé')).toEqual(['José da Silva Ávila', 'Josefina Ávila Prado']);
      expect(await namesFound('prado   jose')).toEqual(['Josefina Ávila Prado']);
      expect(await namesFound('silva prado')).toEqual([]);
    });

    it('finds partial CPF digits, formatted or not', async () => {
      const client = await created({ name: 'Dono do CPF', cpf: '529.982.247-25' });
      expect(client.cpf).toBe('52998224725');
      expect((await find('529982')).map((c) => c.id)).toContain(client.id);
      expect((await find('982.247-25')).map((c) => c.id)).toContain(client.id);
      expect((await find('39053344705')).map((c) => c.id)).toEqual([jose.id]);
    });

    it('finds phone digits, but never across two phones', async () => {
      expect(await namesFound('98765')).toContain('Josefina Ávila Prado');
      expect(await namesFound('(21) 98877')).toEqual(['José da Silva Ávila']);
      expect(await namesFound('33221100')).toEqual(['José da Silva Ávila']);
      // The end of phone1 and the start of phone2 joined are in no phone.
      expect(await namesFound('66552133')).toEqual([]);
    });

    it('finds a phone typed as dialled from abroad (+55) or with the old trunk zero', async () => {
      expect(await namesFound('+55 21 98877-6655')).toEqual(['José da Silva Ávila']);
      expect(await namesFound('5521988776655')).toEqual(['José da Silva Ávila']);
      expect(await namesFound('021 3322-1100')).toEqual(['José da Silva Ávila']);
      expect(await namesFound('+55 11 98765-4321')).toContain('Josefina Ávila Prado');
    });

    it('finds CNPJ letters and digits', async () => {
      expect(empresa.cnpj).toBe('98XYZ765000157');
      expect((await find('xyz765')).map((c) => c.id)).toEqual([empresa.id]);
      expect((await find('98.XYZ.765/0001')).map((c) => c.id)).toEqual([empresa.id]);
      expect((await find('YZ 7')).map((c) => c.id)).toEqual([empresa.id]);
    });

    it('looks for a plain word in names only, not in CNPJs', async () => {
      // 'XYZ' is in the CNPJ 98XYZ765000157, but a word without digits is a name search.
      expect(await find('xyz')).toEqual([]);
      expect(await find('xyz7')).toEqual([expect.objectContaining({ id: empresa.id })]);
    });

    it('returns an empty list on a miss', async () => {
      expect(await find('Wxyzqk Inexistente')).toEqual([]);
      expect(await find('000000000')).toEqual([]);
    });

    it('takes LIKE wildcards literally', async () => {
      expect(await find('%')).toEqual([]);
      expect(await find('_')).toEqual([]);
      expect(await find('\\')).toEqual([]);
      await created({ name: 'Loja 100% Celular' });
      expect(await namesFound('loja 100%')).toEqual(['Loja 100% Celular']);
      expect(await namesFound('celular 100%')).toEqual(['Loja 100% Celular']);
      expect(await find('% celular')).toEqual([]);
      // unaccent turns the full-width ％ into %, which must still be taken literally.
      expect(await namesFound('loja 100％')).toEqual(['Loja 100% Celular']);
      expect(await find('loja 10_%')).toEqual([]);
      expect(await find('10_%')).toEqual([]);
      expect(await find('1%0')).toEqual([]);
    });

    it('looks for a word under 3 characters at the start of a word', async () => {
      await created({ name: 'Zé Carlos Quixabeira' });
      await created({ name: 'Zélia Quixabeira' });
      await created({ name: 'Ana Souzé Quixabeira' });
      expect(await namesFound('zé quixabeira')).toEqual(['Zé Carlos Quixabeira', 'Zélia Quixabeira']);
      expect(await namesFound('quixabeira Z')).toEqual(['Zé Carlos Quixabeira', 'Zélia Quixabeira']);
      expect(await namesFound('souze quixabeira')).toEqual(['Ana Souzé Quixabeira']);
      expect(await namesFound('ouz quixabeira')).toEqual(['Ana Souzé Quixabeira']);
    });

    it('carries the four order lists on each client, and the whole client', async () => {
      const [first] = await find('jose da silva');
      expect(first).toEqual({
        ...((await read(jose.id)).body as Client),
        external_service_orders: [],
        orders: [],
      });
    });

    it('lists each kind of order newest first (ties by id), living ones only, times as ISO milliseconds', async () => {
      const owner = await created({ name: 'Heráclito Listagem Ordens' });
      const db = api.deps.db;
      const at = (text: string) => sql<Date>`${text}::timestamptz`;
      // Same instant twice (the higher id first), microseconds dropped as Date.toISOString drops them.
      const tie = '2026-03-01 10:00:00.999999+00';
      const serviceOrder = async (
        kind: 'normal' | 'returned' | 'external',
        number: string,
        created: string,
        original: number | null = null,
      ): Promise<{ id: number; number: string }> => {
        const status = { normal: 100, returned: 200, external: 300 }[kind];
        return db
          .insertInto('service_orders')
          .values({
            kind,
            number,
            status,
            client_id: owner.id,
            original_service_order_id: original,
            product_name: kind === 'external' ? null : `Produto ${number}`,
            created_at: at(created),
          })
          .returning(['id', 'number'])
          .executeTakeFirstOrThrow();
      };
      const first = await serviceOrder('normal', 'M90001', '2025-12-31 23:59:59.0005-03');
      const tiedLow = await serviceOrder('normal', 'M90002', tie);
      const tiedHigh = await serviceOrder('normal', 'M90003', tie);
      const gone = await serviceOrder('normal', 'M90004', '2026-04-01 00:00:00+00');
      await db
        .updateTable('service_orders')
        .set({ deleted_at: new Date() })
        .where('id', '=', gone.id)
        .execute();
      const returned = await serviceOrder('returned', 'R90001', '2026-02-01 12:00:00.1+00', first.id);
      const part = await db
        .insertInto('orders')
        .values({
          number: 'P90001',
          status: 100,
          client_id: owner.id,
          piece_name: 'Tela',
          created_at: at(tie),
        })
        .returning(['id', 'number'])
        .executeTakeFirstOrThrow();

      const item = (o: { id: number; number: string }, status: number, created_at: string) => ({
        id: o.id,
        number: o.number,
        status,
        product_name: `Produto ${o.number}`,
        created_at,
      });
      const [found] = await find('heraclito listagem');
      expect(found).toEqual({
        ...owner,
        normal_service_orders: [
          item(tiedHigh, 100, '2026-03-01T10:00:00.999Z'),
          item(tiedLow, 100, '2026-03-01T10:00:00.999Z'),
          item(first, 100, '2026-01-01T02:59:59.000Z'),
        ],
        returned_service_orders: [item(returned, 200, '2026-02-01T12:00:00.100Z')],
        external_service_orders: [],
        orders: [
          {
            id: part.id,
            number: 'P90001',
            status: 100,
            piece_name: 'Tela',
            created_at: '2026-03-01T10:00:00.999Z',
          },
        ],
      });
      // The keys in the order the api has always written them.
      expect(Object.keys(found ?? {})).toEqual([
        ...FIELDS,
        'normal_service_orders',
        'returned_service_orders',
        'external_service_orders',
        'orders',
      ]);
      const [newest] = (found?.normal_service_orders ?? []) as object[];
      expect(Object.keys(newest ?? {})).toEqual(['id', 'number', 'status', 'product_name', 'created_at']);
      // The detail carries the same service order lists.
      const detail = (await read(owner.id)).body as Client;
      expect(detail.normal_service_orders).toEqual(found?.normal_service_orders);
      expect(detail.returned_service_orders).toEqual(found?.returned_service_orders);
    });

    it('answers at most 50, ordered by name', async () => {
      const prefixes = ['Ágata', 'agnes', 'Álvaro', 'Bruna', 'beto', 'Édna', 'Ítalo', 'Zélia', 'Úrsula'];
      const names: string[] = [];
      for (let i = 0; i < 55; i++) {
        names.push(`${prefixes[i % prefixes.length]} Limiteteste ${String(i).padStart(2, '0')}`);
        await created({ name: names[i] });
      }
      const found = await find('limiteteste');
      expect(found).toHaveLength(50);
      // The first 50 of the 55 by name, case and accents ignored: 'Álvaro' after 'agnes', before 'Bruna'.
      const expected = [...names].sort((x, y) => (searchKey(x) < searchKey(y) ? -1 : 1)).slice(0, 50);
      expect(found.map((c) => c.name)).toEqual(expected);
    });
  });

  describe('delete', () => {
    it('needs a manager confirmation, even from an employee, and then soft-deletes', async () => {
      const cpf = cpfLib.generate();
      const client = await created({ name: 'Cliente Apagável Único', cpf, phone1: '(31) 97531-8642' });

      const missing = await remove(client.id, {});
      expect(missing.status).toBe(400);
      expect(issuesOf(missing)).toMatchObject({
        confirm_username: 'Usuário obrigatório',
        confirm_password: 'Senha obrigatória',
      });

      const own = await remove(client.id, {
        confirm_username: staff.username,
        confirm_password: staff.password,
      });
      expect(own).toEqual({
        status: 403,
        body: { status: 'error', message: 'Digite uma credencial de gerente válida' },
      });
      const wrong = await remove(client.id, {
        confirm_username: MANAGER.username,
        confirm_password: 'errada',
      });
      expect(wrong.status).toBe(403);
      expect((await read(client.id)).status).toBe(200);
      expect(await namesFound('apagável único')).toEqual(['Cliente Apagável Único']);

      const done = await remove(client.id, {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
      expect(done).toEqual({ status: 204, body: null });

      expect((await read(client.id)).status).toBe(404);
      expect((await put(client.id, { name: 'Ressuscitado' })).status).toBe(404);
      expect(await find('apagável único')).toEqual([]);
      expect(await find(cpf)).toEqual([]);
      expect(await find('97531')).toEqual([]);
      const again = await remove(client.id, {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
      expect(again.status).toBe(404);

      // Soft: the row is still there, marked.
      const row = await api.deps.db
        .selectFrom('clients')
        .select(['deleted_at', 'name'])
        .where('id', '=', client.id)
        .executeTakeFirst();
      expect(row?.deleted_at).toBeInstanceOf(Date);
    });

    it('refuses while the client has an open order of any kind, naming them; deletes once they are closed', async () => {
      const client = await created({ name: 'Cliente Com Ordens Abertas' });
      const confirm = { confirm_username: MANAGER.username, confirm_password: MANAGER.password };
      const os = await send('POST', '/service-orders/external', employee.token, {
        client_id: client.id,
        product_name: 'Ar',
      });
      const parts = await send('POST', '/orders', employee.token, {
        client_id: client.id,
        piece_name: 'Tela',
      });
      expect([os.status, parts.status]).toEqual([201, 201]);
      const numbers = [(os.body as Client).number, (parts.body as Client).number];
      const refused = await remove(client.id, confirm);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: `Este cliente tem ordens em aberto e não pode ser excluído. Finalize, cancele ou exclua estas ordens primeiro: ${numbers.join(', ')}.`,
        open_orders: numbers,
      });
      expect((await read(client.id)).status).toBe(200);

      await send('POST', '/transactions/cancel/service-order', employee.token, {
        service_order_id: (os.body as Client).id,
        cancel_motive: 'Desistiu',
      });
      expect((await remove(client.id, confirm)).status).toBe(409);
      await send('POST', '/transactions/cancel/order', manager.token, {
        order_id: (parts.body as Client).id,
        cancel_motive: 'Desistiu',
        ...confirm,
      });
      expect((await remove(client.id, confirm)).status).toBe(204);
    });

    it('a deleted client’s CPF and CNPJ: refused saying whose they are, taken again only when asked', async () => {
      const cpf = cpfLib.generate();
      const old = await created({ name: 'Antigo Dono', cpf, cnpj: '11.444.777/0001-61' });
      const confirm = { confirm_username: MANAGER.username, confirm_password: MANAGER.password };
      expect((await remove(old.id, confirm, manager.token)).status).toBe(204);
      const body = { name: 'Novo Dono', cpf: cpfLib.format(cpf), cnpj: '11444777000161' };
      const refused = await post(body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: 'Esse CPF pertence a um cliente excluído',
        issues: {
          cpf: 'Esse CPF pertence a Antigo Dono, cliente excluído; as ordens antigas continuam naquele cadastro. Para cadastrar um novo cliente com ele mesmo assim, marque a confirmação e salve.',
          reuse_deleted_document: 'Cadastrar mesmo assim com este documento',
        },
      });
      expect(await find('Novo Dono')).toEqual([]);
      const fresh = await created({ ...body, reuse_deleted_document: true });
      expect(fresh).toMatchObject({ cpf, cnpj: '11444777000161' });
      expect(fresh.id).not.toBe(old.id);
    });

    it('answers 404 to an unknown or strange id with a good confirmation', async () => {
      const confirm = { confirm_username: MANAGER.username, confirm_password: MANAGER.password };
      expect((await remove(999_999, confirm)).status).toBe(404);
      expect([400, 404]).toContain((await remove('abc', confirm)).status);
    });
  });

  it('keeps f_unaccent working whatever the search_path (the extension lives elsewhere)', async () => {
    const value = await api.deps.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ schema: string }>`
        SELECT n.nspname AS schema FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE p.proname = 'f_unaccent'`.execute(trx);
      const schema = rows[0]?.schema ?? 'public';
      // As pg_dump/restore and autovacuum run index expressions: nothing but pg_catalog on the path.
      await sql`SET LOCAL search_path TO pg_catalog`.execute(trx);
      const result = await sql<{
        v: string;
      }>`SELECT lower(${sql.id(schema, 'f_unaccent')}('ÉDSON Conceição Ávila')) AS v`.execute(trx);
      return result.rows[0]?.v;
    });
    expect(value).toBe('edson conceicao avila');
  });

  it('answers 401 to every route without a token', async () => {
    const client = await created({ name: 'Protegido' });
    const replies = [
      await send('GET', '/clients?filter=protegido', null),
      await send('POST', '/clients', null, { name: 'Anônimo' }),
      await send('GET', `/clients/${client.id}`, null),
      await send('PUT', `/clients/${client.id}`, null, { name: 'Anônimo' }),
      await send('DELETE', `/clients/${client.id}`, null, {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      }),
      await send('GET', '/clients?filter=protegido', 'not-a-jwt'),
    ];
    for (const reply of replies) {
      expect(reply).toEqual({ status: 401, body: { status: 'error', message: 'Invalid JWT token' } });
    }
    expect((await read(client.id)).body).toMatchObject({ name: 'Protegido' });
    expect(await find('anônimo')).toEqual([]);
  });

  it('writes an audit row for every change, with who and the values before and after', async () => {
    const client = await created({ name: 'Auditado', city: 'Campinas' });
    await put(client.id, { name: 'Auditado Editado', city: 'Sorocaba' }, manager.token);
    await remove(client.id, { confirm_username: MANAGER.username, confirm_password: MANAGER.password });
    // Refused changes leave nothing.
    await put(client.id, { name: 'Depois de Apagado' });

    const rows = await auditFor(client.id);
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['create', employee.user.id],
      ['update', manager.user.id],
      ['delete', employee.user.id],
    ]);
    const [create, update, del] = rows;
    expect(create?.before).toBeNull();
    expect(create?.after).toMatchObject({ id: client.id, name: 'Auditado', city: 'Campinas' });
    expect(update?.before).toMatchObject({ name: 'Auditado', city: 'Campinas' });
    expect(update?.after).toMatchObject({ name: 'Auditado Editado', city: 'Sorocaba' });
    expect(del?.before).toMatchObject({ name: 'Auditado Editado' });
    expect(del?.after).toMatchObject({
      deleted_at: expect.stringMatching(ISO),
      confirmed_by: { id: manager.user.id, username: MANAGER.username },
    });
  });
});
