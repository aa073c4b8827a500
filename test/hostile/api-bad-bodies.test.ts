/**
 * Bad input on every endpoint that reads a body or a query (API.md General): for each field, a
 * generated set of values it must refuse — wrong JSON types, 10,001 characters, NUL, negative,
 * non-numeric or 3-decimal money, impossible dates, ids that name nothing or cannot be ids, SQL and HTML
 * metacharacters where the field is not free text — and whole bodies that are not JSON objects. Each
 * must answer a 4xx `{ status: 'error', message }` in pt-BR, never a 500, and write NOTHING (the row
 * counts of every table, audit_log included, are the same before and after). Free text takes the
 * metacharacters: they are then stored and returned verbatim. Each endpoint's valid body is sent last,
 * to show the refusals came from the bad field and not from a broken fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createEmployee, DB_TARGETS, MANAGER, startTestApi, type TestApi } from '../support/api.ts';
import { type ApiAnswer, call, errorProblems, rowCounts } from './support.ts';

const HUGE = 'x'.repeat(10_001);
const NUL = 'a\u0000b';
const SQL = "'; DROP TABLE clients; --";
const HTML = '<script>alert(1)</script>';
const META = [SQL, HTML];
const WRONG_TYPES = [42, true, ['a'], { a: 1 }];
const IMPOSSIBLE_DATES = [
  '2026-02-31',
  '31/02/2026',
  '2026-13-01',
  '2026-02-31T10:00:00Z',
  '2026-00-10',
  'ontem',
];
const UNKNOWN_IDS = [999999, 2147483648, -1, 0, 1.5, 'abc', '1e3', '-1', '0x10'];

type Kind =
  | 'text' // optional free text: metacharacters are allowed (checked verbatim elsewhere)
  | 'name' // required text
  | 'login' // required text whose any value is only compared (a wrong one is a 4xx too)
  | 'secret' // a required password
  | 'optSecret' // an optional password (profile)
  | 'checked' // optional text with a format: CPF, CNPJ, e-mail, CEP, UF
  | 'money'
  | 'reqMoney'
  | 'date'
  | 'id'
  | 'normalStatus'
  | 'returnedStatus'
  | 'externalStatus'
  | 'partsStatus'
  | 'origin'
  | 'authority'
  | 'entryType';

/** Values a field of this kind must refuse. */
function badValues(kind: Kind): unknown[] {
  const status = (terminal: number[]) => [
    'abc',
    99999,
    -1,
    1.5,
    null,
    '',
    ...terminal,
    ...WRONG_TYPES,
    ...META,
  ];
  switch (kind) {
    case 'text':
      return [...WRONG_TYPES, HUGE, NUL];
    case 'name':
    case 'login':
      return [...WRONG_TYPES, null, '', '   ', HUGE, NUL];
    case 'secret':
      return [...WRONG_TYPES, null, '', HUGE, NUL];
    case 'optSecret':
      return [...WRONG_TYPES, HUGE, NUL];
    case 'checked':
      return [...WRONG_TYPES, HUGE, NUL, 'abc', '123456789012345', ...META];
    case 'money':
      return [
        'abc',
        '10,50',
        '10',
        -1,
        -0.01,
        1.234,
        0.001,
        10.005,
        1e13,
        false,
        [1],
        { v: 1 },
        NUL,
        ...META,
      ];
    case 'reqMoney':
      return [...badValues('money'), null, 0];
    case 'date':
      return [...IMPOSSIBLE_DATES, 20260101, true, ['2026-01-01'], { d: 1 }, HUGE, NUL, ...META];
    case 'id':
      return [...UNKNOWN_IDS, true, [1], { id: 1 }, null, '', NUL, ...META];
    case 'normalStatus':
      return status([107, 108, 200, 300]);
    case 'returnedStatus':
      return status([204, 205, 100]);
    case 'externalStatus':
      return status([301, 302, 100]);
    case 'partsStatus':
      return ['abc', 99999, -1, 1.5, null, 103, 104, 300, ...WRONG_TYPES.slice(1), ...META];
    case 'origin':
      return [300, 0, '100', 'abc', null, true, [100], { o: 100 }];
    case 'authority':
      return [200, 'abc', true, [100], { a: 100 }];
    case 'entryType':
      return [101, 102, 104, 301, 302, 999, 'abc', null, '', true, [103], { t: 103 }];
  }
}

