/**
 * Sessions (SPEC §3, §5 Login, §7 Session, §8 Login; API.md "Sessions and users"): sign-in, the access
 * token guard, refresh-token rotation with reuse detection, sign-out and the login brake.
 */
import { decodeJwt, SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashRefreshToken, verifyAccessToken } from '../../api/auth/tokens.ts';
import { apiLogin, createEmployee, DB_TARGETS, MANAGER, startTestApi, type TestApi } from '../support/api.ts';

type Reply = { status: number; body: Record<string, unknown> | null };

describe.each(DB_TARGETS)('sessions on %s', (kind) => {
  let api: TestApi;
  let employee: { username: string; password: string };

  beforeAll(async () => {
    api = await startTestApi(kind);
    employee = await createEmployee(api, 'Atendente.Ana', 'senha-da-ana');
  });
  afterAll(async () => {
    await api.stop();
  });

  /** One request; `body` is sent as JSON unless it is already a string (raw text). */
  async function call(path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${api.url}${path}`, {
      method: path === '/profile/me' ? 'GET' : 'POST',
      headers,
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null } as Reply;
  }

  const signIn = (username: unknown, password: unknown) =>
    call('/sessions', { body: { username, password } });
  const me = (token: string) => call('/profile/me', { headers: { authorization: `Bearer ${token}` } });
  const refreshWith = (token: string) => call('/sessions/refresh', { body: { refresh_token: token } });

  /** The session a real token names: a token signed by hand stands only on a signed-in session. */
  const sessionClaims = (token: string) => ({ sid: String(decodeJwt(token).sid) });

  function expectError(reply: Reply, status: number) {
    expect(reply.status).toBe(status);
    expect(reply.body).toMatchObject({ status: 'error', message: expect.stringMatching(/\S/) });
  }

  describe('POST /sessions', () => {
    it('signs in with a token, a refresh token and the public user, never the password hash', async () => {
      const reply = await signIn(MANAGER.username, MANAGER.password);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        refresh_token: expect.any(String),
        user: { id: expect.any(Number), username: MANAGER.username, authority_level: 100, origin: 100 },
      });
      const raw = JSON.stringify(reply.body);
      expect(raw).not.toMatch(/password|hash|scrypt/i);
    });

    it('signs an employee in with authority_level 200', async () => {
      const reply = await signIn(employee.username, employee.password);
      expect(reply.status).toBe(200);
      expect(reply.body?.user).toEqual({
        id: expect.any(Number),
        username: employee.username,
        authority_level: 200,
        origin: 200,
      });
    });

    it('refuses a wrong password with 401 and a message', async () => {
      expectError(await signIn(MANAGER.username, 'senha-errada'), 401);
    });

    it('refuses an unknown user with 401', async () => {
      expectError(await signIn('ninguem', 'qualquer-senha'), 401);
    });

    it('answers 400 naming both missing fields', async () => {
      const reply = await call('/sessions', { body: {} });
      expectError(reply, 400);
      expect(reply.body?.issues).toEqual({ username: 'Usuário obrigatório', password: 'Senha obrigatória' });
    });

    it('treats empty and blank strings as missing', async () => {
      const reply = await signIn('   ', '');
      expectError(reply, 400);
      expect(reply.body?.issues).toEqual({ username: 'Usuário obrigatório', password: 'Senha obrigatória' });
    });

    it('matches the username whatever its case', async () => {
      for (const variant of ['GERENTE', 'Gerente', 'gErEnTe']) {
        const reply = await signIn(variant, MANAGER.password);
        expect(reply.status, variant).toBe(200);
        expect(reply.body?.user).toMatchObject({ username: MANAGER.username });
      }
      const upper = await signIn(employee.username.toUpperCase(), employee.password);
      expect(upper.status).toBe(200);
      expect(upper.body?.user).toMatchObject({ username: employee.username });
    });

    it('refuses wrong types with 400 and the field named', async () => {
      const numeric = await signIn(12345, MANAGER.password);
      expectError(numeric, 400);
      expect(Object.keys(numeric.body?.issues ?? {})).toEqual(['username']);

      const objectPassword = await signIn(MANAGER.username, { $ne: '' });
      expectError(objectPassword, 400);
      expect(Object.keys(objectPassword.body?.issues ?? {})).toEqual(['password']);

      const arrayBody = await call('/sessions', { body: [MANAGER.username, MANAGER.password] });
      expect(arrayBody.status).toBe(400);
    });

    it('answers malformed JSON with 400, never 500', async () => {
      for (const raw of ['{"username": "gerente", ', 'username=gerente', 'null', '"texto"']) {
        const reply = await call('/sessions', { body: raw });
        expect(reply.status, raw).toBe(400);
        expect(reply.body, raw).toMatchObject({ status: 'error', message: expect.any(String) });
      }
    });
  });

  describe('access token', () => {
    it('opens GET /profile/me for the signed-in user', async () => {
      const session = await apiLogin(api, employee.username, employee.password);
      const reply = await me(session.token);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(session.user);
    });

    it('answers 401 Invalid JWT token without a token or with a garbage one', async () => {
      const session = await apiLogin(api, MANAGER.username, MANAGER.password);
      const tampered = `${session.token.slice(0, -4)}AAAA`;
      const attempts: Record<string, Record<string, string>> = {
        absent: {},
        garbage: { authorization: 'Bearer não-é-um-jwt' },
        'empty bearer': { authorization: 'Bearer ' },
        'other scheme': { authorization: `Basic ${session.token}` },
        'bad signature': { authorization: `Bearer ${tampered}` },
        'refresh token as bearer': { authorization: `Bearer ${session.refresh_token}` },
      };
      for (const [label, headers] of Object.entries(attempts)) {
        const reply = await call('/profile/me', { headers });
        expect(reply.status, label).toBe(401);
        expect(reply.body, label).toEqual({ status: 'error', message: 'Invalid JWT token' });
      }
    });

    it('answers 401 Invalid JWT token to an expired token signed with the api secret', async () => {
      const session = await apiLogin(api, MANAGER.username, MANAGER.password);
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        ...sessionClaims(session.token),
        username: MANAGER.username,
        authority_level: 100,
        origin: 100,
      };
      const expired = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(session.user.id))
        .setIssuedAt(now - 3600)
        .setExpirationTime(now - 60)
        .sign(api.deps.keys.secret);
      expect((await me(expired)).body).toEqual({ status: 'error', message: 'Invalid JWT token' });
      expect((await me(expired)).status).toBe(401);

      // The same claims, still valid, do open the route: only the expiry made the difference.
      const fresh = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(session.user.id))
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(api.deps.keys.secret);
      expect((await me(fresh)).status).toBe(200);
    });

    it('refuses a token with the api signature that names no session, or one signed out', async () => {
      const session = await apiLogin(api, MANAGER.username, MANAGER.password);
      const now = Math.floor(Date.now() / 1000);
      const sign = (extra: Record<string, string>) =>
        new SignJWT({ username: MANAGER.username, authority_level: 100, origin: 100, ...extra })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(session.user.id))
          .setIssuedAt(now)
          .setExpirationTime(now + 60)
          .sign(api.deps.keys.secret);
      expectError(await me(await sign({})), 401);
      expectError(await me(await sign({ sid: '00000000-0000-4000-8000-000000000000' })), 401);
      const named = await sign(sessionClaims(session.token));
      expect((await me(named)).status).toBe(200);
      await call('/sessions/logout', { body: { refresh_token: session.refresh_token } });
      expectError(await me(named), 401);
    });
  });

  describe('access token verified once, then remembered until it expires', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A token of the manager signed with the api's key, expiring in `seconds`. */
    async function managerToken(seconds: number) {
      const session = await apiLogin(api, MANAGER.username, MANAGER.password);
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        ...sessionClaims(session.token),
        username: MANAGER.username,
        authority_level: 100,
        origin: 100,
      };
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(session.user.id))
        .setIssuedAt(now)
        .setExpirationTime(now + seconds)
        .sign(api.deps.keys.secret);
      return { token, user: session.user };
    }

    it('refuses a remembered token once its expiry has passed', async () => {
      const { token, user } = await managerToken(60);
      expect((await me(token)).body).toEqual(user);
      expect((await me(token)).status).toBe(200); // now answered from what was remembered
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      const late = await me(token);
      expect(late.status).toBe(401);
      expect(late.body).toEqual({ status: 'error', message: 'Invalid JWT token' });
    });

    it('refuses a remembered token with any one character changed', async () => {
      const { token } = await managerToken(600);
      expect((await me(token)).status).toBe(200);
      const [header = '', payload = '', signature = ''] = token.split('.');
      // A character inside each part (the last one of a part may carry only padding bits).
      const changed = [header.length >> 1, header.length + 1 + (payload.length >> 1), token.length - 10].map(
        (at) => `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`,
      );
      expect(signature.length).toBeGreaterThan(20);
      for (const tampered of [...changed, `${token}A`, token.slice(0, -1)]) {
        const reply = await me(tampered);
        expect(reply.status, tampered).toBe(401);
        expect(reply.body, tampered).toEqual({ status: 'error', message: 'Invalid JWT token' });
      }
      expect((await me(token)).status).toBe(200);
    });

    it('gives each token its own claims, however the calls interleave', async () => {
      const manager = await apiLogin(api, MANAGER.username, MANAGER.password);
      const staff = await apiLogin(api, employee.username, employee.password);
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => me(i % 2 ? staff.token : manager.token)),
      );
      replies.forEach((reply, i) => {
        expect(reply.body, String(i)).toEqual(i % 2 ? staff.user : manager.user);
      });
      // A caller changing the claims it was handed changes nothing for the next request.
      const claims = await verifyAccessToken(api.deps.keys, staff.token);
      expect(claims).toMatchObject({ id: staff.user.id, authority_level: 200 });
      if (claims) claims.authority_level = 100;
      expect(await verifyAccessToken(api.deps.keys, staff.token)).toMatchObject({ authority_level: 200 });
    });

    it('remembers a token for its own key only', async () => {
      const { token } = await managerToken(600);
      expect(await verifyAccessToken(api.deps.keys, token)).toMatchObject({ username: MANAGER.username });
      const otherKey = { secret: new TextEncoder().encode('x'.repeat(32)) };
      expect(await verifyAccessToken(otherKey, token)).toBeNull();
    });
  });

  describe('POST /sessions/refresh', () => {
    it('rotates through the body: a new token and a new refresh token', async () => {
      const session = await apiLogin(api, employee.username, employee.password);
      const reply = await refreshWith(session.refresh_token);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        token: expect.any(String),
        refresh_token: expect.any(String),
        user: session.user,
      });
      expect(reply.body?.refresh_token).not.toBe(session.refresh_token);
      expect((await me(reply.body?.token as string)).status).toBe(200);
    });

    it('rotates through the Authorization: Refresh header', async () => {
      const session = await apiLogin(api, employee.username, employee.password);
      const reply = await call('/sessions/refresh', {
        headers: { authorization: `Refresh ${session.refresh_token}` },
      });
      expect(reply.status).toBe(200);
      expect(reply.body?.refresh_token).toEqual(expect.any(String));
      expect(reply.body?.refresh_token).not.toBe(session.refresh_token);
      expect((await me(reply.body?.token as string)).body).toEqual(session.user);
      // The rotated one keeps working for the next refresh.
      expect((await refreshWith(reply.body?.refresh_token as string)).status).toBe(200);
    });

    it('answers 401 without a token or with an unknown one', async () => {
      expectError(await call('/sessions/refresh'), 401);
      expectError(await call('/sessions/refresh', { body: {} }), 401);
      expectError(await refreshWith('nao-existe'), 401);
      expectError(await call('/sessions/refresh', { headers: { authorization: 'Refresh nao-existe' } }), 401);
    });

    it('answers 401 to an expired refresh token', async () => {
      const session = await apiLogin(api, employee.username, employee.password);
      await api.deps.db
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('token_hash', '=', hashRefreshToken(session.refresh_token))
        .execute();
      expectError(await refreshWith(session.refresh_token), 401);
    });

    it('revokes the whole family when an already-rotated token comes back', async () => {
      const session = await apiLogin(api, employee.username, employee.password);
      const second = await refreshWith(session.refresh_token);
      const third = await refreshWith(second.body?.refresh_token as string);
      expect(third.status).toBe(200);
      const newest = third.body?.refresh_token as string;
      // Past the few seconds in which a repeat from the same address is two webs refreshing at once
      // (decision 019), a rotated token coming back is a theft.
      await api.deps.db
        .updateTable('refresh_tokens')
        .set({ rotated_at: sql`now() - interval '1 minute'` })
        .where('rotated_at', 'is not', null)
        .execute();

      expectError(await refreshWith(session.refresh_token), 401);
      // The thief's reuse also locks out the newest token of that family...
      expectError(await refreshWith(newest), 401);
      expectError(await refreshWith(second.body?.refresh_token as string), 401);

      // ...but another session of the same user is untouched.
      const other = await apiLogin(api, employee.username, employee.password);
      expect((await refreshWith(other.refresh_token)).status).toBe(200);
    });
  });

  describe('POST /sessions/logout', () => {
    it('signs out with the token in the body: 204, then the token no longer refreshes', async () => {
      const session = await apiLogin(api, employee.username, employee.password);
      const reply = await call('/sessions/logout', { body: { refresh_token: session.refresh_token } });
      expect(reply).toEqual({ status: 204, body: null });
      expectError(await refreshWith(session.refresh_token), 401);
    });

    it('signs out with the x-refresh-token header', async () => {
      const session = await apiLogin(api, employee.username, employee.password);
      const reply = await call('/sessions/logout', { headers: { 'x-refresh-token': session.refresh_token } });
      expect(reply).toEqual({ status: 204, body: null });
      expectError(await refreshWith(session.refresh_token), 401);
    });

    it('revokes the rotated successor too when logging out with it', async () => {
      const session = await apiLogin(api, employee.username, employee.password);
      const next = (await refreshWith(session.refresh_token)).body?.refresh_token as string;
      expect((await call('/sessions/logout', { body: { refresh_token: next } })).status).toBe(204);
      expectError(await refreshWith(next), 401);
    });

    it('answers 204 with nothing, an unknown token or a body of the wrong shape', async () => {
      expect((await call('/sessions/logout')).status).toBe(204);
      expect((await call('/sessions/logout', { body: {} })).status).toBe(204);
      expect((await call('/sessions/logout', { body: { refresh_token: 'nao-existe' } })).status).toBe(204);
      expect((await call('/sessions/logout', { body: { refresh_token: 42 } })).status).toBe(204);
    });

    it('leaves other sessions signed in', async () => {
      const kept = await apiLogin(api, employee.username, employee.password);
      const ended = await apiLogin(api, employee.username, employee.password);
      await call('/sessions/logout', { body: { refresh_token: ended.refresh_token } });
      expect((await refreshWith(kept.refresh_token)).status).toBe(200);
    });

    it('ends the access token of the session it signs out, at once, and only that one', async () => {
      const kept = await apiLogin(api, employee.username, employee.password);
      const ended = await apiLogin(api, employee.username, employee.password);
      expect((await me(ended.token)).status).toBe(200);
      await call('/sessions/logout', { body: { refresh_token: ended.refresh_token } });
      const refused = await me(ended.token);
      expectError(refused, 401);
      expect(refused.body?.message).toBe('Invalid JWT token');
      expect((await me(kept.token)).status).toBe(200);
    });
  });

  describe('login brake', () => {
    it('locks one username after 10 wrong passwords, even for the right one, but not others', async () => {
      const victim = await createEmployee(api, 'alvo', 'senha-do-alvo');
      for (let i = 1; i <= 10; i++) {
        expect((await signIn(victim.username, `errada-${i}`)).status, `attempt ${i}`).toBe(401);
      }
      const locked = await signIn(victim.username, victim.password);
      expectError(locked, 429);
      // The lock follows the person, not the spelling.
      expectError(await signIn(victim.username.toUpperCase(), victim.password), 429);

      const other = await signIn(employee.username, employee.password);
      expect(other.status).toBe(200);
    });

    it('says how long the lock lasts, and lets the right password in once that time is over', async () => {
      const victim = await createEmployee(api, 'trancada', 'senha-da-trancada');
      for (let i = 1; i <= 10; i++) await signIn(victim.username, `errada-${i}`);
      const pairKey = `pair:127.0.0.1:${victim.username}`;
      const lockedUntil = async (seconds: number) => {
        await api.deps.db
          .updateTable('login_throttle')
          .set({ window_ends: sql`now() + make_interval(secs => ${seconds})` })
          .where('key', '=', pairKey)
          .executeTakeFirstOrThrow();
      };

      // The window runs five minutes from the first wrong password: all of it is left right after.
      const locked = await signIn(victim.username, victim.password);
      expectError(locked, 429);
      expect(locked.body?.message).toBe('Muitas tentativas. Aguarde 5 minutos e tente de novo.');

      // Later in the window the wait shrinks with it, rounded up to whole minutes.
      await lockedUntil(150);
      expect((await signIn(victim.username, victim.password)).body?.message).toBe(
        'Muitas tentativas. Aguarde 3 minutos e tente de novo.',
      );
      await lockedUntil(20);
      expect((await signIn(victim.username, victim.password)).body?.message).toBe(
        'Muitas tentativas. Aguarde 1 minuto e tente de novo.',
      );

      // Once the time told has passed, the right password is taken.
      await lockedUntil(-1);
      expect((await signIn(victim.username, victim.password)).status).toBe(200);
    });
  });
});
