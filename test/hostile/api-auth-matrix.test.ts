/**
 * Every api endpoint against every kind of caller (API.md General, Manager confirmation; SPEC §6): no
 * token -> 401 'Invalid JWT token'; a token signed with another secret (or none, or garbage) -> 401; an
 * employee on a manager-only endpoint -> 403. The table is checked against the routes the Express app
 * really registers, so a new route that is not in it fails this test until someone decides its guard.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createEmployee, DB_TARGETS, MANAGER, startTestApi, type TestApi } from '../support/api.ts';
import { call } from './support.ts';

/** 'device': a print server's own key, never a session token (the print queue). */
type Guard = 'public' | 'signed-in' | 'manager' | 'device';
type Endpoint = { method: string; path: string; guard: Guard };

/** `:id` in a path is replaced by the id of a real row of the right kind. */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/healthz', guard: 'public' },
  { method: 'GET', path: '/readyz', guard: 'public' },
  { method: 'POST', path: '/sessions', guard: 'public' },
  { method: 'POST', path: '/sessions/refresh', guard: 'public' },
  { method: 'POST', path: '/sessions/logout', guard: 'public' },

  { method: 'GET', path: '/profile/me', guard: 'signed-in' },
  { method: 'PUT', path: '/profile', guard: 'signed-in' },
  { method: 'POST', path: '/users', guard: 'manager' },
  { method: 'POST', path: '/employees', guard: 'manager' },

  { method: 'GET', path: '/clients', guard: 'signed-in' },
  { method: 'POST', path: '/clients', guard: 'signed-in' },
  { method: 'GET', path: '/clients/:client', guard: 'signed-in' },
  { method: 'PUT', path: '/clients/:client', guard: 'signed-in' },
  { method: 'DELETE', path: '/clients/:client', guard: 'signed-in' },

  { method: 'GET', path: '/service-orders', guard: 'signed-in' },
  { method: 'GET', path: '/service-orders/normal', guard: 'signed-in' },
  { method: 'GET', path: '/service-orders/normal/:normal', guard: 'signed-in' },
  { method: 'GET', path: '/service-orders/returned', guard: 'signed-in' },
  { method: 'GET', path: '/service-orders/returned/:returned', guard: 'signed-in' },
  { method: 'GET', path: '/service-orders/external', guard: 'signed-in' },
  { method: 'GET', path: '/service-orders/external/:external', guard: 'signed-in' },
  { method: 'POST', path: '/service-orders/normal', guard: 'signed-in' },
  { method: 'POST', path: '/service-orders/returned', guard: 'signed-in' },
  { method: 'POST', path: '/service-orders/external', guard: 'signed-in' },
  { method: 'PUT', path: '/service-orders/normal/:normal', guard: 'signed-in' },
  { method: 'PUT', path: '/service-orders/returned/:returned', guard: 'signed-in' },
  { method: 'PUT', path: '/service-orders/external/:external', guard: 'signed-in' },
  { method: 'DELETE', path: '/service-orders/:normal', guard: 'signed-in' },
  { method: 'POST', path: '/transactions/upfront-payment/service-order', guard: 'signed-in' },
  { method: 'POST', path: '/transactions/close/service-order', guard: 'signed-in' },
  { method: 'POST', path: '/transactions/cancel/service-order', guard: 'signed-in' },

  { method: 'GET', path: '/orders', guard: 'signed-in' },
  { method: 'POST', path: '/orders', guard: 'signed-in' },
  { method: 'GET', path: '/orders/:order', guard: 'signed-in' },
  { method: 'PUT', path: '/orders/:order', guard: 'signed-in' },
  { method: 'DELETE', path: '/orders/:order', guard: 'signed-in' },
  { method: 'POST', path: '/transactions/upfront-payment/order', guard: 'signed-in' },
  { method: 'POST', path: '/transactions/close/order', guard: 'signed-in' },
  { method: 'POST', path: '/transactions/cancel/order', guard: 'signed-in' },

  { method: 'GET', path: '/transactions/day', guard: 'manager' },
  { method: 'GET', path: '/transactions/period', guard: 'manager' },
  { method: 'GET', path: '/transactions/period/summary', guard: 'manager' },
  { method: 'POST', path: '/transactions', guard: 'manager' },
  { method: 'PUT', path: '/transactions/:transaction', guard: 'manager' },
  // Deleting an entry is checked by the manager confirmation in the body, not by the caller's role.
  { method: 'DELETE', path: '/transactions/:transaction', guard: 'signed-in' },

  { method: 'GET', path: '/printers', guard: 'signed-in' },
  { method: 'POST', path: '/printers', guard: 'manager' },
  { method: 'POST', path: '/printers/:printer/key', guard: 'manager' },
  { method: 'DELETE', path: '/printers/:printer/key', guard: 'manager' },
  { method: 'POST', path: '/printers/:printer/jobs', guard: 'signed-in' },
  { method: 'GET', path: '/print-jobs', guard: 'signed-in' },
  { method: 'GET', path: '/print-jobs/:job', guard: 'signed-in' },
  { method: 'GET', path: '/print-queue', guard: 'device' },
  { method: 'GET', path: '/print-queue/:job/sheet', guard: 'device' },
  { method: 'POST', path: '/print-queue/:job', guard: 'device' },

  // The client's side (decision 020): the public status page's lookup takes the link's token only.
  { method: 'GET', path: '/status-links/public/:token', guard: 'public' },
  { method: 'GET', path: '/status-links/service-order/:normal', guard: 'signed-in' },
  { method: 'GET', path: '/status-links/order/:order', guard: 'signed-in' },
  { method: 'POST', path: '/status-links/service-order/:normal/renew', guard: 'signed-in' },
  { method: 'POST', path: '/status-links/order/:order/renew', guard: 'signed-in' },
  { method: 'GET', path: '/order-history/service-order/:normal', guard: 'signed-in' },
  { method: 'GET', path: '/order-history/order/:order', guard: 'signed-in' },
  { method: 'POST', path: '/order-history/service-order/:normal/events', guard: 'signed-in' },
  { method: 'POST', path: '/order-history/order/:order/events', guard: 'signed-in' },
  { method: 'GET', path: '/warranty/service-order/:normal', guard: 'signed-in' },
  { method: 'GET', path: '/warranty/order/:order', guard: 'signed-in' },
  { method: 'GET', path: '/shop-settings', guard: 'signed-in' },
  { method: 'PUT', path: '/shop-settings', guard: 'manager' },

  // Staff (Configurações › Usuários).
  { method: 'GET', path: '/users', guard: 'manager' },
  { method: 'PUT', path: '/users/:staff/active', guard: 'manager' },

  // The owner's reports (decision 022).
  { method: 'GET', path: '/reports/dashboard', guard: 'manager' },
  { method: 'GET', path: '/reports/orders', guard: 'manager' },
  { method: 'GET', path: '/reports/cash', guard: 'manager' },
  { method: 'GET', path: '/reports/cash/export.csv', guard: 'manager' },
  { method: 'GET', path: '/reports/cash/export.xlsx', guard: 'manager' },
];

