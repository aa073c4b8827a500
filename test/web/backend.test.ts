/**
 * The api client against the real api (SPEC §7 Response handling, §4 Session): a 401 triggers one
 * refresh shared by concurrent requests and a replay; a failed refresh signs the session out — in the
 * client, and for a browser of the web. An unreachable api gives a clear 503 page, never a stack trace.
 */
import { SignJWT } from 'jose';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backendFor, type TokenHolder } from '../../server/backend/client.ts';
import { SignedOut } from '../../server/backend/errors.ts';
import { type ApiHttp, createApiHttp } from '../../server/backend/http.ts';
import { createRefreshCoordinator, type Tokens } from '../../server/backend/refresh-coordinator.ts';
import { me } from '../../server/backend/sessions.ts';
import { apiCall, apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import { forwardTo, listenRelay } from '../support/http-relay.ts';
import { tcpProxy } from '../support/tcp-proxy.ts';
import {
  agentOn,
  decodeEntities,
  postForm,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
} from '../support/web.ts';

type ApiSession = Awaited<ReturnType<typeof apiLogin>>;

/** The real transport, counting the calls per path (it forwards every call untouched). */
function countingHttp(baseUrl: string) {
  const real = createApiHttp(baseUrl);
  const calls: string[] = [];
  const http: ApiHttp = {
    send(method, path, options) {
      calls.push(`${method} ${path.replace(/^\/+/, '')}`);
      return real.send(method, path, options);
    },
    close: () => real.close(),
  };
  return { http, count: (call: string) => calls.filter((c) => c === call).length };
}

/** A token holder like the session's, in memory. */
function memoryHolder(initial: Tokens) {
  let current: Tokens | null = initial;
  const holder: TokenHolder = {
    tokens: () => current,
    update: (tokens) => {
      current = tokens;
    },
    clear: () => {
      current = null;
    },
  };
  return holder;
}

describe('api client with the real api', () => {
  let web: TestWeb;
  let seq = 0;
  const opened: ApiHttp[] = [];

  beforeAll(async () => {
    web = await startTestWeb();
  });
  afterAll(async () => {
    for (const http of opened) await http.close();
    await web.stop();
  });

  /** An access token the api signed for this user, expired a while ago. */
  function expiredTokenFor(user: ApiSession['user']): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      username: user.username,
      authority_level: user.authority_level,
      origin: user.origin,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(now - 30 * 60)
      .setExpirationTime(now - 15 * 60)
      .sign(web.api.deps.keys.secret);
  }

  async function profileStatus(token: string): Promise<number> {
    const res = await fetch(`${web.api.url}/profile/me`, { headers: { authorization: `Bearer ${token}` } });
    await res.body?.cancel();
    return res.status;
  }

  /** A fresh employee signed in through the api, with a client whose access token has expired. */
  async function expiredSession() {
    seq += 1;
    const employee = await createEmployee(web.api, `cliente-api-${seq}`, `senha-api-${seq}`);
    const session = await apiLogin(web.api, employee.username, employee.password);
    const expired = await expiredTokenFor(session.user);
    const counting = countingHttp(web.api.url);
    opened.push(counting.http);
    const holder = memoryHolder({ token: expired, refresh_token: session.refresh_token });
    const backend = backendFor(counting.http, createRefreshCoordinator(), holder);
    return { session, expired, holder, backend, refreshCalls: () => counting.count('POST sessions/refresh') };
  }

  it('the premise: the api refuses the expired token and accepts a fresh one', async () => {
    const { session, expired } = await expiredSession();
    expect(await profileStatus(expired)).toBe(401);
    expect(await profileStatus(session.token)).toBe(200);
  });

  it('a valid token needs no refresh at all', async () => {
    const session = await apiLogin(web.api, MANAGER.username, MANAGER.password);
    const counting = countingHttp(web.api.url);
    opened.push(counting.http);
    const holder = memoryHolder({ token: session.token, refresh_token: session.refresh_token });
    const result = await me(backendFor(counting.http, createRefreshCoordinator(), holder));
    expect(result).toMatchObject({ ok: true, data: { username: MANAGER.username, authority_level: 100 } });
    expect(counting.count('POST sessions/refresh')).toBe(0);
    expect(holder.tokens()).toEqual({ token: session.token, refresh_token: session.refresh_token });
  });

  it('10 concurrent calls with an expired token share ONE refresh, all succeed, the holder gets the new tokens', async () => {
    const { session, expired, holder, backend, refreshCalls } = await expiredSession();
    const results = await Promise.all(Array.from({ length: 10 }, () => me(backend)));
    for (const result of results) {
      expect(result).toMatchObject({
        ok: true,
        status: 200,
        data: { username: session.user.username, authority_level: 200 },
      });
    }
    expect(refreshCalls()).toBe(1);

    const renewed = holder.tokens();
    expect(renewed?.token).toBeTruthy();
    expect(renewed?.token).not.toBe(expired);
    expect(renewed?.refresh_token).not.toBe(session.refresh_token);
    expect(await profileStatus(renewed?.token ?? '')).toBe(200);

    // The rotated-in refresh token is the live one: it renews again (the old one was retired by the api).
    const again = await fetch(`${web.api.url}/sessions/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: renewed?.refresh_token }),
    });
    expect(again.status).toBe(200);
  });

  it('a revoked refresh token: the call throws SignedOut and the holder is cleared', async () => {
    const { session, holder, backend, refreshCalls } = await expiredSession();
    const logout = await fetch(`${web.api.url}/sessions/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-refresh-token': session.refresh_token },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(logout.status).toBe(204);

    await expect(me(backend)).rejects.toBeInstanceOf(SignedOut);
    expect(holder.tokens()).toBeNull();
    expect(refreshCalls()).toBe(1);
    // Signed out stays signed out: no further call reaches the api.
    await expect(me(backend)).rejects.toBeInstanceOf(SignedOut);
    expect(refreshCalls()).toBe(1);
  });

  it('an API_URL with a path: every call goes under it, query values encoded', async () => {
    const api = new URL(web.api.url);
    const seen: string[] = [];
    const relay = await listenRelay((req, res) => {
      seen.push(req.url ?? '');
      if (!req.url?.startsWith('/loja/api/')) {
        res.writeHead(404).end();
        return;
      }
      forwardTo(api, req, res, req.url.slice('/loja/api'.length));
    });
    const session = await apiLogin(web.api, MANAGER.username, MANAGER.password);
    const created = await apiCall<{ id: number }>(web.api, 'POST', '/clients', session.token, {
      name: 'Conceição Prefixo & Filhos',
    });
    const client = created.body;
    const http = createApiHttp(`${relay.url}/loja/api`);
    try {
      const auth = { authorization: `Bearer ${session.token}` };
      const found = await http.send('GET', 'clients', {
        query: { filter: 'Conceição Prefixo' },
        headers: auth,
      });
      expect(found.status).toBe(200);
      expect(found.body).toEqual([
        expect.objectContaining({ id: client.id, name: 'Conceição Prefixo & Filhos' }),
      ]);
      const byId = await http.send('GET', `/clients/${encodeURIComponent(String(client.id))}`, {
        headers: auth,
      });
      expect(byId.body).toMatchObject({ id: client.id });
      expect(seen).toEqual([
        '/loja/api/clients?filter=Concei%C3%A7%C3%A3o+Prefixo',
        `/loja/api/clients/${client.id}`,
      ]);
    } finally {
      await http.close();
      await relay.stop();
    }
  });

  describe('in the browser', () => {
    it('a session whose refresh fails is signed out: back to / with a notice, private pages closed', async () => {
      const employee = await createEmployee(web.api, 'sessao-revogada', 'senha-revogada');
      const agent = await signIn(web, employee.username, employee.password);
      expect((await agent.get('/configuracoes')).status).toBe(200);

      // The api session ends behind the browser's back: its refresh tokens are revoked (as a reuse
      // alarm or a sign-out elsewhere does) and, 16 minutes later, its 15-minute access token has expired.
      await web.api.deps.db
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date() })
        .where(
          'user_id',
          'in',
          web.api.deps.db.selectFrom('users').select('id').where('username', '=', employee.username),
        )
        .execute();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
      try {
        const res = await postForm(
          agent,
          '/configuracoes/meus-dados',
          { username: 'nome-novo' },
          '/configuracoes',
        );
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/');

        const login = await agent.get('/');
        expect(login.status).toBe(200);
        expect(login.text).toContain('<h1>Bancada</h1>');
        expect(toastsOf(login.text)).toEqual(['Sua sessão expirou. Entre novamente.']);
        for (const path of ['/consulta', '/configuracoes']) {
          const page = await agent.get(path);
          expect(page.status).toBe(303);
          expect(page.headers.location).toBe(`/?next=${encodeURIComponent(path)}`);
        }
      } finally {
        vi.useRealTimers();
      }
      const rows = await web.api.deps.db
        .selectFrom('users')
        .select('username')
        .where('username', 'in', ['sessao-revogada', 'nome-novo'])
        .execute();
      expect(rows).toEqual([{ username: 'sessao-revogada' }]);
    });

    it('the api gone when Salvar is pressed: the typing kept, back on the form once it answers', async () => {
      const proxy = await tcpProxy('127.0.0.1', Number(new URL(web.api.url).port));
      await proxy.start();
      const flaky = await startTestWeb({ api: web.api, apiUrl: `http://127.0.0.1:${proxy.port}` });
      try {
        const agent = await signIn(flaky);
        const form = (await agent.get('/cadastrar-cliente')).text;
        const hidden = (name: string) =>
          decodeEntities(new RegExp(`name="${name}" value="([^"]*)"`).exec(form)?.[1] ?? '');
        await proxy.stop();
        const sent = await agent
          .post('/cadastrar-cliente')
          .type('form')
          .send({
            _csrf: hidden('_csrf'),
            _key: hidden('_key'),
            _from: '/cadastrar-cliente',
            name: 'Cliente da Queda',
            phone1: '(11) 95555-0303',
            intent: 'save',
          });
        expect(sent.status).toBe(303);
        expect(sent.headers.location).toMatch(/^\/cadastrar-cliente\?rascunho=[\w-]{22}$/);
        await proxy.start();
        const back = await agent.get(String(sent.headers.location));
        expect(toastsOf(back.text)).toEqual([
          'O servidor da Bancada não respondeu a tempo. O que você digitou está aqui: salve de novo (se já tinha sido salvo, nada será duplicado).',
        ]);
        expect(back.text).toContain('value="Cliente da Queda"');
        expect(back.text).toContain(`name="_key" value="${hidden('_key')}"`);
      } finally {
        await flaky.stop();
        await proxy.stop().catch(() => {});
      }
    });

    it('an unreachable api: the login answers 503 with a clear page and no trace of the failure', async () => {
      const down = await startTestWeb({ api: web.api, apiUrl: 'http://127.0.0.1:9' });
      try {
        const { agent } = await agentOn(down, '/');
        const res = await postForm(agent, '/', { username: MANAGER.username, password: MANAGER.password });
        expect(res.status).toBe(503);
        expect(res.text).toContain('<h1>Servidor indisponível</h1>');
        expect(res.text).not.toMatch(/Error|ECONNREFUSED|undici|node_modules|\.ts\b|\/work\/|\bat \S+ \(/);
        expect(res.text).not.toContain('127.0.0.1:9');
        // The visitor is still on a page of the product: the login's retry is one click away.
        expect((await supertest(down.app).get('/')).status).toBe(200);
      } finally {
        await down.stop();
      }
    });
  });
});
