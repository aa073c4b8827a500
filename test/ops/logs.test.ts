/**
 * What the production processes log at LOG_LEVEL=info (their stdout, captured): no password, access or
 * refresh token, session cookie, CPF, client's status link or kept form's id, whatever a person does (sign
 * in, register a client with a CPF, search by that CPF however typed, open a status link, sign out) and whatever a client of the api sends (tokens in headers); and every
 * request the web makes to the api carries the web request's id (`x-request-id`), so one id follows a
 * click through both logs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiDatabase,
  apiDatabase,
  apiEnv,
  buildDist,
  type Dist,
  kill,
  MANAGER,
  SESSION_SECRET,
  type Service,
  signIn,
  startService,
} from './support.ts';

const CPF = '529.982.247-25';
const CPF_DIGITS = '52998224725';
const STATUS_TOKEN = 'StatusLinkTokenQQQQQQQ';
const DRAFT_ID = 'DraftIdOfSomeFormZZZZZ';

type LogLine = {
  msg?: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
};

/** The `_csrf` of the first form on a page fetched with this cookie. */
async function csrfOn(url: string, cookie: string): Promise<string> {
  const res = await fetch(url, { headers: { cookie } });
  const html = await res.text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error(`no form on ${url}: ${res.status} ${html.slice(0, 200)}`);
  return csrf;
}

