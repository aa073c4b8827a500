/**
 * Readiness follows the backing services without a restart, and sessions outlive the web process.
 * Nothing here stops the machine's shared Redis or PostgreSQL (other test files use them):
 * - Redis: a redis-server of this file's own on a free port, stopped and started again on that port;
 * - PostgreSQL (only with DATABASE_URL): the api reaches it through a TCP proxy of this file's own, cut and
 *   opened again. On PGlite the database lives inside the api process and cannot go away on its own:
 *   that half is skipped, with a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiDatabase,
  apiDatabase,
  apiEnv,
  buildDist,
  type Dist,
  hasRedisServer,
  hiddenFields,
  kill,
  type OwnRedis,
  openLogin,
  ownRedis,
  postLogin,
  SESSION_SECRET,
  type Service,
  signIn,
  startService,
  statusOf,
  type TcpProxy,
  tcpProxy,
  waitFor,
} from './support.ts';

const redisServer = hasRedisServer();
if (!redisServer)
  console.warn('readiness: redis-server is not installed here; the Redis checks are skipped.');

const databaseUrl = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
if (!databaseUrl) {
  console.warn(
    'readiness: no DATABASE_URL; the api runs on PGlite inside its own process, so the database-down check is skipped.',
  );
}

describe('readiness and restarts of the compiled services', () => {
  let dist: Dist;
  let db: ApiDatabase;
  let pgProxy: TcpProxy | undefined;
  let api: Service | undefined;
  let redis: OwnRedis | undefined;
  const webs: Service[] = [];

  beforeAll(async () => {
    dist = await buildDist();
    if (databaseUrl) {
      pgProxy = await tcpProxy(databaseUrl.hostname, Number(databaseUrl.port || 5432));
      await pgProxy.start();
      const viaProxy = new URL(databaseUrl);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(pgProxy.port);
      db = apiDatabase(viaProxy.toString());
    } else {
      db = apiDatabase();
    }
    api = await startService('api', dist, apiEnv(db));
    if (redisServer) redis = await ownRedis();
  }, 120_000);

  afterAll(async () => {
    try {
      for (const web of webs) await kill(web);
      await kill(api);
      await redis?.stop();
      await pgProxy?.stop();
      await db?.drop();
    } finally {
      dist?.remove();
    }
  });

  async function startWeb(): Promise<Service> {
    if (!api || !redis) throw new Error('api or redis not started');
    const web = await startService('web', dist, { API_URL: api.url, REDIS_URL: redis.url, SESSION_SECRET });
    webs.push(web);
    return web;
  }

  it.skipIf(!redisServer)(
    'a web started while Redis is down listens anyway: the clear 503 at sign-in, and sessions once it is back',
    async () => {
      if (!redis) throw new Error('redis not started');
      await redis.stop();
      try {
        const started = Date.now();
        const web = await startWeb();
        // Not waiting for Redis forever with its port closed: browsers get a page, not "connection refused".
        expect(Date.now() - started).toBeLessThan(15_000);
        expect(await statusOf(`${web.url}/readyz`)).toBe(503);
        expect(await statusOf(web.url)).toBe(200);
        const page = await openLogin(web.url);
        const refused = await postLogin(web.url, page);
        expect(refused.status).toBe(503);
        expect(await refused.text()).toContain('Serviço temporariamente indisponível');
      } finally {
        await redis.start();
      }
      const web = webs[webs.length - 1] as Service;
      await waitFor(async () => (await statusOf(`${web.url}/readyz`)) === 200, 15_000, 'readyz 200');
      await signIn(web.url);
    },
    60_000,
  );

  it.skipIf(!redisServer)(
    'web /readyz turns 503 while Redis is down and 200 when it is back',
    async () => {
      if (!redis) throw new Error('redis not started');
      const web = await startWeb();
      expect(await statusOf(`${web.url}/readyz`)).toBe(200);

      await redis.stop();
      await waitFor(async () => (await statusOf(`${web.url}/readyz`)) === 503, 10_000, 'readyz 503');
      const down = await fetch(`${web.url}/readyz`);
      expect(await down.json()).toMatchObject({ status: 'error', redis: 'down', api: 'ok' });
      // Still alive and answering: only readiness changed.
      expect(await statusOf(`${web.url}/healthz`)).toBe(200);

      await redis.start();
      await waitFor(async () => (await statusOf(`${web.url}/readyz`)) === 200, 15_000, 'readyz 200');
      expect(web.proc.exitCode).toBeNull();
      // Sessions work again on the same process.
      await signIn(web.url);
      expect(await web.stop()).toEqual({ code: 0, signal: null });
    },
    60_000,
  );

  it.skipIf(!redisServer)(
    'a save sent while Redis is down: nothing saved, the typing kept for this browser and back in its form once Redis is',
    async () => {
      if (!redis) throw new Error('redis not started');
      const web = await startWeb();
      const cookie = await signIn(web.url);
      const form = await (await fetch(`${web.url}/cadastrar-cliente`, { headers: { cookie } })).text();
      await redis.stop();
      let draftCookie = '';
      let retry = '';
      try {
        const started = Date.now();
        const sent = await fetch(`${web.url}/cadastrar-cliente/salvar`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            ...hiddenFields(form, '/cadastrar-cliente/salvar'),
            name: 'Cliente do Redis Fora',
            phone1: '11987654321',
            intent: 'save',
          }),
        });
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(sent.status).toBe(503);
        const page = await sent.text();
        expect(page).toContain('O armazenamento de sessões não respondeu e nada foi salvo.');
        retry = /<a class="button primary" href="([^"]+)">Voltar ao formulário<\/a>/.exec(page)?.[1] ?? '';
        expect(retry).toMatch(/^\/cadastrar-cliente\?rascunho=[\w-]{22}$/);
        draftCookie =
          sent.headers
            .getSetCookie()
            .find((c) => c.startsWith('bancada_rascunho='))
            ?.split(';')[0] ?? '';
        expect(draftCookie).not.toBe('');
      } finally {
        await redis.start();
      }
      await waitFor(async () => (await statusOf(`${web.url}/readyz`)) === 200, 15_000, 'readyz 200');
      // Redis came back empty: signed in again, the same browser finds its typing in the form.
      const again = await signIn(web.url);
      const restored = await (
        await fetch(`${web.url}${retry}`, { headers: { cookie: `${again}; ${draftCookie}` } })
      ).text();
      expect(restored).toContain('value="Cliente do Redis Fora"');
      expect(restored).toContain('O que você digitou está aqui: salve de novo.');
      // Another browser does not.
      const other = await (await fetch(`${web.url}${retry}`, { headers: { cookie: again } })).text();
      expect(other).not.toContain('Cliente do Redis Fora');
      expect(await web.stop()).toEqual({ code: 0, signal: null });
    },
    60_000,
  );

  it.skipIf(!databaseUrl)(
    'api /readyz turns 503 while PostgreSQL is unreachable and 200 when it is back',
    async () => {
      const service = api;
      if (!service || !pgProxy) throw new Error('api not started');
      expect(await statusOf(`${service.url}/readyz`)).toBe(200);

      await pgProxy.stop();
      await waitFor(
        async () => (await statusOf(`${service.url}/readyz`, 8_000)) === 503,
        20_000,
        'readyz 503',
      );
      expect(await statusOf(`${service.url}/healthz`)).toBe(200);

      await pgProxy.start();
      await waitFor(
        async () => (await statusOf(`${service.url}/readyz`, 8_000)) === 200,
        20_000,
        'readyz 200',
      );
      expect(service.proc.exitCode).toBeNull();
    },
    60_000,
  );

  it.skipIf(!redisServer)(
    'a session survives a restart of the web (same Redis, same SESSION_SECRET)',
    async () => {
      const first = await startWeb();
      const cookie = await signIn(first.url);
      const before = await fetch(`${first.url}/consulta`, { headers: { cookie }, redirect: 'manual' });
      expect(before.status).toBe(200);
      expect(await first.stop()).toEqual({ code: 0, signal: null });

      const second = await startWeb();
      expect(second.proc.pid).not.toBe(first.proc.pid);
      const after = await fetch(`${second.url}/consulta`, { headers: { cookie }, redirect: 'manual' });
      expect(after.status).toBe(200);
      expect(await after.text()).toContain('Consulta');
      expect(await second.stop()).toEqual({ code: 0, signal: null });
    },
    60_000,
  );
});
