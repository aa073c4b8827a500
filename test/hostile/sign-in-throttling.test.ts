/**
 * Sign-in throttling (decision 019): limits per (username, client address) and per address, the address
 * passed from the web over a channel only the web can use, the counters shared by every api instance.
 * - one address guessing cannot block the staff elsewhere (10,000 attempts measured), through the web too;
 * - a locked pair leaves the account free from any other address, whatever the username's clothes;
 * - X-Forwarded-For is nobody's address, and the address header without the web's secret is ignored;
 * - two apis on one database see one count.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginLimiter, LIMITS } from '../../api/auth/login-limiter.ts';
import { createEmployee, MANAGER, startTestApi, TEST_WEB_API_SECRET, type TestApi } from '../support/api.ts';
import { agentOn, postForm, startTestWeb, type TestWeb, toastsOf } from '../support/web.ts';
import { call } from './support.ts';

const ADDRESS_ATTEMPTS = 20;

/** The headers the web passes the browser's address in (server/backend/http.ts). */
const CLIENT_ADDRESS_HEADER = 'x-bancada-client-address';
const WEB_SECRET_HEADER = 'x-bancada-web-secret';

const fromAddress = (address: string) => ({
  [CLIENT_ADDRESS_HEADER]: address,
  [WEB_SECRET_HEADER]: TEST_WEB_API_SECRET,
});

const login = (
  api: { url: string },
  username: string,
  password: string,
  headers: Record<string, string> = {},
) => call(api.url, 'POST', '/sessions', { body: { username, password }, headers });

