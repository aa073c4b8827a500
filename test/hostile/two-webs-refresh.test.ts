/**
 * Two webs on one Redis (the scale-out of docs/operations.md) refresh one session's expired access token
 * at the same moment: the user stays signed in, the api revokes nothing, and the old refresh token is
 * presented once (the Redis lock of server/backend/refresh-coordinator.ts; the api's grace for a repeat
 * would hide a second presentation, so the test counts the rotations). Each web reaches the api through a
 * proxy that holds every request 300 ms: both webs have read the expired session before either refresh
 * answers, so without the lock both would refresh. Also the api alone: the same
 * just-rotated refresh token presented again within seconds by the same client is answered, not taken
 * for a theft; presented from another address, the family is revoked as before.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../../server/boot.ts';
import { readWebEnv } from '../../server/env.ts';
import { type SlowProxy, slowProxy } from '../ops/support.ts';
import { MANAGER, startTestApi, TEST_WEB_API_SECRET, type TestApi } from '../support/api.ts';
import { agentOn, postForm, removeSessions, testSessionPrefix } from '../support/web.ts';
import { call } from './support.ts';

describe.runIf(process.env.REDIS_URL)('two webs on one Redis refresh one session', () => {
  let api: TestApi;
  let webs: Awaited<ReturnType<typeof buildWeb>>[];
  let slow: SlowProxy;

  beforeAll(async () => {
    api = await startTestApi('pglite');
    slow = await slowProxy(api.url, 0);
    const prefix = testSessionPrefix();
    const env = readWebEnv({
      API_URL: slow.url,
      SESSION_SECRET: 'segredo-de-teste-com-mais-de-32-caracteres',
      WEB_API_SECRET: TEST_WEB_API_SECRET,
      CEP_PROVIDER_URL: 'http://127.0.0.1:9/ws/{cep}/json/',
      CEP_FALLBACK_URL: '',
      REDIS_URL: process.env.REDIS_URL ?? '',
    });
    webs = [
      await buildWeb(env, pino({ level: 'silent' }), { sessionPrefix: prefix }),
      await buildWeb(env, pino({ level: 'silent' }), { sessionPrefix: prefix }),
    ];
  }, 120_000);
  afterAll(async () => {
    for (const web of webs ?? []) {
      await removeSessions(web);
      await web.close();
    }
    await slow?.close();
    await api?.stop();
  });

  it('both webs answer, the session stays signed in, no token is revoked', async () => {
    const [first, second] = webs as [
      Awaited<ReturnType<typeof buildWeb>>,
      Awaited<ReturnType<typeof buildWeb>>,
    ];
    const { agent } = await agentOn(first, '/');
    const signed = await postForm(agent, '/', { username: MANAGER.username, password: MANAGER.password });
    expect(signed.status).toBe(303);
    const cookie = (signed.headers['set-cookie'] as unknown as string[])
      .map((c) => c.split(';')[0])
      .join('; ');
    const sid = decodeURIComponent(/bancada\.sid=s%3A([^.]+)/.exec(cookie)?.[1] ?? '');
    const redis = first.deps.redis;
    if (!redis) throw new Error('no redis');
    const key = `${first.sessionPrefix}${sid}`;
    const stored = JSON.parse((await redis.get(key)) ?? '{}');
    // The access token has expired (any token the api refuses does): both webs must refresh.
    stored.auth.token = 'expirado';
    await redis.set(key, JSON.stringify(stored), { expiration: { type: 'KEEPTTL' } });

    // Both webs listening, every request sent before any answer comes back; the api slow to answer.
    slow.delayMs = 300;
    const servers = [first, second].map((web) => web.app.listen(0, '127.0.0.1'));
    try {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.once('listening', resolve))));
      // A page that calls the api (Consulta's empty form does not): the expired token is met there.
      const urls = servers.map(
        (s) => `http://127.0.0.1:${(s.address() as { port: number }).port}/consulta?tipo=cliente&q=Silva`,
      );
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          fetch(urls[i % 2] ?? '', { headers: { cookie }, redirect: 'manual' }).then((r) => r.status),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 12 }, () => 200));
      const afterwards = await fetch(urls[1] ?? '', { headers: { cookie }, redirect: 'manual' });
      expect(afterwards.status).toBe(200);
    } finally {
      slow.delayMs = 0;
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise((resolve) => s.close(resolve));
      }
    }
    const revoked = await api.deps.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('revoked_at', 'is not', null)
      .execute();
    expect(revoked).toHaveLength(0);
    // One rotation: the sign-in's token and its one successor. A second web presenting the old token
    // again would have made a third (the api's grace answers it instead of revoking).
    const tokens = await api.deps.db.selectFrom('refresh_tokens').select(['rotated_at']).execute();
    expect(tokens.filter((t) => t.rotated_at !== null)).toHaveLength(1);
    expect(tokens).toHaveLength(2);
  }, 60_000);
});

describe('a refresh repeated within seconds', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi('pglite');
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
  });

  const from = (address: string) => ({
    'x-bancada-client-address': address,
    'x-bancada-web-secret': TEST_WEB_API_SECRET,
  });

  it('by the same client is answered; by another address it revokes the family', async () => {
    const login = await call(api.url, 'POST', '/sessions', { body: MANAGER, headers: from('198.51.100.5') });
    const refresh = (login.json as { refresh_token: string }).refresh_token;
    const once = await call(api.url, 'POST', '/sessions/refresh', {
      body: { refresh_token: refresh },
      headers: from('198.51.100.5'),
    });
    expect(once.status).toBe(200);
    const again = await call(api.url, 'POST', '/sessions/refresh', {
      body: { refresh_token: refresh },
      headers: from('198.51.100.5'),
    });
    expect(again.status).toBe(200);
    // The successor of the first answer still works: nothing was revoked.
    const next = (once.json as { refresh_token: string }).refresh_token;
    const later = await call(api.url, 'POST', '/sessions/refresh', {
      body: { refresh_token: next },
      headers: from('198.51.100.5'),
    });
    expect(later.status).toBe(200);

    // The same old token from somewhere else: a copy; the family is revoked.
    const thief = await call(api.url, 'POST', '/sessions/refresh', {
      body: { refresh_token: refresh },
      headers: from('203.0.113.66'),
    });
    expect(thief.status).toBe(401);
    const after = await call(api.url, 'POST', '/sessions/refresh', {
      body: { refresh_token: (later.json as { refresh_token: string }).refresh_token },
      headers: from('198.51.100.5'),
    });
    expect(after.status).toBe(401);
  });
});
