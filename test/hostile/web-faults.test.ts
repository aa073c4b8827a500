/**
 * What breaks around the web and the api, and how they come back (SPEC §7 time-out; DESIGN: sessions in
 * Redis, api on PostgreSQL). Every fault is one we control: a TCP proxy of our own in front of the
 * in-process api or of PostgreSQL, a redis-server child of our own. The machine's shared services are
 * never stopped.
 * - the api down: a clear 503 'Servidor indisponível' on a signed-in page and on the login, the session
 *   kept: when the api is back the same browser works without signing in again;
 * - the api hanging: the time-out (API_TIMEOUT_MS, 20 s by default, shortened here) gives the same page;
 * - Redis down: a clear 503, no crash, and service again when it returns;
 * - PostgreSQL restarted under the api: at most one failed request, then the api works again.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskRequestUrl } from '../../runtime/logger.ts';
import { BackendUnavailable } from '../../server/backend/errors.ts';
import { createApiHttp } from '../../server/backend/http.ts';
import { readWebEnv } from '../../server/env.ts';
import { answerClientErrors } from '../../server/oversized-requests.ts';
import { apiLogin, MANAGER, startTestApi, type TestApi } from '../support/api.ts';
import { type Agent, agentOn, postForm, signIn } from '../support/web.ts';
import {
  call,
  hasRedisServer,
  memoryLog,
  type OwnRedis,
  ownRedis,
  silentServer,
  startLoggedApi,
  startLoggedWeb,
  type TcpProxy,
  tcpProxy,
} from './support.ts';

const UNAVAILABLE = '<h1>Servidor indisponível</h1>';
/** Nothing of the failure's insides reaches the page. */
const LEAK = /ECONNREFUSED|ECONNRESET|UND_ERR|undici|node_modules|\/work\/|\bat \S+ \(|Timeout|Error:/;

describe('faults around the web and the api', () => {
  let api: TestApi;
  let clientId: number;

  beforeAll(async () => {
    api = await startTestApi('pglite');
    const { token } = await apiLogin(api, MANAGER.username, MANAGER.password);
    const res = await call(api.url, 'POST', '/clients', { token, body: { name: 'Cliente das Falhas' } });
    clientId = (res.json as { id: number }).id;
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
  });

  describe('the api goes down and comes back', () => {
    let proxy: TcpProxy;
    let web: Awaited<ReturnType<typeof startLoggedWeb>>;

    beforeAll(async () => {
      proxy = await tcpProxy('127.0.0.1', Number(new URL(api.url).port));
      await proxy.start();
      web = await startLoggedWeb(`http://127.0.0.1:${proxy.port}`, memoryLog('web', 'silent').log, {
        API_TIMEOUT_MS: '1500',
      });
    });
    afterAll(async () => {
      await web?.close();
      await proxy?.stop();
    });

    it('down: 503 on a signed-in page and on the login; back: the same session works again', async () => {
      const agent = await signIn(web);
      const page = `/editar-cliente/${clientId}`;
      expect((await agent.get(page)).status).toBe(200);

      await proxy.stop();
      const down = await agent.get(page);
      expect(down.status).toBe(503);
      expect(down.text).toContain(UNAVAILABLE);
      expect(down.text).not.toMatch(LEAK);
      // Another visitor trying to sign in meanwhile gets the same clear page, not a crash.
      const { agent: visitor } = await agentOn(web, '/');
      const login = await postForm(visitor, '/', { username: MANAGER.username, password: MANAGER.password });
      expect(login.status).toBe(503);
      expect(login.text).toContain(UNAVAILABLE);
      expect(login.text).not.toMatch(LEAK);
      // The session was not thrown away: still signed in (no redirect to the login).
      const other = await agent.get('/configuracoes');
      expect(other.status).toBe(200);

      await proxy.start();
      const back = await agent.get(page);
      expect(back.status).toBe(200);
      expect(back.text).toContain('Cliente das Falhas');
      const signedIn = await postForm(visitor, '/', {
        username: MANAGER.username,
        password: MANAGER.password,
      });
      expect(signedIn.status).toBe(303);
    });

    it('hanging: past the time-out the same 503 page, and the session works once the api answers', async () => {
      const agent = await signIn(web);
      const page = `/editar-cliente/${clientId}`;
      proxy.mode = 'hang';
      proxy.cut(); // kept-alive connections of the web's agent go too: every new one hangs
      try {
        const started = Date.now();
        const res = await agent.get(page);
        expect(res.status).toBe(503);
        expect(res.text).toContain(UNAVAILABLE);
        expect(res.text).not.toMatch(LEAK);
        expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
        expect(Date.now() - started).toBeLessThan(10_000);
      } finally {
        proxy.mode = 'forward';
        proxy.cut();
      }
      expect((await agent.get(page)).status).toBe(200);
    });
  });

  // Node's own refusal (its 16 kB of address and headers) came back empty: a blank page in the browser.
  it('an address past 16 kB gets a short pt-BR page (431), and the log keeps 2,000 characters of it', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/consulta?busca=${'a'.repeat(20_000)}`);
      expect(res.status).toBe(431);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('O endereço pedido é longo demais.');
      expect((await fetch(`http://127.0.0.1:${port}/consulta`)).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const logged = maskRequestUrl(`/consulta?busca=${'a'.repeat(10_000)}`) ?? '';
    expect(logged.length).toBe(2_001);
    expect(logged.endsWith('…')).toBe(true);
  });

  it('createApiHttp against a server that never answers throws BackendUnavailable after its time-out', async () => {
    const silent = await silentServer();
    const http = createApiHttp(silent.url, 200);
    try {
      const started = Date.now();
      const error = await http.send('GET', 'profile/me').catch((err: unknown) => err);
      expect(error).toBeInstanceOf(BackendUnavailable);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await http.close();
      await silent.close();
    }
  });

  it('the web reads API_TIMEOUT_MS (20 s when unset, SPEC §7) and uses it: a hanging api is a 503', async () => {
    expect(readWebEnv({}).API_TIMEOUT_MS).toBe(20_000);
    const silent = await silentServer();
    const web = await startLoggedWeb(silent.url, memoryLog('web', 'silent').log, { API_TIMEOUT_MS: '300' });
    try {
      const { agent } = await agentOn(web, '/');
      const started = Date.now();
      const res = await postForm(agent, '/', { username: MANAGER.username, password: MANAGER.password });
      expect(res.status).toBe(503);
      expect(res.text).toContain(UNAVAILABLE);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await web.close();
      await silent.close();
    }
  });

  describe('Redis goes down and comes back', () => {
    const canRun = hasRedisServer();
    if (!canRun) console.warn('redis-server is not installed: the Redis outage case is skipped.');
    let redis: OwnRedis;
    let web: Awaited<ReturnType<typeof startLoggedWeb>>;

    beforeAll(async () => {
      redis = await ownRedis();
      web = await startLoggedWeb(api.url, memoryLog('web', 'silent').log, { REDIS_URL: redis.url });
    }, 30_000);
    afterAll(async () => {
      await web?.close();
      await redis?.stop();
    });

    it.skipIf(!canRun)(
      'down: a clear 503 on every page, the process alive; back: pages and sign-in work again',
      async () => {
        const agent: Agent = await signIn(web);
        expect((await agent.get('/configuracoes')).status).toBe(200);

        await redis.stop('SIGKILL');
        for (const path of ['/configuracoes', '/', `/editar-cliente/${clientId}`]) {
          const res = await agent.get(path);
          expect(res.status, path).toBe(503);
          expect(res.text).toContain('<h1>Serviço temporariamente indisponível</h1>');
          expect(res.text).not.toMatch(LEAK);
        }
        const ready = await agent.get('/readyz');
        expect(ready.status).toBe(503);
        expect(ready.body).toMatchObject({ redis: 'down', api: 'ok' });

        await redis.start();
        // The client reconnects by itself (backoff of at most 3 s).
        const started = Date.now();
        while ((await agent.get('/readyz')).status !== 200) {
          if (Date.now() - started > 15_000) throw new Error('the web never saw Redis again');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // This Redis kept nothing on disk: the old session is gone, so the browser is asked to sign in…
        const after = await agent.get('/configuracoes');
        expect(after.status).toBe(303);
        expect(after.headers.location).toBe('/?next=%2Fconfiguracoes');
        // …and signing in works again.
        const again = await signIn(web);
        expect((await again.get(`/editar-cliente/${clientId}`)).status).toBe(200);
      },
      60_000,
    );
  });

  describe('PostgreSQL restarted under the api', () => {
    const url = process.env.DATABASE_URL;
    if (!url) {
      console.warn(
        'DATABASE_URL is not set: the PostgreSQL restart cases are skipped (PGlite has no server).',
      );
    }
    let proxy: TcpProxy;
    let pgApi: TestApi;
    let token: string;

    beforeAll(async () => {
      if (!url) return;
      const target = new URL(url);
      proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
      await proxy.start();
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      pgApi = await startLoggedApi(memoryLog('api', 'silent').log, {
        kind: 'postgres',
        databaseUrl: proxied.toString(),
      });
      token = (await apiLogin(pgApi, MANAGER.username, MANAGER.password)).token;
    }, 60_000);
    afterAll(async () => {
      await pgApi?.stop();
      await proxy?.stop();
    });

    it.skipIf(!url)(
      'every connection cut: at most one failed request, then the api works again',
      async () => {
        const search = () => call(pgApi.url, 'GET', '/clients', { token, query: { filter: 'x' } });
        // Warm the pool with several connections at once.
        const warm = await Promise.all(Array.from({ length: 5 }, search));
        expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

        for (let round = 0; round < 3; round += 1) {
          proxy.cut();
          const statuses: number[] = [];
          for (let i = 0; i < 6; i += 1) statuses.push((await search()).status);
          const failed = statuses.filter((s) => s !== 200);
          expect(failed.length, `round ${round}: ${statuses}`).toBeLessThanOrEqual(1);
          for (const s of failed) expect(s).toBeGreaterThanOrEqual(500);
          expect(statuses.slice(-5)).toEqual([200, 200, 200, 200, 200]);
        }
        // A write too, after a cut: the api's transactions get fresh connections.
        proxy.cut();
        let created = await call(pgApi.url, 'POST', '/clients', { token, body: { name: 'Depois do corte' } });
        if (created.status !== 201) {
          created = await call(pgApi.url, 'POST', '/clients', { token, body: { name: 'Depois do corte' } });
        }
        expect(created.status).toBe(201);
      },
    );

    it.skipIf(!url)(
      'a connection checked out when the database goes away: its query fails, the process lives',
      async () => {
        const uncaught: unknown[] = [];
        const onUncaught = (err: unknown) => void uncaught.push(err);
        process.prependListener('uncaughtException', onUncaught);
        try {
          // A request in the middle of its transaction holds a client between two statements.
          const failed = await pgApi.deps.db
            .connection()
            .execute(async (conn) => {
              await sql`select 1`.execute(conn);
              proxy.cut();
              await new Promise((resolve) => setTimeout(resolve, 300));
              await sql`select 1`.execute(conn);
              return false;
            })
            .catch(() => true);
          expect(failed).toBe(true);
          expect(uncaught).toEqual([]);
          const next = await call(pgApi.url, 'GET', '/clients', { token, query: { filter: 'x' } });
          expect(next.status).toBe(200);
        } finally {
          process.removeListener('uncaughtException', onUncaught);
        }
      },
    );

    it.skipIf(!url)(
      'down for a while: /readyz says so (503), then recovers when the database returns',
      async () => {
        await proxy.stop();
        const down = await call(pgApi.url, 'GET', '/readyz');
        expect(down.status).toBe(503);
        expect(down.json).toEqual({ status: 'error', message: 'Banco de dados indisponível' });
        const during = await call(pgApi.url, 'GET', '/clients', { token, query: { filter: 'x' } });
        expect(during.status).toBeGreaterThanOrEqual(500);
        expect(during.json).toMatchObject({ status: 'error' });

        await proxy.start();
        const statuses: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          statuses.push((await call(pgApi.url, 'GET', '/clients', { token, query: { filter: 'x' } })).status);
        }
        expect(statuses.filter((s) => s !== 200).length, String(statuses)).toBeLessThanOrEqual(1);
        expect(statuses.at(-1)).toBe(200);
        expect((await call(pgApi.url, 'GET', '/readyz')).status).toBe(200);
      },
      30_000,
    );
  });
});