describe('sign-in throttling', () => {
  let api: TestApi;
  let staff: { username: string; password: string };

  beforeAll(async () => {
    api = await startTestApi('pglite');
    // A smaller count per address than the shop's 100, to keep the password hashes this file computes
    // few; the web's test below uses the shop's own limits.
    api.deps.limiter = createLoginLimiter(api.deps.db, { ...LIMITS, addressAttempts: ADDRESS_ATTEMPTS });
    staff = await createEmployee(api, 'balconista', 'senha-balcao');
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('10,000 attempts from one address leave the staff at other addresses signing in', async () => {
    const attacker = fromAddress('203.0.113.7');
    const started = Date.now();
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < 10_000) {
        next += 1;
        const res = await login(api, `chute-${next}`, 'qualquer', attacker);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    const seconds = (Date.now() - started) / 1000;
    // At most one window's attempts reached a password check; the rest were refused at once.
    expect(statuses.get(401) ?? 0).toBeLessThanOrEqual(ADDRESS_ATTEMPTS);
    expect(statuses.get(429) ?? 0).toBeGreaterThanOrEqual(10_000 - ADDRESS_ATTEMPTS);
    expect(seconds).toBeLessThan(150);
    console.info(
      `10,000 attempts from one address in ${seconds.toFixed(1)} s: ${JSON.stringify([...statuses])}`,
    );

    const t0 = Date.now();
    const manager = await login(api, MANAGER.username, MANAGER.password, fromAddress('198.51.100.10'));
    const employee = await login(api, staff.username, staff.password, fromAddress('198.51.100.11'));
    expect(manager.status).toBe(200);
    expect(employee.status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(3_000);
    // The attacker's address is still refused, even for a name it never tried.
    expect((await login(api, staff.username, 'errada', attacker)).status).toBe(429);
  }, 200_000);

  it('a locked (username, address) pair: the account still signs in from another address', async () => {
    const target = await createEmployee(api, 'alvo-par', 'senha-par-1');
    const guesser = fromAddress('203.0.113.20');
    for (let i = 1; i <= 10; i += 1) {
      expect((await login(api, target.username, `errada-${i}`, guesser)).status, `attempt ${i}`).toBe(401);
    }
    expect((await login(api, target.username, target.password, guesser)).status).toBe(429);
    // The same name in other clothes (case, spaces, NFKC) is the same pair.
    expect((await login(api, ' ALVO-PAR ', target.password, guesser)).status).toBe(429);
    expect((await login(api, 'ａｌｖｏ-par', target.password, guesser)).status).toBe(429);
    // From any address that has not failed, the right password works.
    expect((await login(api, target.username, target.password, fromAddress('198.51.100.20'))).status).toBe(
      200,
    );
  });

  it('someone guessing names at the counter does not block a manager who signed in there before', async () => {
    const counter = fromAddress('192.0.2.50');
    expect((await login(api, MANAGER.username, MANAGER.password, counter)).status).toBe(200);
    for (let i = 0; i < ADDRESS_ATTEMPTS + 5; i += 1) await login(api, `nome-${i}`, 'x', counter);
    expect((await login(api, 'nome-novo', 'x', counter)).status).toBe(429);
    // The manager's dialog (a confirmation is the same check) still accepts the manager.
    expect((await login(api, MANAGER.username, MANAGER.password, counter)).status).toBe(200);
  }, 60_000);

  it('X-Forwarded-For and an address header without the secret change nothing: the socket is the address', async () => {
    const direct = await startTestApi('pglite');
    direct.deps.limiter = createLoginLimiter(direct.deps.db, {
      ...LIMITS,
      addressAttempts: ADDRESS_ATTEMPTS,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < ADDRESS_ATTEMPTS + 10; i += 1) {
        const headers = {
          'x-forwarded-for': `10.9.${i >> 8}.${i & 255}`,
          [CLIENT_ADDRESS_HEADER]: `10.8.${i >> 8}.${i & 255}`,
          [WEB_SECRET_HEADER]: 'nao-e-o-segredo-da-web-mas-tem-mais-de-32-caracteres',
        };
        statuses.push((await login(direct, `rotativo-${i}`, 'x', headers)).status);
      }
      expect(statuses.slice(0, ADDRESS_ATTEMPTS).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(ADDRESS_ATTEMPTS).every((s) => s === 429)).toBe(true);
    } finally {
      await direct.stop();
    }
  }, 120_000);
});

describe('sign-in throttling through the web', () => {
  let web: TestWeb;

  beforeAll(async () => {
    // Browsers reach this web through a proxy on loopback that names them in X-Forwarded-For.
    web = await startTestWeb({ env: { TRUST_PROXY: 'loopback' } });
    await createEmployee(web.api, 'caixa-web', 'senha-caixa-web');
  }, 120_000);
  afterAll(async () => {
    await web?.stop();
  });

  it('110 sign-ins with random names from one browser leave the others signing in', async () => {
    const { agent } = await agentOn(web, '/');
    const attacker = { 'x-forwarded-for': '203.0.113.99' };
    let refused = 0;
    for (let i = 0; i < 110; i += 1) {
      const page = await agent.get('/').set(attacker);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
      const res = await agent
        .post('/')
        .set(attacker)
        .type('form')
        .send({ _csrf: csrf, username: `aleatorio-${i}`, password: 'x' });
      if (res.status === 429) refused += 1;
    }
    expect(refused).toBeGreaterThanOrEqual(10);

    for (const [username, password, address] of [
      [MANAGER.username, MANAGER.password, '198.51.100.30'],
      ['caixa-web', 'senha-caixa-web', '198.51.100.31'],
    ] as const) {
      const { agent: other } = await agentOn(web, '/');
      const page = await other.get('/').set('x-forwarded-for', address);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
      const ok = await other
        .post('/')
        .set('x-forwarded-for', address)
        .type('form')
        .send({ _csrf: csrf, username, password });
      expect(ok.status, `${username}: ${toastsOf(ok.text).join(' | ')}`).toBe(303);
      expect(ok.headers.location).toBe('/consulta');
    }
    // The page people see when refused is the login failure, never a crash.
    const refusedPage = await postForm(agent, '/', { username: 'mais-um', password: 'x' });
    expect(refusedPage.status).toBeLessThan(500);
  }, 180_000);
});

describe.runIf(process.env.DATABASE_URL)('two apis on one database', () => {
  let first: TestApi;

  beforeAll(async () => {
    first = await startTestApi('postgres');
  }, 120_000);
  afterAll(async () => {
    await first?.stop();
  });

  it('count one sign-in limit: five wrong passwords on each lock the pair on both', async () => {
    const { createApiApp } = await import('../../api/app.ts');
    const { createLoginLimiter } = await import('../../api/auth/login-limiter.ts');
    // A second api process on the same database: its own app, its own limiter, the same tables.
    const second = createApiApp(
      { ...first.deps, limiter: createLoginLimiter(first.deps.db) },
      {
        webSecret: TEST_WEB_API_SECRET,
      },
    );
    const server = second.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const secondUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const target = await createEmployee(first, 'alvo-dois', 'senha-dois-1');
      const from = fromAddress('203.0.113.40');
      for (let i = 1; i <= 10; i += 1) {
        const res = await login(i % 2 ? first : { url: secondUrl }, target.username, `errada-${i}`, from);
        expect(res.status, `attempt ${i}`).toBe(401);
      }
      expect((await login(first, target.username, target.password, from)).status).toBe(429);
      expect((await login({ url: secondUrl }, target.username, target.password, from)).status).toBe(429);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 120_000);
});
