/**
 * CSRF (DESIGN: csrf-sync, the synchroniser token kept in the session): every form POST without this
 * session's `_csrf` — none at all, or another session's valid one — is refused and nothing is written;
 * the browser is sent back (to sign in, or to the form) with a notice, never to a bare error page.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, MANAGER } from '../support/api.ts';
import { type Agent, agentOn, csrfOf, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

type Post = { status: number; text: string };

function expectExpiredForm(res: Post & { headers?: Record<string, unknown> }) {
  expect(res.status).toBe(303);
  expect(String(res.headers?.location)).toMatch(/^\/(consulta|\?next=%2F[^?#]*)?$/);
}

describe('CSRF protection of every form', () => {
  let web: TestWeb;
  let seq = 0;

  beforeAll(async () => {
    web = await startTestWeb();
  });
  afterAll(async () => {
    await web.stop();
  });

  /** A valid token of a different, signed-in browser. */
  async function foreignToken(): Promise<string> {
    const other = await signIn(web);
    return csrfOf((await other.get('/configuracoes')).text);
  }

  /** Posts `fields` twice: with no `_csrf`, then with another session's valid token; both refused. */
  async function expectBothRefused(agent: Agent, path: string, fields: Record<string, string>) {
    expectExpiredForm(await agent.post(path).type('form').send(fields));
    const foreign = await foreignToken();
    expectExpiredForm(
      await agent
        .post(path)
        .type('form')
        .send({ _csrf: foreign, ...fields }),
    );
    // The header route the token reader also accepts is held to the same rule.
    expectExpiredForm(await agent.post(path).set('x-csrf-token', foreign).type('form').send(fields));
  }

  /** A signed-in browser of a fresh employee whose session already holds a token of its own. */
  async function signedInEmployee() {
    seq += 1;
    const employee = await createEmployee(web.api, `csrf-func-${seq}`, `senha-func-${seq}`);
    const agent = await signIn(web, employee.username, employee.password);
    csrfOf((await agent.get('/configuracoes')).text);
    return { agent, employee };
  }

  async function userRows(username: string) {
    return web.api.deps.db.selectFrom('users').select('username').where('username', '=', username).execute();
  }

  it('POST / (login): refused, and the browser stays signed out', async () => {
    const { agent } = await agentOn(web, '/');
    await expectBothRefused(agent, '/', { username: MANAGER.username, password: MANAGER.password });
    const consulta = await agent.get('/consulta');
    expect(consulta.status).toBe(303);
    expect(consulta.headers.location).toBe('/?next=%2Fconsulta');

    // A browser with no session at all is refused the same way.
    expectExpiredForm(
      await supertest(web.app)
        .post('/')
        .type('form')
        .send({ username: MANAGER.username, password: MANAGER.password }),
    );
  });

  it('POST /configuracoes/meus-dados: refused, and the username is unchanged', async () => {
    const { agent, employee } = await signedInEmployee();
    await expectBothRefused(agent, '/configuracoes/meus-dados', { username: 'renomeada-por-csrf' });
    expect(await userRows('renomeada-por-csrf')).toEqual([]);
    expect(await userRows(employee.username)).toHaveLength(1);
    const consulta = await agent.get('/consulta');
    expect(consulta.text).toContain(`<span class="who">${employee.username}</span>`);
  });

  it('POST /configuracoes/usuarios: refused, and the user is not created', async () => {
    const agent = await signIn(web);
    csrfOf((await agent.get('/configuracoes')).text);
    await expectBothRefused(agent, '/configuracoes/usuarios', {
      type: '100',
      origin: '100',
      username: 'criado-por-csrf',
      password: 'senha-qualquer',
      admin_password: MANAGER.password,
    });
    expect(await userRows('criado-por-csrf')).toEqual([]);
  });

  it('POST /sair: refused, and the browser is still signed in (its api session not revoked)', async () => {
    const { agent, employee } = await signedInEmployee();
    await expectBothRefused(agent, '/sair', {});
    const consulta = await agent.get('/consulta');
    expect(consulta.status).toBe(200);
    expect(consulta.text).toContain(`<span class="who">${employee.username}</span>`);
    const revoked = await web.api.deps.db
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select('refresh_tokens.id')
      .where('users.username', '=', employee.username)
      .where('refresh_tokens.revoked_at', 'is not', null)
      .execute();
    expect(revoked).toEqual([]);
  });

  it('the right token of the same session still works after refusals (control)', async () => {
    const { agent } = await signedInEmployee();
    const csrf = csrfOf((await agent.get('/configuracoes')).text);
    const out = await agent.post('/sair').type('form').send({ _csrf: csrf });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/');
    expect((await agent.get('/consulta')).headers.location).toBe('/?next=%2Fconsulta');
  });
});