/** Routes behind a session token (every one but the public ones and the print server's). */
const withToken = (e: Endpoint) => e.guard !== 'public' && e.guard !== 'device';

/** The route as Express registered it: ':client' and friends are all ':id' there. */
const routeKey = (method: string, path: string) => `${method} ${path.replace(/:[a-z]+/g, ':id')}`;

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

/** Every method + path the app answers, walking the router stack (routers mounted without a prefix). */
function registeredRoutes(app: TestApi['app']): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on) found.push(routeKey(method.toUpperCase(), layer.route.path));
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

/** A body that passes validation where one is needed, so the answer can only come from the guard. */
function plausibleBody(method: string): unknown {
  return method === 'GET' ? undefined : { confirm_username: 'x', confirm_password: 'y' };
}

describe.each(DB_TARGETS)('api authorisation matrix on %s', (kind) => {
  let api: TestApi;
  let ids: Record<string, number | string>;
  let employeeToken: string;
  let managerToken: string;
  const forged: Record<string, string> = {};

  beforeAll(async () => {
    api = await startTestApi(kind);
    const manager = await apiLogin(api, MANAGER.username, MANAGER.password);
    managerToken = manager.token;
    const employee = await createEmployee(api, 'matriz-func', 'senha-func-1');
    employeeToken = (await apiLogin(api, employee.username, employee.password)).token;

    const as = { token: managerToken };
    const made = async (method: string, path: string, body: unknown) => {
      const res = await call(api.url, method, path, { ...as, body });
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
      return (res.json as { id: number }).id;
    };
    const client = await made('POST', '/clients', { name: 'Cliente da Matriz' });
    const normal = await made('POST', '/service-orders/normal', { client_id: client, product_name: 'TV' });
    const returned = await made('POST', '/service-orders/returned', {
      original_service_order_id: normal,
      return_motive: 'Voltou',
    });
    const external = await made('POST', '/service-orders/external', {
      client_id: client,
      product_name: 'Ar-condicionado',
    });
    const order = await made('POST', '/orders', { client_id: client, piece_name: 'Tela' });
    const transaction = await made('POST', '/transactions', {
      type: 103,
      value: 10,
      description: 'Venda',
      payment_method: 'Pix',
    });
    const printer = await call(api.url, 'POST', '/printers', {
      ...as,
      body: { name: 'Matriz', paper: 'a4' },
    });
    const job = '00000000-0000-4000-8000-000000000000';
    ids = {
      client,
      normal,
      returned,
      external,
      order,
      transaction,
      printer: (printer.json as { printer: { id: number } }).printer.id,
      job,
      // No such link or user: the guard is what answers, and nobody is deactivated.
      token: 'A'.repeat(22),
      staff: 999_999,
    };

    // The same claims as the real manager's token, signed with a secret that is not the api's.
    const claims = { username: MANAGER.username, authority_level: 100, origin: 100 };
    forged['another secret'] = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(manager.user.id))
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('um-segredo-que-nao-e-o-da-api-0123456789'));
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    forged['alg none'] =
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: String(manager.user.id), iat: now, exp: now + 900 })}.`;
    const [header, , signature] = managerToken.split('.');
    forged['claims swapped under a real signature'] =
      `${header}.${b64({ ...claims, sub: '1', authority_level: 100, iat: now, exp: now + 9000 })}.${signature}`;
    forged.garbage = 'nao-e-um-jwt';
  });
  afterAll(async () => {
    await api?.stop();
  });

  const pathOf = (e: Endpoint) => e.path.replace(/:([a-z]+)/g, (_m, name: string) => String(ids[name]));

  it('the table names every route the app registers, and nothing else', () => {
    const registered = registeredRoutes(api.app).sort();
    const table = ENDPOINTS.map((e) => routeKey(e.method, e.path)).sort();
    expect(new Set(table).size).toBe(table.length);
    // A route missing here was added to the api without a row in ENDPOINTS: add it with its guard.
    expect(registered).toEqual(table);
  });

  it('without a token: 401 "Invalid JWT token" everywhere but the public endpoints', async () => {
    const wrong: string[] = [];
    for (const e of ENDPOINTS.filter(withToken)) {
      const res = await call(api.url, e.method, pathOf(e), { body: plausibleBody(e.method) });
      const message = (res.json as { message?: string } | null)?.message;
      if (res.status !== 401 || message !== 'Invalid JWT token') {
        wrong.push(`${e.method} ${e.path}: ${res.status} ${res.text.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the public endpoints answer without a token (and never 401 "Invalid JWT token")', async () => {
    for (const e of ENDPOINTS.filter((x) => x.guard === 'public')) {
      const res = await call(api.url, e.method, e.path, { body: e.method === 'GET' ? undefined : {} });
      expect(res.status, `${e.method} ${e.path}`).toBeLessThan(500);
      expect((res.json as { message?: string } | null)?.message).not.toBe('Invalid JWT token');
    }
  });

  it("the print server's endpoints take only a device key: no key, a session token or a forged one -> 401", async () => {
    const wrong: string[] = [];
    const tokens = { none: undefined, manager: managerToken, employee: employeeToken, ...forged };
    for (const [how, token] of Object.entries(tokens)) {
      for (const e of ENDPOINTS.filter((x) => x.guard === 'device')) {
        const res = await call(api.url, e.method, pathOf(e), {
          ...(token ? { token } : {}),
          body: e.method === 'GET' ? undefined : { status: 'printed' },
        });
        const message = (res.json as { message?: string } | null)?.message;
        if (res.status !== 401 || message !== 'Chave de dispositivo inválida') {
          wrong.push(`${how}: ${e.method} ${e.path}: ${res.status} ${res.text.slice(0, 100)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a malformed Authorization header is the same 401', async () => {
    for (const header of [
      'Bearer',
      'Bearer ',
      `Basic ${managerToken}`,
      managerToken,
      `Bearer ${'a'.repeat(9000)}`,
    ]) {
      const res = await call(api.url, 'GET', '/profile/me', { headers: { authorization: header } });
      expect(res.status, header.slice(0, 20)).toBe(401);
      expect(res.json).toEqual({ status: 'error', message: 'Invalid JWT token' });
    }
  });

  it('with a forged token: 401 everywhere but the public endpoints', async () => {
    const wrong: string[] = [];
    for (const [how, token] of Object.entries(forged)) {
      for (const e of ENDPOINTS.filter(withToken)) {
        const res = await call(api.url, e.method, pathOf(e), { token, body: plausibleBody(e.method) });
        const message = (res.json as { message?: string } | null)?.message;
        if (res.status !== 401 || message !== 'Invalid JWT token') {
          wrong.push(`${how}: ${e.method} ${e.path}: ${res.status} ${res.text.slice(0, 100)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('with an employee token: 403 on the manager-only endpoints, before any body is read', async () => {
    const manager = ENDPOINTS.filter((e) => e.guard === 'manager');
    expect(manager.map((e) => routeKey(e.method, e.path)).sort()).toEqual(
      [
        'GET /transactions/day',
        'GET /transactions/period',
        'GET /transactions/period/summary',
        'POST /employees',
        'POST /printers',
        'POST /printers/:id/key',
        'DELETE /printers/:id/key',
        'POST /transactions',
        'POST /users',
        'PUT /transactions/:id',
        'PUT /shop-settings',
        'GET /users',
        'PUT /users/:id/active',
        'GET /reports/dashboard',
        'GET /reports/orders',
        'GET /reports/cash',
        'GET /reports/cash/export.csv',
        'GET /reports/cash/export.xlsx',
      ].sort(),
    );
    const before = await api.deps.db
      .selectFrom('audit_log')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirst();
    for (const e of manager) {
      // A body (and query) that would pass validation: the refusal can only be the role.
      const res = await call(api.url, e.method, pathOf(e), {
        token: employeeToken,
        query:
          e.path === '/transactions/day'
            ? { date: '2026-01-10' }
            : e.path.startsWith('/transactions/period')
              ? { start_date: '2026-01-01', end_date: '2026-01-10' }
              : {},
        body:
          e.method === 'GET'
            ? undefined
            : e.path === '/users'
              ? { origin: 100, username: 'intruso', password: 'senha-1234', admin_password: MANAGER.password }
              : e.path === '/employees'
                ? { origin: 100, username: 'intruso2', password: 'senha-1234' }
                : { type: 103, value: 1, description: 'x', payment_method: 'Pix' },
      });
      expect(res.status, `${e.method} ${e.path}: ${res.text}`).toBe(403);
      expect(res.json).toMatchObject({ status: 'error', message: 'Acesso restrito a gerentes' });
    }
    const after = await api.deps.db
      .selectFrom('audit_log')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
    const intruders = await api.deps.db
      .selectFrom('users')
      .select('username')
      .where('username', 'in', ['intruso', 'intruso2'])
      .execute();
    expect(intruders).toEqual([]);
  });

  it('with an employee token: every other signed-in endpoint is let through (never 401/403 by role)', async () => {
    const wrong: string[] = [];
    for (const e of ENDPOINTS.filter((x) => x.guard === 'signed-in')) {
      if (e.method === 'DELETE') continue; // a confirmation with wrong credentials is its own 403
      const body = e.method === 'GET' ? undefined : {};
      const res = await call(api.url, e.method, pathOf(e), { token: employeeToken, body });
      if (res.status === 401 || res.status === 403 || res.status >= 500) {
        wrong.push(`${e.method} ${e.path}: ${res.status} ${res.text.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the manager token passes every guard', async () => {
    const res = await call(api.url, 'GET', '/transactions/day', {
      token: managerToken,
      query: { date: '2026-01-10' },
    });
    expect(res.status).toBe(200);
  });
});
