/**
 * The staff list and deactivating a user (managers only): a deactivated user can't sign in (the same
 * refusal as a wrong password), their refresh tokens stop working, their history stays, and a manager can
 * turn them on again. On PostgreSQL and PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  createEmployee,
  DB_TARGETS,
  MANAGER,
  startTestApi,
  type TestApi,
} from '../support/api.ts';

type Listed = { id: number; username: string; authority_level: number; origin: number; active: boolean };

describe.each(DB_TARGETS)('staff on %s', (kind) => {
  let api: TestApi;
  let manager: string;

  const login = (username: string, password: string) =>
    apiCall<{ token?: string; refresh_token?: string; message?: string }>(api, 'POST', '/sessions', null, {
      username,
      password,
    });
  const setActive = (id: number, active: boolean, token = manager) =>
    apiCall<Listed & { message?: string }>(api, 'PUT', `/users/${id}/active`, token, { active });

  beforeAll(async () => {
    api = await startTestApi(kind);
    manager = (await apiLogin(api, MANAGER.username, MANAGER.password)).token;
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('lists the users to a manager, never their password hash; an employee is refused', async () => {
    const emp = await createEmployee(api, 'lista.func', 'senha-da-lista');
    const list = await apiCall<Listed[]>(api, 'GET', '/users', manager);
    expect(list.status).toBe(200);
    expect(list.body.map((u) => u.username)).toEqual(
      expect.arrayContaining([MANAGER.username, 'lista.func']),
    );
    expect(list.body.every((u) => u.active)).toBe(true);
    expect(JSON.stringify(list.body)).not.toMatch(/password|hash/);
    const employee = (await apiLogin(api, emp.username, emp.password)).token;
    expect((await apiCall(api, 'GET', '/users', employee)).status).toBe(403);
  });

  it('a deactivated user cannot sign in (same failure as a wrong password) nor refresh; reactivated, signs in again', async () => {
    const emp = await createEmployee(api, 'sai.func', 'senha-da-saida');
    const session = await apiLogin(api, emp.username, emp.password);
    const wrong = await login(emp.username, 'senha-errada');
    const id = session.user.id;

    const off = await setActive(id, false);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);

    const refused = await login(emp.username, emp.password);
    expect(refused.status).toBe(wrong.status);
    expect(refused.body).toEqual(wrong.body);
    const refresh = await apiCall(api, 'POST', '/sessions/refresh', null, {
      refresh_token: session.refresh_token,
    });
    expect(refresh.status).toBe(401);
    const list = await apiCall<Listed[]>(api, 'GET', '/users', manager);
    expect(list.body.find((u) => u.id === id)?.active).toBe(false);

    expect((await setActive(id, true)).body.active).toBe(true);
    expect((await login(emp.username, emp.password)).status).toBe(200);
  });

  it('a deactivated user is refused at once, though their access token has not expired', async () => {
    const emp = await createEmployee(api, 'na.hora.func', 'senha-da-hora');
    const session = await apiLogin(api, emp.username, emp.password);
    // The token works, and is known (verified and its user looked up) before the deactivation.
    expect((await apiCall(api, 'GET', '/profile/me', session.token)).status).toBe(200);
    expect((await apiCall(api, 'GET', '/clients?filter=ana', session.token)).status).toBe(200);

    expect((await setActive(session.user.id, false)).status).toBe(200);
    for (const path of ['/profile/me', '/clients?filter=ana']) {
      const refused = await apiCall<{ message?: string }>(api, 'GET', path, session.token);
      expect(refused.status, path).toBe(401);
    }
    const write = await apiCall(api, 'POST', '/clients', session.token, { name: 'Depois de Desativada' });
    expect(write.status).toBe(401);

    // Turned on again, the old token stays refused: deactivation ended its session (its refresh token
    // was revoked), so the user signs in anew, and that new session works.
    expect((await setActive(session.user.id, true)).status).toBe(200);
    expect((await apiCall(api, 'GET', '/profile/me', session.token)).status).toBe(401);
    const again = await apiLogin(api, emp.username, emp.password);
    expect((await apiCall(api, 'GET', '/profile/me', again.token)).status).toBe(200);
  });

  it("keeps the user's history: orders they opened still read", async () => {
    const emp = await createEmployee(api, 'historia.func', 'senha-da-historia');
    const session = await apiLogin(api, emp.username, emp.password);
    const client = await apiCall<{ id: number }>(api, 'POST', '/clients', session.token, {
      name: 'Cliente Antigo',
    });
    const order = await apiCall<{ id: number; number: string }>(
      api,
      'POST',
      '/service-orders/normal',
      session.token,
      {
        client_id: client.body.id,
        product_name: 'Rádio',
      },
    );
    await setActive(session.user.id, false);
    const read = await apiCall<{ number: string }>(
      api,
      'GET',
      `/service-orders/normal/${order.body.id}`,
      manager,
    );
    expect(read.status).toBe(200);
    expect(read.body.number).toBe(order.body.number);
  });

  it('refuses an employee, a manager turning off their own account, and an unknown user', async () => {
    const emp = await createEmployee(api, 'nao.pode', 'senha-nao-pode');
    const employee = await apiLogin(api, emp.username, emp.password);
    expect((await setActive(employee.user.id, false, employee.token)).status).toBe(403);
    const me = await apiLogin(api, MANAGER.username, MANAGER.password);
    const self = await setActive(me.user.id, false);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('Você não pode desativar o seu próprio usuário');
    expect((await setActive(999999, false)).status).toBe(404);
    expect(
      (await apiCall(api, 'PUT', `/users/${emp.username}/active`, manager, { active: 'não' })).status,
    ).toBe(404);
    expect(
      (await apiCall(api, 'PUT', `/users/${employee.user.id}/active`, manager, { active: 'não' })).status,
    ).toBe(400);
  });
});