type QueryKind = 'qtext' | 'qstatus' | 'qdate' | 'qlimit' | 'qoffset';

/** Query values (strings, or a repeated key) that must be refused, and ones that must merely not hurt. */
function badQueryValues(kind: QueryKind): {
  refused: (string | string[])[];
  harmless: string[];
  either: string[];
} {
  switch (kind) {
    case 'qtext':
      return { refused: [['a', 'b'], HUGE], harmless: [...META, '%', '_', '\\', '*'], either: [NUL] };
    case 'qstatus':
      return {
        refused: ['abc', '99999', '-1', '1.5', ['100', '101'], HUGE, NUL, ...META],
        harmless: [],
        either: [],
      };
    case 'qdate':
      return {
        refused: [...IMPOSSIBLE_DATES, ['2026-01-01', '2026-01-02'], HUGE, NUL, ...META],
        harmless: [],
        either: [],
      };
    case 'qlimit':
    case 'qoffset':
      return {
        refused: [
          ...(kind === 'qlimit' ? ['0', '1001'] : []),
          '-1',
          'abc',
          '1.5',
          '1e3',
          '0x10',
          ' 1',
          '',
          '99999999999',
          '9'.repeat(400),
          ['1', '2'],
          HUGE,
          NUL,
          ...META,
        ],
        harmless: [],
        either: [],
      };
  }
}

type Who = 'manager' | 'employee';

type BodySpec = {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: () => string;
  who: Who;
  fields: Record<string, Kind>;
  valid: () => Record<string, unknown>;
  /** The status of the valid body, sent last. */
  validStatus: number;
};

type QuerySpec = {
  name: string;
  path: string;
  who: Who;
  fields: Record<string, QueryKind>;
  valid: Record<string, string>;
};

const CONFIRM = { confirm_username: 'confirma', confirm_password: 'senha-confirma' };

