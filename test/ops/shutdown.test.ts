/**
 * Graceful shutdown of the production processes (`node dist/api/index.js`, `node dist/server/index.js`,
 * compiled for this file): SIGTERM while a request is in flight lets it finish, then the process exits 0.
 * The api runs on the real PostgreSQL (a schema of its own) when DATABASE_URL is set, else on PGlite in a
 * temp folder; the web keeps sessions in REDIS_URL when set, else in memory.
 *
 * A slow request without any test-only route: the web talks to the api through a local proxy that holds
 * each request 1.5 s (a slow upstream); the api gets a client that sends its request body late.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiDatabase,
  apiDatabase,
  apiEnv,
  buildDist,
  type Dist,
  kill,
  MANAGER,
  openLogin,
  postLogin,
  SESSION_SECRET,
  type Service,
  type SlowProxy,
  sleep,
  slowProxy,
  startService,
  statusOf,
} from './support.ts';

describe('graceful shutdown of the compiled services', () => {
  let dist: Dist;
  let db: ApiDatabase;
  let api: Service | undefined;
  let web: Service | undefined;
  let proxy: SlowProxy | undefined;

  beforeAll(async () => {
    dist = await buildDist();
    db = apiDatabase();
    api = await startService('api', dist, apiEnv(db));
    proxy = await slowProxy(api.url);
  }, 120_000);

  afterAll(async () => {
    try {
      await kill(web);
      await kill(api);
      await proxy?.close();
      await db?.drop();
    } finally {
      dist?.remove();
    }
  });

  it('the web finishes a login in flight after SIGTERM (303 to /consulta) and exits 0', async () => {
    if (!api || !proxy) throw new Error('api not started');
    web = await startService('web', dist, {
      API_URL: proxy.url,
      SESSION_SECRET,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    });
    const page = await openLogin(web.url);

    proxy.delayMs = 1_500;
    const reachedApi = proxy.next((r) => r.method === 'POST' && r.url === '/sessions');
    const login = postLogin(web.url, page);
    await reachedApi;
    const signalledAt = Date.now();
    web.proc.kill('SIGTERM');

    // A new visitor is refused at once: the port is closed while the login goes on.
    await sleep(200);
    expect(await statusOf(`${web.url}/healthz`, 1_000)).toBe(0);

    const res = await login;
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/consulta');
    const respondedAt = Date.now();
    expect(respondedAt - signalledAt).toBeGreaterThanOrEqual(1_000);

    expect(await web.exited).toEqual({ code: 0, signal: null });
    // At once, not when the browser's idle keep-alive connection would have been dropped (~3-5 s later).
    expect(Date.now() - respondedAt).toBeLessThan(2_500);
    expect(web.stderr()).toBe('');
    proxy.delayMs = 0;
  }, 60_000);

  /** A printer registered on the api, and its device key. */
  async function printerKey(apiUrl: string): Promise<string> {
    const login = await fetch(`${apiUrl}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(MANAGER),
    });
    const { token } = (await login.json()) as { token: string };
    const made = await fetch(`${apiUrl}/printers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Balcão ${Date.now()}`, paper: 'a4' }),
    });
    return ((await made.json()) as { key: string }).key;
  }

  it("a print server's long wait through the web does not hold its stop: it exits within seconds", async () => {
    if (!api) throw new Error('api not started');
    const key = await printerKey(api.url);
    const front = await startService('web', dist, { API_URL: api.url, SESSION_SECRET });
    const poll = fetch(`${front.url}/impressao/fila?espera=25`, {
      headers: { authorization: `Bearer ${key}` },
    }).then(
      (r) => r.status,
      () => 0,
    );
    await sleep(500);
    const signalledAt = Date.now();
    front.proc.kill('SIGTERM');
    expect(await front.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(3_000);
    // Answered (the agent asks again after the restart), not cut.
    expect(await poll).toBeGreaterThan(0);
  }, 60_000);

  it('the api finishes a request in flight after SIGTERM (200 with tokens) and exits 0', async () => {
    if (!api) throw new Error('api not started');
    // A print server waiting for jobs (up to 25 s) at the same time: answered at the stop, not waited for.
    const key = await printerKey(api.url);
    const poll = fetch(`${api.url}/print-queue?wait=25`, {
      headers: { authorization: `Bearer ${key}` },
    }).then(
      (r) => r.status,
      () => 0,
    );
    const body = JSON.stringify({ username: MANAGER.username, password: MANAGER.password });
    const half = Math.floor(body.length / 2);

    // A slow client: the request line and headers now, the rest of the body after the SIGTERM.
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: api?.port,
          method: 'POST',
          path: '/sessions',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          agent: false,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (d: string) => {
            text += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      setTimeout(() => {
        api?.proc.kill('SIGTERM');
        // Still up, still holding the request, for as long as it takes.
        setTimeout(() => {
          if (api?.proc.exitCode !== null) reject(new Error('the api exited with a request in flight'));
          req.end(body.slice(half));
        }, 1_500);
      }, 300);
    });

    const res = await response;
    const respondedAt = Date.now();
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({
      token: expect.any(String),
      refresh_token: expect.any(String),
    });
    const exit = await api.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - respondedAt).toBeLessThan(2_500);
    expect(await poll).toBe(200);
    expect(api.stderr()).toBe('');
  });
});
