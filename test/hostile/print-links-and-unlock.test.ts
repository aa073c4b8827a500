/**
 * Print links and the cash unlock, as an attacker would try them:
 * - a print link is built from PUBLIC_URL or an allowed host, never from a Host header somebody wrote;
 * - a cash report's print link dies with 'Fechar caixa';
 * - print-link tokens never reach the web's log (/impressao/<token>, ?link=<token>);
 * - an employee's failed cash unlock leaves no refresh token alive.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../support/api.ts';
import { csrfOf, postForm, signIn, startTestWeb, type TestWeb, unlockCash } from '../support/web.ts';
import { memoryLog, startLoggedApi, startLoggedWeb } from './support.ts';

async function cashReportLink(agent: ReturnType<typeof supertest.agent>, host?: string) {
  const sheet = await agent.get('/caixa-hoje/imprimir');
  expect(sheet.status).toBe(200);
  const made = await agent
    .post('/impressao/links')
    .type('form')
    .send({ _csrf: csrfOf(sheet.text), path: '/caixa-hoje/imprimir' });
  expect(made.status).toBe(303);
  const token = new URL(made.headers.location ?? '', 'http://x').searchParams.get('link') ?? '';
  const shown = host ? await agent.get(made.headers.location ?? '').set('host', host) : null;
  return { token, shown };
}

describe('print links and the cash unlock', () => {
  let web: TestWeb;

  beforeAll(async () => {
    web = await startTestWeb();
  }, 120_000);
  afterAll(async () => {
    await web?.stop();
  });

  it("a cash report's print link stops working with 'Fechar caixa'", async () => {
    const agent = await signIn(web);
    expect((await unlockCash(agent)).status).toBe(303);
    const { token } = await cashReportLink(agent);
    expect((await supertest(web.app).get(`/impressao/${token}`)).status).toBe(200);

    const closed = await postForm(agent, '/caixa/sair', {}, '/caixa-hoje');
    expect(closed.status).toBe(303);
    const after = await supertest(web.app).get(`/impressao/${token}`);
    expect(after.status).toBe(404);
    expect(after.text).toContain('Link expirado');
  });

  it('the link shown on a sheet is never built from a foreign Host header', async () => {
    const agent = await signIn(web);
    expect((await unlockCash(agent)).status).toBe(303);
    const { token, shown } = await cashReportLink(agent, 'evil.example');
    expect(shown?.status).toBe(200);
    expect(shown?.text).not.toContain('evil.example');
    expect(shown?.text).toContain(`/impressao/${token}`);
  });

  it('with PUBLIC_URL the link is on that address whatever the Host', async () => {
    const pub = await startTestWeb({ api: web.api, env: { PUBLIC_URL: 'https://loja.exemplo.com.br' } });
    try {
      const agent = await signIn(pub);
      expect((await unlockCash(agent)).status).toBe(303);
      const { token, shown } = await cashReportLink(agent, 'evil.example');
      expect(shown?.text).toContain(`https://loja.exemplo.com.br/impressao/${token}`);
      expect(shown?.text).not.toContain('evil.example');
    } finally {
      await pub.stop();
    }
  });

  it("an employee's failed cash unlock leaves no refresh token of theirs alive", async () => {
    const employee = await createEmployee(web.api, 'balcao-caixa', 'senha-balcao-caixa');
    const agent = await signIn(web, employee.username, employee.password);
    const res = await unlockCash(agent, employee);
    expect(res.headers.location).toBe('/caixa-hoje?acesso=negado');
    const rows = await web.api.deps.db
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select(['refresh_tokens.revoked_at', 'refresh_tokens.rotated_at'])
      .where('users.username', '=', employee.username)
      .execute();
    // Two sign-ins: the web's session (alive) and the unlock attempt's (revoked).
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.revoked_at === null && r.rotated_at === null)).toHaveLength(1);
  });
});

describe('print-link tokens in the log', () => {
  it('are masked in the path and in ?link=', async () => {
    const apiLog = memoryLog('api', 'silent');
    const webLog = memoryLog('web', 'info');
    const api = await startLoggedApi(apiLog.log);
    const web = await startLoggedWeb(api.url, webLog.log);
    try {
      const agent = await signIn(web);
      expect((await unlockCash(agent)).status).toBe(303);
      const { token } = await cashReportLink(agent, '127.0.0.1');
      await supertest(web.app).get(`/impressao/${token}`);
      expect(token.length).toBeGreaterThan(30);
      expect(webLog.text()).toContain('[oculto]');
      expect(webLog.text()).not.toContain(token);
    } finally {
      await web.close();
      await api.stop();
    }
  });
});
