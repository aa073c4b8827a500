/**
 * The session's sliding expiry (README: SESSION_HOURS, how long an idle session lasts): a session in use
 * gets its expiry pushed forward, in the cookie and in the store (Redis's TTL when REDIS_URL is set), once
 * a twelfth of its lifetime has passed since the last push; a request sooner than that rewrites neither.
 * Time passing is played by moving the stored expiry back, as the store would hold it that much later
 * (moving the clock would also age the api's tokens and start the refresh dance, which saves the session).
 */
import { Cookie, type SessionData } from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/middleware/session.ts';
import { MANAGER } from '../support/api.ts';
import { type Agent, agentOn, postForm, startTestWeb, type TestWeb } from '../support/web.ts';

const HOUR = 60 * 60 * 1000;
const LIFETIME = 12 * HOUR;

type Res = { headers: Record<string, string | string[] | undefined> };

function sessionCookieOf(res: Res): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

/** The session id inside a signed cookie value (`s:<id>.<signature>`). */
function sidOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '');
  return value.slice(2, value.lastIndexOf('.'));
}

function expiresOf(cookie: string): number {
  const expires = /;\s*Expires=([^;]+)/i.exec(cookie)?.[1];
  if (!expires) throw new Error(`no Expires in ${cookie}`);
  return Date.parse(expires);
}

describe('session expiry slides while the session is used', () => {
  let web: TestWeb;

  beforeAll(async () => {
    web = await startTestWeb({ env: { SESSION_HOURS: '12' } });
  });
  afterAll(async () => {
    await web.stop();
  });

  const storeGet = (sid: string) =>
    new Promise<SessionData>((resolve, reject) =>
      web.sessionStore.get(sid, (err, sess) =>
        err || !sess ? reject(err ?? new Error(`no session ${sid}`)) : resolve(sess),
      ),
    );
  const storeSet = (sid: string, sess: SessionData) =>
    new Promise<void>((resolve, reject) =>
      web.sessionStore.set(sid, sess, (err) => (err ? reject(err) : resolve())),
    );
  const storedExpiry = async (sid: string) => Date.parse(String((await storeGet(sid)).cookie.expires));

  /** The store as it is `ms` later: the session's expiry that much closer (and Redis's TTL with it). */
  async function moveExpiryBack(sid: string, ms: number) {
    const sess = await storeGet(sid);
    // A Cookie as express-session hands it to the store (the stores read its expiry for their TTL).
    const cookie = Object.assign(new Cookie(), sess.cookie);
    cookie.expires = new Date(Date.parse(String(sess.cookie.expires)) - ms);
    cookie.originalMaxAge = LIFETIME;
    await storeSet(sid, { ...sess, cookie });
  }

  /** A browser signed in through the login form, and its session id (from the sign-in's cookie). */
  async function signedIn(): Promise<{ agent: Agent; sid: string }> {
    const { agent } = await agentOn(web, '/');
    const login = await postForm(agent, '/', { username: MANAGER.username, password: MANAGER.password });
    expect(login.status).toBe(303);
    const cookie = sessionCookieOf(login);
    if (!cookie) throw new Error('no session cookie at sign-in');
    // The first page after sign-in takes the welcome toast and makes the CSRF token: a real change, saved.
    expect((await agent.get('/consulta')).status).toBe(200);
    return { agent, sid: sidOf(cookie) };
  }

  it('a request soon after the last refresh rewrites neither the cookie nor the store', async () => {
    const { agent, sid } = await signedIn();
    await moveExpiryBack(sid, 30 * 60 * 1000);
    const before = await storedExpiry(sid);
    const ttlBefore = web.deps.redis ? await web.deps.redis.pTTL(`${web.sessionPrefix}${sid}`) : 0;

    const page = await agent.get('/consulta');
    expect(page.status).toBe(200);
    expect(sessionCookieOf(page)).toBeUndefined();
    expect(await storedExpiry(sid)).toBe(before);
    if (web.deps.redis) {
      const ttl = await web.deps.redis.pTTL(`${web.sessionPrefix}${sid}`);
      // Only the time the request took came off; nothing was added.
      expect(ttl).toBeLessThanOrEqual(ttlBefore);
      expect(ttl).toBeGreaterThan(ttlBefore - 5_000);
    }
  });

  it('a session in use past a twelfth of its lifetime gets its expiry extended, cookie and store', async () => {
    const { agent, sid } = await signedIn();
    await moveExpiryBack(sid, 2 * HOUR);
    expect(await storedExpiry(sid)).toBeLessThan(Date.now() + LIFETIME - HOUR);

    const asked = Date.now();
    const page = await agent.get('/consulta');
    expect(page.status).toBe(200);
    const cookie = sessionCookieOf(page);
    if (!cookie) throw new Error('the session cookie was not sent again');
    expect(sidOf(cookie)).toBe(sid);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    // Expires has a one-second resolution.
    expect(expiresOf(cookie)).toBeGreaterThanOrEqual(asked + LIFETIME - 1_000);
    expect(expiresOf(cookie)).toBeLessThanOrEqual(Date.now() + LIFETIME);
    expect(await storedExpiry(sid)).toBeGreaterThanOrEqual(asked + LIFETIME);
    if (web.deps.redis) {
      const ttl = await web.deps.redis.pTTL(`${web.sessionPrefix}${sid}`);
      expect(ttl).toBeGreaterThan(LIFETIME - 60_000);
    }

    // Refreshed: the next request is a plain one again.
    const next = await agent.get('/consulta');
    expect(next.status).toBe(200);
    expect(sessionCookieOf(next)).toBeUndefined();
  });

  it('a session left idle for its whole lifetime is gone from the store: the next page asks to sign in', async () => {
    const { agent, sid } = await signedIn();
    await moveExpiryBack(sid, LIFETIME + 60_000);
    await expect(storeGet(sid)).rejects.toThrow(/no session/);
    const page = await agent.get('/consulta');
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/?next=%2Fconsulta');
  });
});