function postForm(url: string, cookie: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

describe('logs of the compiled services', () => {
  let dist: Dist;
  let db: ApiDatabase;
  let api: Service | undefined;
  let web: Service | undefined;
  const secrets: string[] = [MANAGER.password, CPF, CPF_DIGITS];

  beforeAll(async () => {
    dist = await buildDist();
    db = apiDatabase();
    api = await startService('api', dist, apiEnv(db));
    web = await startService('web', dist, {
      API_URL: api.url,
      SESSION_SECRET,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    });

    // A person at the counter: signs in, registers a client with a CPF, searches for it, signs out.
    const cookie = await signIn(web.url);
    secrets.push(cookie.slice('bancada.sid='.length));
    const created = await postForm(`${web.url}/cadastrar-cliente`, cookie, {
      _csrf: await csrfOn(`${web.url}/cadastrar-cliente`, cookie),
      name: 'Cliente dos Logs',
      cpf: CPF,
    });
    expect(created.status).toBe(303);
    const search = await fetch(`${web.url}/consulta?${new URLSearchParams({ q: CPF, tipo: 'cliente' })}`, {
      headers: { cookie },
    });
    expect(search.status).toBe(200);
    expect(await search.text()).toContain('Cliente dos Logs');
    // The same CPF typed with spaces, a client's status link and a kept form's id: secrets in addresses.
    const spaced = CPF_DIGITS.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1 $2 $3 $4');
    const bySpaced = await fetch(
      `${web.url}/consulta?${new URLSearchParams({ q: spaced, tipo: 'cliente' })}`,
      {
        headers: { cookie },
      },
    );
    expect(await bySpaced.text()).toContain('Cliente dos Logs');
    secrets.push(new URLSearchParams({ q: spaced }).toString().slice(2), STATUS_TOKEN, DRAFT_ID);
    expect((await fetch(`${web.url}/acompanhar/${STATUS_TOKEN}`)).status).toBe(404);
    await fetch(`${web.url}/cadastrar-cliente?rascunho=${DRAFT_ID}`, { headers: { cookie } });
    const out = await postForm(`${web.url}/sair`, cookie, {
      _csrf: await csrfOn(`${web.url}/configuracoes`, cookie),
    });
    expect(out.status).toBe(303);

    // A client of the api: tokens in the body of answers and in the headers of requests.
    const direct = (n: number) => ({ 'x-request-id': `ops-direct-${n}` });
    const login = await fetch(`${api.url}/sessions`, {
      method: 'POST',
      headers: { ...direct(1), 'content-type': 'application/json' },
      body: JSON.stringify({ username: MANAGER.username, password: MANAGER.password }),
    });
    const tokens = (await login.json()) as { token: string; refresh_token: string };
    secrets.push(tokens.token, tokens.refresh_token);
    const me = await fetch(`${api.url}/profile/me`, {
      headers: { ...direct(2), authorization: `Bearer ${tokens.token}` },
    });
    expect(me.status).toBe(200);
    const refreshed = await fetch(`${api.url}/sessions/refresh`, {
      method: 'POST',
      headers: {
        ...direct(3),
        'content-type': 'application/json',
        authorization: `Refresh ${tokens.refresh_token}`,
      },
      body: '{}',
    });
    const next = (await refreshed.json()) as { token: string; refresh_token: string };
    secrets.push(next.token, next.refresh_token);
    const logout = await fetch(`${api.url}/sessions/logout`, {
      method: 'POST',
      headers: { ...direct(4), 'x-refresh-token': next.refresh_token },
    });
    expect(logout.status).toBe(204);

    // Every line is out once the processes have stopped.
    expect(await web.stop()).toEqual({ code: 0, signal: null });
    expect(await api.stop()).toEqual({ code: 0, signal: null });
  }, 120_000);

  afterAll(async () => {
    try {
      await kill(web);
      await kill(api);
      await db?.drop();
    } finally {
      dist?.remove();
    }
  });

  /** The parsed log lines of a service that ran in beforeAll. */
  const linesOf = (service: Service | undefined) => (service?.logLines() ?? []) as LogLine[];
  const textOf = (service: Service | undefined) => `${service?.stdout() ?? ''}${service?.stderr() ?? ''}`;

  it('logged every request at info', () => {
    expect(linesOf(web).filter((l) => l.req).length).toBeGreaterThanOrEqual(6);
    expect(linesOf(api).filter((l) => l.req).length).toBeGreaterThanOrEqual(8);
  });

  it("a request's line holds its id, method, url, caller, status and time, not the headers", () => {
    for (const service of [web, api]) {
      const requests = linesOf(service).filter((l) => l.req && l.res);
      expect(requests.length).toBeGreaterThanOrEqual(6);
      for (const line of requests) {
        expect(Object.keys(line.req ?? {}).sort()).toEqual(['id', 'method', 'remoteAddress', 'url']);
        expect(Object.keys(line.res ?? {})).toEqual(['statusCode']);
        expect(line).toHaveProperty('responseTime');
      }
    }
  });

  it('no password, token, refresh token, session cookie or CPF in either log', () => {
    for (const [name, service] of [
      ['api', api],
      ['web', web],
    ] as const) {
      const text = textOf(service);
      for (const secret of secrets) {
        expect(text.includes(secret), `${name} log holds ${secret.slice(0, 12)}…`).toBe(false);
      }
      // Nothing shaped like a JWT, a refresh token (43+ base64url characters) or a CPF either.
      expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
      expect(text).not.toMatch(/[\w-]{43,}/);
      expect(text).not.toMatch(/(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)/);
    }
  });

  it('the api log line of the login carries the id of the web request', () => {
    const webLogin = linesOf(web).find(
      (l) => l.req?.method === 'POST' && l.req.url === '/' && l.res?.statusCode === 303,
    );
    expect(webLogin?.req?.id).toMatch(/^[\w-]{8,}$/);
    const apiLogin = linesOf(api).find(
      (l) => l.req?.method === 'POST' && l.req.url === '/sessions' && l.req.id === webLogin?.req?.id,
    );
    expect(apiLogin?.res?.statusCode).toBe(200);

    // And so for every call the web made: each api request id is one of the web's.
    const webIds = new Set(linesOf(web).map((l) => l.req?.id));
    const fromWeb = linesOf(api).filter((l) => l.req && !l.req.id?.startsWith('ops-direct-'));
    expect(fromWeb.length).toBeGreaterThanOrEqual(4);
    for (const line of fromWeb) {
      expect(webIds.has(line.req?.id), `${line.req?.method} ${line.req?.url}`).toBe(true);
    }
  });
});