describe.each(DB_TARGETS)('bad input to the api on %s', (kind) => {
  let api: TestApi;
  const tokens: Record<Who, string> = { manager: '', employee: '' };
  const ids: Record<string, number> = {};

  async function made(path: string, body: unknown, method = 'POST'): Promise<number> {
    const res = await call(api.url, method, path, { token: tokens.manager, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return (res.json as { id: number }).id;
  }

  beforeAll(async () => {
    api = await startTestApi(kind);
    tokens.manager = (await apiLogin(api, MANAGER.username, MANAGER.password)).token;
    const employee = await createEmployee(api, 'perfil-func', 'senha-perfil');
    tokens.employee = (await apiLogin(api, employee.username, employee.password)).token;
    // The manager who confirms destructive calls: wrong passwords here never lock the one who signs in.
    const confirm = await call(api.url, 'POST', '/users', {
      token: tokens.manager,
      body: {
        origin: 100,
        authority_level: 100,
        admin_password: MANAGER.password,
        username: CONFIRM.confirm_username,
        password: CONFIRM.confirm_password,
      },
    });
    if (confirm.status !== 201) throw new Error(`second manager: ${confirm.status} ${confirm.text}`);

    ids.client = await made('/clients', { name: 'Cliente Fixo' });
    ids.clientDelete = await made('/clients', { name: 'Cliente a Apagar' });
    const normal = (fix = false) =>
      made('/service-orders/normal', { client_id: ids.client, product_name: 'TV' }).then(async (id) => {
        if (fix) {
          await made(
            `/service-orders/normal/${id}`,
            { status: 104, product_name: 'TV', fix_value_final: 150, fix_payment_method: 'Pix' },
            'PUT',
          );
        }
        return id;
      });
    ids.normalEdit = await normal();
    ids.normalUpfront = await normal();
    ids.normalClose = await normal(true);
    ids.normalCancel = await normal();
    ids.normalDelete = await normal();
    ids.original = await normal();
    ids.returnedEdit = await made('/service-orders/returned', {
      original_service_order_id: ids.original,
      return_motive: 'Voltou',
    });
    ids.externalEdit = await made('/service-orders/external', { client_id: ids.client, product_name: 'Ar' });
    const order = () =>
      made('/orders', { client_id: ids.client, piece_name: 'Tela', piece_value: 80 }).then(async (id) => {
        await made(
          `/orders/${id}`,
          { status: 100, piece_name: 'Tela', piece_value: 80, payment_method: 'Pix' },
          'PUT',
        );
        return id;
      });
    ids.orderEdit = await order();
    ids.orderUpfront = await order();
    ids.orderClose = await order();
    ids.orderCancel = await order();
    ids.orderDelete = await order();
    const entry = { type: 103, value: 10, description: 'Venda', payment_method: 'Pix' };
    ids.entryEdit = await made('/transactions', entry);
    ids.entryDelete = await made('/transactions', entry);
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
  });

  const productFields = {
    product_model: 'text',
    product_brand: 'text',
    product_serial: 'text',
    product_accessories: 'text',
    product_details: 'text',
  } as const;
  const fixFields = {
    fix_technician_name: 'text',
    fix_date: 'date',
    fix_description: 'text',
    fix_value_pieces: 'money',
    fix_value_labor: 'money',
    fix_value_final: 'money',
    fix_payment_method: 'text',
  } as const;
  const serviceFields = {
    service_details: 'text',
    service_type: 'text',
    service_date: 'date',
    service_period: 'text',
    service_value: 'money',
    service_payment_method: 'text',
  } as const;
  const clientFields = {
    name: 'name',
    cpf: 'checked',
    cnpj: 'checked',
    email: 'checked',
    phone1: 'text',
    phone2: 'text',
    phone3: 'text',
    zip_code: 'checked',
    address: 'text',
    number: 'text',
    complement: 'text',
    neighborhood: 'text',
    city: 'text',
    state: 'checked',
  } as const;
  const confirmFields = { confirm_username: 'login', confirm_password: 'secret' } as const;

  const BODIES: BodySpec[] = [
    {
      name: 'sign in',
      method: 'POST',
      path: () => '/sessions',
      who: 'employee',
      fields: { username: 'login', password: 'secret' },
      valid: () => ({ username: 'perfil-func', password: 'senha-perfil' }),
      validStatus: 200,
    },
    {
      name: 'refresh',
      method: 'POST',
      path: () => '/sessions/refresh',
      who: 'employee',
      fields: { refresh_token: 'optSecret' },
      valid: () => ({ refresh_token: 'um-token-que-nao-existe' }),
      validStatus: 401,
    },
    {
      name: 'profile',
      method: 'PUT',
      path: () => '/profile',
      who: 'employee',
      fields: {
        username: 'name',
        password_old: 'optSecret',
        password_new: 'optSecret',
        password_confirm: 'optSecret',
      },
      valid: () => ({ username: 'perfil-func' }),
      validStatus: 200,
    },
    {
      name: 'create manager',
      method: 'POST',
      path: () => '/users',
      who: 'manager',
      fields: {
        origin: 'origin',
        username: 'name',
        password: 'secret',
        admin_password: 'secret',
        authority_level: 'authority',
      },
      valid: () => ({
        origin: 200,
        username: 'gerente-filial',
        password: 'senha-1234',
        admin_password: MANAGER.password,
        authority_level: 100,
      }),
      validStatus: 201,
    },
    {
      name: 'create employee',
      method: 'POST',
      path: () => '/employees',
      who: 'manager',
      fields: { origin: 'origin', username: 'name', password: 'secret' },
      valid: () => ({ origin: 100, username: 'func-nova', password: 'senha-1234' }),
      validStatus: 201,
    },
    {
      name: 'create client',
      method: 'POST',
      path: () => '/clients',
      who: 'employee',
      fields: clientFields,
      valid: () => ({
        name: 'Cliente Novo',
        cpf: '529.982.247-25',
        email: 'a@b.com.br',
        zip_code: '01001-000',
        state: 'sp',
      }),
      validStatus: 201,
    },
    {
      name: 'edit client',
      method: 'PUT',
      path: () => `/clients/${ids.client}`,
      who: 'employee',
      fields: clientFields,
      valid: () => ({ name: 'Cliente Fixo' }),
      validStatus: 200,
    },
    {
      name: 'delete client',
      method: 'DELETE',
      path: () => `/clients/${ids.clientDelete}`,
      who: 'employee',
      fields: confirmFields,
      valid: () => ({ ...CONFIRM }),
      validStatus: 204,
    },
    {
      name: 'open normal O.S.',
      method: 'POST',
      path: () => '/service-orders/normal',
      who: 'employee',
      fields: { client_id: 'id', product_name: 'name', ...productFields },
      valid: () => ({ client_id: ids.client, product_name: 'Rádio' }),
      validStatus: 201,
    },
    {
      name: 'open return O.S.',
      method: 'POST',
      path: () => '/service-orders/returned',
      who: 'employee',
      fields: { original_service_order_id: 'id', return_motive: 'name' },
      valid: () => ({ original_service_order_id: ids.original, return_motive: 'De novo' }),
      validStatus: 201,
    },
    {
      name: 'open external O.S.',
      method: 'POST',
      path: () => '/service-orders/external',
      who: 'employee',
      fields: { client_id: 'id', product_name: 'name', ...productFields, ...serviceFields },
      valid: () => ({
        client_id: ids.client,
        product_name: 'Geladeira',
        service_date: '2026-03-10',
        service_value: 90.5,
      }),
      validStatus: 201,
    },
    {
      name: 'edit normal O.S.',
      method: 'PUT',
      path: () => `/service-orders/normal/${ids.normalEdit}`,
      who: 'employee',
      fields: { status: 'normalStatus', product_name: 'name', ...productFields, ...fixFields },
      valid: () => ({ status: 101, product_name: 'TV', fix_date: '2026-03-01', fix_value_final: 12.34 }),
      validStatus: 200,
    },
    {
      name: 'edit return O.S.',
      method: 'PUT',
      path: () => `/service-orders/returned/${ids.returnedEdit}`,
      who: 'employee',
      fields: { status: 'returnedStatus', return_motive: 'name', ...fixFields },
      valid: () => ({ status: 201, return_motive: 'Voltou' }),
      validStatus: 200,
    },
    {
      name: 'edit external O.S.',
      method: 'PUT',
      path: () => `/service-orders/external/${ids.externalEdit}`,
      who: 'employee',
      fields: { status: 'externalStatus', product_name: 'name', ...productFields, ...serviceFields },
      valid: () => ({ status: 300, product_name: 'Ar' }),
      validStatus: 200,
    },
    {
      name: 'delete O.S.',
      method: 'DELETE',
      path: () => `/service-orders/${ids.normalDelete}`,
      who: 'employee',
      fields: confirmFields,
      valid: () => ({ ...CONFIRM }),
      validStatus: 204,
    },
    {
      name: 'upfront payment of an O.S.',
      method: 'POST',
      path: () => '/transactions/upfront-payment/service-order',
      who: 'employee',
      fields: {
        service_order_id: 'id',
        value: 'reqMoney',
        description: 'name',
        date: 'date',
        payment_method: 'name',
      },
      valid: () => ({
        service_order_id: ids.normalUpfront,
        value: 0.01,
        description: 'Sinal',
        payment_method: 'Pix',
      }),
      validStatus: 201,
    },
    {
      name: 'close an O.S.',
      method: 'POST',
      path: () => '/transactions/close/service-order',
      who: 'employee',
      fields: { service_order_id: 'id', date: 'date', description: 'text' },
      valid: () => ({ service_order_id: ids.normalClose, date: '2026-03-02', description: '' }),
      validStatus: 201,
    },
    {
      name: 'cancel an O.S.',
      method: 'POST',
      path: () => '/transactions/cancel/service-order',
      who: 'employee',
      fields: { service_order_id: 'id', cancel_motive: 'name', date: 'date' },
      valid: () => ({ service_order_id: ids.normalCancel, cancel_motive: 'Desistiu', date: '2026-03-02' }),
      validStatus: 201,
    },
    {
      name: 'open parts order',
      method: 'POST',
      path: () => '/orders',
      who: 'employee',
      fields: {
        client_id: 'id',
        piece_name: 'name',
        piece_code: 'text',
        piece_value: 'money',
        product_model: 'text',
      },
      valid: () => ({ client_id: ids.client, piece_name: 'Bateria', piece_value: 1234.56 }),
      validStatus: 201,
    },
    {
      name: 'edit parts order',
      method: 'PUT',
      path: () => `/orders/${ids.orderEdit}`,
      who: 'employee',
      fields: {
        status: 'partsStatus',
        piece_name: 'name',
        piece_code: 'text',
        product_model: 'text',
        piece_value: 'money',
        payment_method: 'text',
        manufacturer_date: 'date',
        manufacturer_code: 'text',
      },
      valid: () => ({
        status: 101,
        piece_name: 'Tela',
        piece_value: 80,
        payment_method: 'Pix',
        manufacturer_date: '2026-03-01',
      }),
      validStatus: 200,
    },
    {
      name: 'delete parts order',
      method: 'DELETE',
      path: () => `/orders/${ids.orderDelete}`,
      who: 'employee',
      fields: confirmFields,
      valid: () => ({ ...CONFIRM }),
      validStatus: 204,
    },
    {
      name: 'upfront payment of a parts order',
      method: 'POST',
      path: () => '/transactions/upfront-payment/order',
      who: 'employee',
      fields: {
        order_id: 'id',
        value: 'reqMoney',
        description: 'name',
        date: 'date',
        payment_method: 'name',
      },
      valid: () => ({
        order_id: ids.orderUpfront,
        value: 10,
        description: 'Sinal',
        payment_method: 'Dinheiro',
      }),
      validStatus: 201,
    },
    {
      name: 'close a parts order',
      method: 'POST',
      path: () => '/transactions/close/order',
      who: 'employee',
      fields: { order_id: 'id', date: 'date', description: 'text' },
      valid: () => ({ order_id: ids.orderClose, date: '2026-03-02', description: '' }),
      validStatus: 201,
    },
    {
      name: 'cancel a parts order',
      method: 'POST',
      path: () => '/transactions/cancel/order',
      who: 'employee',
      fields: { order_id: 'id', cancel_motive: 'name', date: 'date', ...confirmFields },
      valid: () => ({ order_id: ids.orderCancel, cancel_motive: 'Desistiu', date: '2026-03-02', ...CONFIRM }),
      validStatus: 201,
    },
    {
      name: 'manual cash entry',
      method: 'POST',
      path: () => '/transactions',
      who: 'manager',
      fields: {
        type: 'entryType',
        value: 'reqMoney',
        description: 'name',
        payment_method: 'name',
        date: 'date',
      },
      valid: () => ({
        type: 201,
        value: 0.01,
        description: 'Compra',
        payment_method: 'Pix',
        date: '2026-03-02',
      }),
      validStatus: 201,
    },
    {
      name: 'edit cash entry',
      method: 'PUT',
      path: () => `/transactions/${ids.entryEdit}`,
      who: 'manager',
      fields: { type: 'entryType', value: 'reqMoney', description: 'name', payment_method: 'name' },
      valid: () => ({ type: 103, value: 11, description: 'Venda', payment_method: 'Pix' }),
      validStatus: 200,
    },
    {
      name: 'delete cash entry',
      method: 'DELETE',
      path: () => `/transactions/${ids.entryDelete}`,
      who: 'manager',
      fields: confirmFields,
      valid: () => ({ ...CONFIRM }),
      validStatus: 204,
    },
  ];

  const QUERIES: QuerySpec[] = [
    {
      name: 'client search',
      path: '/clients',
      who: 'employee',
      fields: { filter: 'qtext' },
      valid: { filter: 'Fixo' },
    },
    {
      name: 'O.S. by number',
      path: '/service-orders',
      who: 'employee',
      fields: { number: 'qtext' },
      valid: { number: 'M1' },
    },
    ...(['normal', 'returned', 'external'] as const).map(
      (k): QuerySpec => ({
        name: `${k} O.S. list`,
        path: `/service-orders/${k}`,
        who: 'employee',
        fields: { status: 'qstatus', number: 'qtext' },
        valid: { status: { normal: '100', returned: '200', external: '300' }[k] },
      }),
    ),
    {
      name: 'parts orders list',
      path: '/orders',
      who: 'employee',
      fields: { status: 'qstatus', number: 'qtext' },
      valid: { status: '100' },
    },
    {
      name: 'cash of a day',
      path: '/transactions/day',
      who: 'manager',
      fields: { date: 'qdate' },
      valid: { date: '2026-03-02' },
    },
    {
      name: 'cash of a period',
      path: '/transactions/period',
      who: 'manager',
      fields: { start_date: 'qdate', end_date: 'qdate' },
      valid: { start_date: '2026-03-01', end_date: '2026-03-31' },
    },
    {
      name: 'one page of the cash of a period',
      path: '/transactions/period',
      who: 'manager',
      fields: { start_date: 'qdate', end_date: 'qdate', limit: 'qlimit', offset: 'qoffset' },
      valid: { start_date: '2026-03-01', end_date: '2026-03-31', limit: '200', offset: '0' },
    },
    {
      name: 'summary of the cash of a period',
      path: '/transactions/period/summary',
      who: 'manager',
      fields: { start_date: 'qdate', end_date: 'qdate' },
      valid: { start_date: '2026-03-01', end_date: '2026-03-31' },
    },
  ];

  /** Why an answer to a refused input is wrong, or null. */
  function refusalProblem(res: ApiAnswer): string | null {
    if (res.status < 400 || res.status >= 500) return `status ${res.status}: ${res.text.slice(0, 160)}`;
    const problems = errorProblems(res);
    return problems.length ? problems.join('; ') : null;
  }

  const show = (v: unknown) => {
    const text = JSON.stringify(v) ?? String(v);
    return text.length > 40 ? `${text.slice(0, 37)}...` : text;
  };

  for (const spec of BODIES) {
    it(`${spec.name}: every bad field value is refused with nothing written`, async () => {
      const wrong: string[] = [];
      for (const [field, fieldKind] of Object.entries(spec.fields)) {
        const before = await rowCounts(api.deps.db);
        // All of a field's values at once, as a burst of bad clients would send them.
        await Promise.all(
          badValues(fieldKind).map(async (value) => {
            const res = await call(api.url, spec.method, spec.path(), {
              token: tokens[spec.who],
              body: { ...spec.valid(), [field]: value },
            });
            const problem = refusalProblem(res);
            if (problem) wrong.push(`${field}=${show(value)}: ${problem}`);
          }),
        );
        const after = await rowCounts(api.deps.db);
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          wrong.push(`${field}: rows written ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
        }
      }
      expect(wrong).toEqual([]);

      // The same body with every field right is taken: the refusals above were the bad field's.
      const res = await call(api.url, spec.method, spec.path(), {
        token: tokens[spec.who],
        body: spec.valid(),
      });
      expect(res.status, res.text).toBe(spec.validStatus);
    });
  }

  it('whole bodies that are not JSON objects are refused on every endpoint that reads one', async () => {
    const raws = [
      '[]',
      '"x"',
      'null',
      '42',
      'true',
      '{"name":',
      '{',
      'não é json',
      "{'a':1}",
      `[${'['.repeat(5000)}`,
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      // An object, but only of prototype keys: refused for its missing fields, and pollutes nothing.
      '{"__proto__":{"polluted":"sim"},"constructor":{"prototype":{"polluted":"sim"}}}',
    ];
    const wrong: string[] = [];
    const before = await rowCounts(api.deps.db);
    for (const spec of BODIES) {
      for (const rawBody of raws) {
        const res = await call(api.url, spec.method, spec.path(), { token: tokens[spec.who], rawBody });
        const problem = refusalProblem(res);
        if (problem) wrong.push(`${spec.name} ${show(rawBody)}: ${problem}`);
      }
      // A body too large for the api, and a body that says it is not JSON.
      const big = await call(api.url, spec.method, spec.path(), {
        token: tokens[spec.who],
        rawBody: JSON.stringify({ ...spec.valid(), filler: 'x'.repeat(300_000) }),
      });
      if (big.status !== 413 || refusalProblem(big))
        wrong.push(`${spec.name} 300 kB: ${big.status} ${big.text.slice(0, 80)}`);
      const res = await fetch(new URL(spec.path(), api.url), {
        method: spec.method,
        headers: { authorization: `Bearer ${tokens[spec.who]}`, 'content-type': 'text/plain' },
        body: JSON.stringify(spec.valid()),
      });
      const text = await res.text();
      const answer = { status: res.status, text, json: text ? (JSON.parse(text) as unknown) : null };
      // Without a JSON content type the body is not read: the call lacks its fields (sign-out excepted).
      const problem = refusalProblem(answer);
      if (problem) wrong.push(`${spec.name} text/plain: ${problem}`);
    }
    // Sign-out always answers 204 and takes nothing from a broken body.
    for (const rawBody of raws) {
      const res = await call(api.url, 'POST', '/sessions/logout', { rawBody });
      if (res.status !== 204 && refusalProblem(res)) wrong.push(`logout ${show(rawBody)}: ${res.status}`);
    }
    const after = await rowCounts(api.deps.db);
    expect(wrong).toEqual([]);
    expect(after).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ids in paths that name nothing or cannot be ids: 404 (or 400), never a 500, nothing written', async () => {
    const paths = [
      ['GET', '/clients/:id', {}],
      ['PUT', '/clients/:id', { name: 'X' }],
      ['DELETE', '/clients/:id', CONFIRM],
      ['GET', '/service-orders/normal/:id', {}],
      ['GET', '/service-orders/returned/:id', {}],
      ['GET', '/service-orders/external/:id', {}],
      ['PUT', '/service-orders/normal/:id', { status: 100, product_name: 'X' }],
      ['PUT', '/service-orders/returned/:id', { status: 200, return_motive: 'X' }],
      ['PUT', '/service-orders/external/:id', { status: 300, product_name: 'X' }],
      ['DELETE', '/service-orders/:id', CONFIRM],
      ['GET', '/orders/:id', {}],
      ['PUT', '/orders/:id', { piece_name: 'X' }],
      ['DELETE', '/orders/:id', CONFIRM],
      ['PUT', '/transactions/:id', { type: 103, value: 1, description: 'X', payment_method: 'Pix' }],
      ['DELETE', '/transactions/:id', CONFIRM],
    ] as const;
    const badIds = [
      '999999',
      '2147483647',
      '2147483648',
      '99999999999999999999',
      '-1',
      '0',
      'abc',
      '1e3',
      '1.5',
      '%00',
      '1%00',
      '%27%3B',
      ' 1',
    ];
    const wrong: string[] = [];
    const before = await rowCounts(api.deps.db);
    for (const [method, template, body] of paths) {
      // A confirmation costs a password check: the deletes get the ids that reach the database.
      for (const id of method === 'DELETE' ? ['999999', '2147483648', 'abc', '%00'] : badIds) {
        const path = template.replace(':id', id);
        const res = await call(api.url, method, path, {
          token: tokens.manager,
          body: method === 'GET' ? undefined : body,
        });
        const problem = refusalProblem(res);
        if (problem || (res.status !== 404 && res.status !== 400)) {
          wrong.push(`${method} ${path}: ${problem ?? res.status}`);
        }
      }
    }
    const after = await rowCounts(api.deps.db);
    expect(wrong).toEqual([]);
    expect(after).toEqual(before);
  });

  for (const spec of QUERIES) {
    it(`${spec.name}: bad query values are refused, metacharacters searched harmlessly, nothing written`, async () => {
      const wrong: string[] = [];
      const before = await rowCounts(api.deps.db);
      for (const [field, fieldKind] of Object.entries(spec.fields)) {
        const { refused, harmless, either } = badQueryValues(fieldKind);
        for (const value of refused) {
          const res = await call(api.url, 'GET', spec.path, {
            token: tokens[spec.who],
            query: { ...spec.valid, [field]: value },
          });
          const problem = refusalProblem(res);
          if (problem) wrong.push(`${field}=${show(value)}: ${problem}`);
        }
        for (const value of harmless) {
          const res = await call(api.url, 'GET', spec.path, {
            token: tokens[spec.who],
            query: { ...spec.valid, [field]: value },
          });
          if (res.status !== 200 || !Array.isArray(res.json)) {
            wrong.push(`${field}=${show(value)} (harmless): ${res.status} ${res.text.slice(0, 120)}`);
          }
        }
        // A NUL cannot be searched for (PostgreSQL text holds none): found nothing, or refused — not a 500.
        for (const value of either) {
          const res = await call(api.url, 'GET', spec.path, {
            token: tokens[spec.who],
            query: { ...spec.valid, [field]: value },
          });
          const problem = res.status === 200 && Array.isArray(res.json) ? null : refusalProblem(res);
          if (problem) wrong.push(`${field}=${show(value)}: ${problem}`);
        }
      }
      const missing = await call(api.url, 'GET', spec.path, { token: tokens[spec.who] });
      const problem = refusalProblem(missing);
      if (problem) wrong.push(`no query: ${problem}`);
      const ok = await call(api.url, 'GET', spec.path, { token: tokens[spec.who], query: spec.valid });
      if (ok.status !== 200) wrong.push(`valid query: ${ok.status} ${ok.text.slice(0, 120)}`);
      const after = await rowCounts(api.deps.db);
      expect(wrong).toEqual([]);
      expect(after).toEqual(before);
    });
  }

  it('SQL and HTML metacharacters in free text are stored and returned verbatim', async () => {
    const token = tokens.employee;
    const get = async (path: string) => {
      const res = await call(api.url, 'GET', path, { token });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      return res.json as Record<string, unknown>;
    };
    for (const text of [...META, 'Zé & "Ana" <b>', "O'Brien\\n%_"]) {
      const clientText = {
        phone1: text,
        phone2: text,
        phone3: text,
        address: text,
        number: text,
        complement: text,
        neighborhood: text,
        city: text,
      };
      const client = await made('/clients', { name: text, ...clientText });
      expect(await get(`/clients/${client}`)).toMatchObject({ name: text, ...clientText });
      const found = await call(api.url, 'GET', '/clients', { token, query: { filter: text } });
      expect(found.status).toBe(200);

      const product = {
        product_name: text,
        product_model: text,
        product_brand: text,
        product_serial: text,
        product_accessories: text,
        product_details: text,
      };
      const fix = { fix_technician_name: text, fix_description: text, fix_payment_method: text };
      const normal = await made('/service-orders/normal', { client_id: client, ...product });
      await made(`/service-orders/normal/${normal}`, { status: 100, ...product, ...fix }, 'PUT');
      expect(await get(`/service-orders/normal/${normal}`)).toMatchObject({ ...product, ...fix });

      const returned = await made('/service-orders/returned', {
        original_service_order_id: normal,
        return_motive: text,
      });
      await made(`/service-orders/returned/${returned}`, { status: 200, return_motive: text, ...fix }, 'PUT');
      expect(await get(`/service-orders/returned/${returned}`)).toMatchObject({
        return_motive: text,
        ...fix,
      });

      const service = {
        service_details: text,
        service_type: text,
        service_period: text,
        service_payment_method: text,
      };
      const external = await made('/service-orders/external', { client_id: client, ...product, ...service });
      expect(await get(`/service-orders/external/${external}`)).toMatchObject({ ...product, ...service });

      const piece = { piece_name: text, piece_code: text, product_model: text };
      const order = await made('/orders', { client_id: client, ...piece });
      await made(`/orders/${order}`, { ...piece, payment_method: text, manufacturer_code: text }, 'PUT');
      expect(await get(`/orders/${order}`)).toMatchObject({
        ...piece,
        payment_method: text,
        manufacturer_code: text,
      });

      const pay = await call(api.url, 'POST', '/transactions/upfront-payment/service-order', {
        token,
        body: {
          service_order_id: normal,
          value: 1,
          description: text,
          payment_method: text,
          date: '2026-04-01',
        },
      });
      expect(pay.status, pay.text).toBe(201);
      const entry = await call(api.url, 'POST', '/transactions', {
        token: tokens.manager,
        body: { type: 103, value: 1, description: text, payment_method: text, date: '2026-04-01' },
      });
      expect(entry.status, entry.text).toBe(201);
      const day = await call(api.url, 'GET', '/transactions/day', {
        token: tokens.manager,
        query: { date: '2026-04-01' },
      });
      const entries = day.json as { description: string; payment_method: string }[];
      expect(entries.filter((e) => e.description === text && e.payment_method === text)).toHaveLength(2);
    }
    // And the tables are all still there.
    const counts = await rowCounts(api.deps.db);
    expect(counts.clients).toBeGreaterThan(2);
  });
});
