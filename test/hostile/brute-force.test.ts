/**
 * The brute-force brake (API.md Sessions, Manager confirmation): at most 10 wrong passwords a minute for
 * one username. The 11th attempt is refused (429) even with the right password, through the api and
 * through the web's login form (SPEC §8 login failure toast, not signed in); another username is not
 * affected; a manager's confirmation inside a destructive call is braked the same way, in the same count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import { agentOn, postForm, startTestWeb, type TestWeb, toastsOf } from '../support/web.ts';
import { call } from './support.ts';

const LOGIN_FAILED = 'Ocorreu um erro ao fazer login. Cheque suas credenciais';

describe('brute force', () => {
  let web: TestWeb;
  let managerToken: string;

  beforeAll(async () => {
    web = await startTestWeb();
    managerToken = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
  }, 120_000);
  afterAll(async () => {
    await web?.stop();
  });

  const login = (username: string, password: string) =>
    call(web.api.url, 'POST', '/sessions', { body: { username, password } });

  async function newManager(username: string, password: string) {
    const res = await call(web.api.url, 'POST', '/users', {
      token: managerToken,
      body: { origin: 100, username, password, admin_password: MANAGER.password },
    });
    if (res.status !== 201) throw new Error(`manager ${username}: ${res.status} ${res.text}`);
  }

  it('api: ten wrong passwords are 401, the 11th attempt is 429 even when right; others unaffected', async () => {
    const target = await createEmployee(web.api, 'alvo-api', 'senha-certa-1');
    const bystander = await createEmployee(web.api, 'vizinho-api', 'senha-certa-2');
    for (let i = 1; i <= 10; i += 1) {
      const res = await login(target.username, `errada-${i}`);
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const eleventh = await login(target.username, 'errada-11');
    expect(eleventh.status).toBe(429);
    expect(eleventh.json).toMatchObject({ status: 'error' });
    expect((eleventh.json as { message: string }).message).toMatch(/tentativas/i);

    const right = await login(target.username, target.password);
    expect(right.status).toBe(429);
    expect(right.json).not.toHaveProperty('token');
    // The same name in other clothes is the same account, and the same count.
    expect((await login(' ALVO-API ', target.password)).status).toBe(429);
    // Another username signs in as usual.
    expect((await login(bystander.username, bystander.password)).status).toBe(200);
    expect((await login(bystander.username, 'errada')).status).toBe(401);
  });

  it('web: after ten wrong passwords the right one is told to wait and does not sign in', async () => {
    const target = await createEmployee(web.api, 'alvo-web', 'senha-certa-3');
    const bystander = await createEmployee(web.api, 'vizinho-web', 'senha-certa-4');
    const { agent } = await agentOn(web, '/');
    for (let i = 1; i <= 10; i += 1) {
      const res = await postForm(agent, '/', { username: target.username, password: `errada-${i}` });
      expect(res.status, `attempt ${i}`).toBe(401);
      expect(toastsOf(res.text)[0]).toBe(LOGIN_FAILED);
    }
    const res = await postForm(agent, '/', { username: target.username, password: target.password });
    expect(res.status).toBe(429);
    expect(res.headers.location).toBeUndefined();
    // The password was not even checked: the wait, not 'Cheque suas credenciais'.
    expect(toastsOf(res.text)).toEqual(['Muitas tentativas. Aguarde 5 minutos e tente de novo.']);
    // Still signed out: private pages send the browser back to the login.
    const privatePage = await agent.get('/consulta');
    expect(privatePage.status).toBe(303);
    expect(privatePage.headers.location).toMatch(/^\/(\?next=|$)/);

    const { agent: other } = await agentOn(web, '/');
    const ok = await postForm(other, '/', { username: bystander.username, password: bystander.password });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/consulta');
  });

  it('manager confirmation: ten wrong confirm_password, then the right one is refused and nothing is deleted', async () => {
    await newManager('gerente-confirma', 'senha-confirma-1');
    await newManager('gerente-outro', 'senha-outro-1');
    const employee = await createEmployee(web.api, 'balcao-bf', 'senha-balcao-1');
    const token = (await apiLogin(web.api, employee.username, employee.password)).token;
    const client = await call(web.api.url, 'POST', '/clients', {
      token,
      body: { name: 'Cliente Protegido' },
    });
    const id = (client.json as { id: number }).id;
    const remove = (confirm_username: string, confirm_password: string) =>
      call(web.api.url, 'DELETE', `/clients/${id}`, { token, body: { confirm_username, confirm_password } });

    for (let i = 1; i <= 10; i += 1) {
      const res = await remove('gerente-confirma', `errada-${i}`);
      expect(res.status, `attempt ${i}`).toBe(403);
    }
    const right = await remove('gerente-confirma', 'senha-confirma-1');
    expect(right.status).toBe(429);
    expect((await call(web.api.url, 'GET', `/clients/${id}`, { token })).status).toBe(200);
    // Braked in the same count as logins: that manager cannot sign in either for now.
    expect((await login('gerente-confirma', 'senha-confirma-1')).status).toBe(429);
    // Other confirmations of that manager are braked too (another endpoint, the same name).
    const order = await call(web.api.url, 'POST', '/orders', {
      token,
      body: { client_id: id, piece_name: 'Tela' },
    });
    const orderId = (order.json as { id: number }).id;
    const cancel = await call(web.api.url, 'POST', '/transactions/cancel/order', {
      token,
      body: {
        order_id: orderId,
        cancel_motive: 'Teste',
        confirm_username: 'gerente-confirma',
        confirm_password: 'senha-confirma-1',
      },
    });
    expect(cancel.status).toBe(429);

    // Another manager confirms as usual (on a client without an open order, which a delete refuses).
    const spare = await call(web.api.url, 'POST', '/clients', { token, body: { name: 'Cliente Avulso' } });
    const spareId = (spare.json as { id: number }).id;
    const other = await call(web.api.url, 'DELETE', `/clients/${spareId}`, {
      token,
      body: { confirm_username: 'gerente-outro', confirm_password: 'senha-outro-1' },
    });
    expect(other.status).toBe(204);
    expect((await call(web.api.url, 'GET', `/clients/${spareId}`, { token })).status).toBe(404);
  });

  it('a wrong confirmation on a cash entry delete counts the same way', async () => {
    await newManager('gerente-caixa', 'senha-caixa-1');
    const entry = await call(web.api.url, 'POST', '/transactions', {
      token: managerToken,
      body: { type: 103, value: 1, description: 'Venda', payment_method: 'Pix' },
    });
    const id = (entry.json as { id: number }).id;
    const remove = (password: string) =>
      call(web.api.url, 'DELETE', `/transactions/${id}`, {
        token: managerToken,
        body: { confirm_username: 'gerente-caixa', confirm_password: password },
      });
    for (let i = 1; i <= 10; i += 1) expect((await remove(`errada-${i}`)).status).toBe(403);
    expect((await remove('senha-caixa-1')).status).toBe(429);
    const day = await call(web.api.url, 'GET', '/transactions/day', {
      token: managerToken,
      query: { date: (entry.json as { date: string }).date.slice(0, 10) },
    });
    expect((day.json as { id: number }[]).some((e) => e.id === id)).toBe(true);
  });
});
