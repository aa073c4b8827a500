/**
 * Users and profile (SPEC §5 Create user / Profile, §6, §7 Users, §8 Users and profile; API.md
 * "Sessions and users", "Audit"): who may create staff, what a bad body answers, changing one's own
 * name and password, and the append-only audit trail every change leaves.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER, WEB_SECRET_HEADER } from '../../api/auth/client-address.ts';
import { apiCall, apiLogin, DB_TARGETS, MANAGER, TEST_WEB_API_SECRET, type TestApi } from '../support/api.ts';
import { type Session, startApiWithStaff } from '../support/api-staff.ts';
import { auditRows } from '../support/audit.ts';

type Reply = { status: number; body: Record<string, unknown> | null };

const issuesOf = (reply: Reply) => (reply.body?.issues ?? {}) as Record<string, string>;

describe.each(DB_TARGETS)('users and profile on %s', (kind) => {
  let api: TestApi;
  let manager: Session;
  let employee: Session;

  beforeAll(async () => {
    ({ api, manager, employee } = await startApiWithStaff(kind, 'tecnico', 'senha-do-tecnico'));
  });
  afterAll(async () => {
    await api.stop();
  });

  async function send(method: 'POST' | 'PUT' | 'GET', path: string, token: string | null, body?: unknown) {
    return apiCall(api, method, path, token, body) as Promise<Reply>;
  }

  const postEmployee = (token: string | null, body: unknown) => send('POST', '/employees', token, body);
  const postUser = (token: string | null, body: unknown) => send('POST', '/users', token, body);
  const putProfile = (token: string, body: unknown) => send('PUT', '/profile', token, body);

  async function signInStatus(username: string, password: string) {
    return (await send('POST', '/sessions', null, { username, password })).status;
  }

  async function userRow(username: string) {
    return api.deps.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  }

  async function countRows(table: 'users' | 'audit_log') {
    const row = await api.deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  const auditFor = (entityId: number) => auditRows(api, 'user', entityId);

  /** Runs a refused request and checks that neither users nor audit_log gained a row. */
  async function expectNothingWritten(request: () => Promise<Reply>): Promise<Reply> {
    const [users, audit] = [await countRows('users'), await countRows('audit_log')];
    const reply = await request();
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.body).toMatchObject({ status: 'error', message: expect.any(String) });
    expect(await countRows('users')).toBe(users);
    expect(await countRows('audit_log')).toBe(audit);
    return reply;
  }

  /** A brand-new employee, signed in, for tests that change their own profile. */
  async function freshEmployee(username: string, password = 'senha-inicial') {
    const created = await postEmployee(manager.token, { origin: 100, username, password });
    expect(created.status).toBe(201);
    return { ...(await apiLogin(api, username, password)), password };
  }

  const HASH_LIKE = /password|hash|scrypt/i;

  describe('POST /employees', () => {
    it('lets a manager create an employee who can then sign in', async () => {
      const reply = await postEmployee(manager.token, {
        origin: 200,
        username: 'Balconista',
        password: 'abcd1234',
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        id: expect.any(Number),
        username: 'Balconista',
        authority_level: 200,
        origin: 200,
      });
      expect(JSON.stringify(reply.body)).not.toMatch(HASH_LIKE);

      const row = await userRow('Balconista');
      expect(row).toMatchObject({ id: reply.body?.id, authority_level: 200, origin: 200, active: true });
      expect(row?.password_hash).not.toContain('abcd1234');

      const session = await apiLogin(api, 'balconista', 'abcd1234');
      expect(session.user).toEqual(reply.body);
    });

    it('trims the username it stores', async () => {
      const reply = await postEmployee(manager.token, {
        origin: 100,
        username: '  Caixa  ',
        password: 'abcd1234',
      });
      expect(reply.status).toBe(201);
      expect(reply.body?.username).toBe('Caixa');
    });

    it('answers 403 to an employee and writes nothing', async () => {
      await expectNothingWritten(async () => {
        const reply = await postEmployee(employee.token, {
          origin: 100,
          username: 'intruso',
          password: 'abcd1234',
        });
        expect(reply.status).toBe(403);
        return reply;
      });
      expect(await userRow('intruso')).toBeUndefined();
      expect(await signInStatus('intruso', 'abcd1234')).toBe(401);
    });

    it('answers 401 without a token', async () => {
      const reply = await postEmployee(null, { origin: 100, username: 'anonimo', password: 'abcd1234' });
      expect(reply).toEqual({ status: 401, body: { status: 'error', message: 'Invalid JWT token' } });
      expect(await userRow('anonimo')).toBeUndefined();
    });
  });

  describe('POST /users', () => {
    const managerBody = (username: string, admin_password = MANAGER.password) => ({
      admin_password,
      origin: 200,
      authority_level: 100,
      username,
      password: 'senha-da-gerente',
    });

    it('creates a manager with the right admin password', async () => {
      const reply = await postUser(manager.token, managerBody('Gerente.Filial'));
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        id: expect.any(Number),
        username: 'Gerente.Filial',
        authority_level: 100,
        origin: 200,
      });
      expect(JSON.stringify(reply.body)).not.toMatch(HASH_LIKE);

      // The new manager is a real manager: signs in as 100 and may create staff in turn.
      const session = await apiLogin(api, 'gerente.filial', 'senha-da-gerente');
      expect(session.user.authority_level).toBe(100);
      const hired = await postEmployee(session.token, {
        origin: 200,
        username: 'Contratado',
        password: 'abcd1234',
      });
      expect(hired.status).toBe(201);
    });

    it('answers 403 to a wrong admin password and writes nothing', async () => {
      const reply = await expectNothingWritten(() =>
        postUser(manager.token, managerBody('Falso', 'senha-errada')),
      );
      expect(reply.status).toBe(403);
      expect(await userRow('Falso')).toBeUndefined();
      expect(await signInStatus('Falso', 'senha-da-gerente')).toBe(401);
    });

    it('answers 403 to an employee, even with the right admin password, and writes nothing', async () => {
      const reply = await expectNothingWritten(() => postUser(employee.token, managerBody('Promovido')));
      expect(reply.status).toBe(403);
      expect(await userRow('Promovido')).toBeUndefined();
    });

    it('answers 400 when the admin password is missing', async () => {
      const { admin_password: _, ...body } = managerBody('SemSenhaAdmin');
      const reply = await expectNothingWritten(() => postUser(manager.token, body));
      expect(reply.status).toBe(400);
      expect(reply.body?.issues).toHaveProperty('admin_password');
    });

    /** POST /users as the web relays it for a browser at `address` (decision 019: the api believes it). */
    async function postUserFrom(token: string, body: unknown, address: string): Promise<Reply> {
      const res = await fetch(`${api.url}/users`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          [CLIENT_ADDRESS_HEADER]: address,
          [WEB_SECRET_HEADER]: TEST_WEB_API_SECRET,
        },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    }

    /** A manager of its own, so that locking their admin-password attempts leaves the others' alone. */
    async function freshManager(username: string) {
      const created = await postUserFrom(
        manager.token,
        { ...managerBody(username), password: 'senha-do-novo' },
        '198.51.100.250',
      );
      expect(created.status).toBe(201);
      return apiLogin(api, username, 'senha-do-novo');
    }

    const WAIT_FIVE_MINUTES = 'Muitas tentativas. Aguarde 5 minutos e tente de novo.';

    it('brakes wrong admin passwords per manager: after 10, 429 with the wait, even for the right one, from any address', async () => {
      const guesser = await freshManager('Gerente.Adivinha');
      for (let i = 1; i <= 10; i++) {
        const wrong = await postUserFrom(
          guesser.token,
          managerBody('Tentativa', `errada-${i}`),
          '198.51.100.1',
        );
        expect(wrong.status, `attempt ${i}`).toBe(403);
        expect(wrong.body?.message).toBe('Senha de administrador incorreta');
      }
      const locked = await expectNothingWritten(() =>
        postUserFrom(guesser.token, managerBody('Tentativa'), '198.51.100.1'),
      );
      expect(locked.status).toBe(429);
      expect(locked.body?.message).toBe(WAIT_FIVE_MINUTES);
      // Another address does not open the lock for the same manager.
      const elsewhere = await postUserFrom(guesser.token, managerBody('Tentativa'), '198.51.100.2');
      expect(elsewhere.status).toBe(429);
      expect(await userRow('Tentativa')).toBeUndefined();

      // The admin password itself still works for everyone else, and signing in is untouched.
      expect((await postUserFrom(manager.token, managerBody('Outra.Gerente'), '198.51.100.3')).status).toBe(
        201,
      );
      expect(await signInStatus('Gerente.Adivinha', 'senha-do-novo')).toBe(200);
    });

    it('brakes wrong admin passwords per address, whichever manager sends them', async () => {
      const first = await freshManager('Gerente.Um');
      const second = await freshManager('Gerente.Dois');
      for (let i = 1; i <= 10; i++) {
        const who = i % 2 ? first : second;
        const wrong = await postUserFrom(
          who.token,
          managerBody('PorEndereco', `errada-${i}`),
          '198.51.100.10',
        );
        expect(wrong.status, `attempt ${i}`).toBe(403);
      }
      const locked = await postUserFrom(manager.token, managerBody('PorEndereco'), '198.51.100.10');
      expect(locked.status).toBe(429);
      expect(locked.body?.message).toBe(WAIT_FIVE_MINUTES);
      expect(await userRow('PorEndereco')).toBeUndefined();
    });

    it('counts each attempt before its hash: 30 wrong ones at once check at most 10 passwords', async () => {
      const rusher = await freshManager('Gerente.Pressa');
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          postUserFrom(rusher.token, managerBody(`Pressa${i}`, `errada-${i}`), '198.51.100.20'),
        ),
      );
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 403)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    });

    it("a right admin password clears the manager's count: 9 wrong and a right one, twice over", async () => {
      const careful = await freshManager('Gerente.Cuidadosa');
      const attempt = (address: string, username: string, password?: string) =>
        postUserFrom(careful.token, managerBody(username, password), address);
      // Two addresses, so that only the manager's own count could refuse the second round.
      for (const [round, address] of ['198.51.100.30', '198.51.100.31'].entries()) {
        for (let i = 1; i <= 9; i++)
          expect((await attempt(address, 'Errado', `errada-${i}`)).status).toBe(403);
        expect((await attempt(address, `Certa.${round}`)).status).toBe(201);
      }
    });

    it('refuses an authority_level other than 100', async () => {
      const reply = await expectNothingWritten(() =>
        postUser(manager.token, { ...managerBody('Nivel200'), authority_level: 200 }),
      );
      expect(reply.status).toBe(400);
      expect(reply.body?.issues).toHaveProperty('authority_level');
    });
  });

  describe('unique usernames', () => {
    it('answers 409 to a name already taken, whatever its case, on both endpoints', async () => {
      await postEmployee(manager.token, { origin: 100, username: 'Repetido', password: 'abcd1234' });
      for (const username of ['Repetido', 'REPETIDO', 'repetido', '  repetido ', 'GERENTE']) {
        const employeeReply = await expectNothingWritten(() =>
          postEmployee(manager.token, { origin: 100, username, password: 'outra-senha' }),
        );
        expect(employeeReply.status, username).toBe(409);
        const managerReply = await expectNothingWritten(() =>
          postUser(manager.token, {
            admin_password: MANAGER.password,
            origin: 100,
            username,
            password: 'x1234',
          }),
        );
        expect(managerReply.status, username).toBe(409);
      }
      // The original keeps its password.
      expect(await signInStatus('Repetido', 'abcd1234')).toBe(200);
    });
  });

  describe('bad bodies', () => {
    const valid = { origin: 100, username: 'Valido', password: 'abcd1234' };
    const cases: [string, Record<string, unknown>, string, string | RegExp][] = [
      ['missing username', { origin: 100, password: 'abcd1234' }, 'username', 'Nome Obrigatório'],
      ['blank username', { ...valid, username: '   ' }, 'username', 'Nome Obrigatório'],
      ['missing password', { origin: 100, username: 'Valido' }, 'password', 'Senha Obrigatória'],
      ['origin 999', { ...valid, origin: 999 }, 'origin', /Origem/],
      ['origin as text', { ...valid, origin: '100' }, 'origin', /Origem/],
      ['missing origin', { username: 'Valido', password: 'abcd1234' }, 'origin', /Origem/],
      ['10,000-character username', { ...valid, username: 'a'.repeat(10_000) }, 'username', /120/],
      ['numeric username', { ...valid, username: 12345 }, 'username', 'Nome Obrigatório'],
      ['password of 3 characters', { ...valid, password: 'abc' }, 'password', /4 caracteres/],
    ];

    it.each(cases)(
      'POST /employees with %s -> 400 naming the field',
      async (_label, body, field, message) => {
        const reply = await expectNothingWritten(() => postEmployee(manager.token, body));
        expect(reply.status).toBe(400);
        expect(issuesOf(reply)[field]).toMatch(message);
      },
    );

    it.each(cases)('POST /users with %s -> 400 naming the field', async (_label, body, field, message) => {
      const reply = await expectNothingWritten(() =>
        postUser(manager.token, { ...body, admin_password: MANAGER.password, authority_level: 100 }),
      );
      expect(reply.status).toBe(400);
      expect(issuesOf(reply)[field]).toMatch(message);
    });

    it('names every wrong field at once', async () => {
      const reply = await postEmployee(manager.token, { origin: 999 });
      expect(reply.status).toBe(400);
      expect(reply.body?.issues).toMatchObject({
        origin: expect.any(String),
        username: 'Nome Obrigatório',
        password: 'Senha Obrigatória',
      });
    });
  });

  describe('PUT /profile', () => {
    it('changes the username only, and sign-in follows the new name', async () => {
      const ana = await freshEmployee('ana');
      const reply = await putProfile(ana.token, { username: 'Ana Paula' });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ ...ana.user, username: 'Ana Paula' });
      expect((await send('GET', '/profile/me', ana.token)).body).toEqual(reply.body);

      expect(await signInStatus('Ana Paula', ana.password)).toBe(200);
      expect(await signInStatus('ana', ana.password)).toBe(401);
    });

    it('lets a user change only the case of their own name', async () => {
      const bia = await freshEmployee('bia');
      const reply = await putProfile(bia.token, { username: 'Bia' });
      expect(reply.status).toBe(200);
      expect((await userRow('bia'))?.username).toBe('Bia');
    });

    it('changes the password with the right current password and a matching confirmation', async () => {
      const caio = await freshEmployee('caio', 'senha-antiga');
      const reply = await putProfile(caio.token, {
        username: 'caio',
        password_old: 'senha-antiga',
        password_new: 'senha-nova',
        password_confirm: 'senha-nova',
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(caio.user);
      expect(JSON.stringify(reply.body)).not.toMatch(HASH_LIKE);
      expect(await signInStatus('caio', 'senha-antiga')).toBe(401);
      expect(await signInStatus('caio', 'senha-nova')).toBe(200);
    });

    it('ends every other session of the user on a password change, and keeps the one that changed it', async () => {
      const ester = await freshEmployee('ester', 'senha-antiga');
      const elsewhere = await apiLogin(api, 'ester', 'senha-antiga');
      const refresh = (token: string) => send('POST', '/sessions/refresh', null, { refresh_token: token });
      const reply = await putProfile(ester.token, {
        username: 'ester',
        password_old: 'senha-antiga',
        password_new: 'senha-nova',
        password_confirm: 'senha-nova',
      });
      expect(reply.status).toBe(200);
      expect((await refresh(elsewhere.refresh_token)).status).toBe(401);
      expect((await refresh(ester.refresh_token)).status).toBe(200);
    });

    it("a password change ends the other sessions' access tokens at once; the one that changed it goes on", async () => {
      const flora = await freshEmployee('flora', 'senha-antiga');
      const elsewhere = await apiLogin(api, 'flora', 'senha-antiga');
      // Both tokens work (and are remembered as verified) before the change.
      expect((await send('GET', '/profile/me', elsewhere.token)).status).toBe(200);
      expect((await send('GET', '/profile/me', flora.token)).status).toBe(200);

      const reply = await putProfile(flora.token, {
        username: 'flora',
        password_old: 'senha-antiga',
        password_new: 'senha-nova',
        password_confirm: 'senha-nova',
      });
      expect(reply.status).toBe(200);

      const refused = await send('GET', '/profile/me', elsewhere.token);
      expect(refused.status).toBe(401);
      expect(refused.body?.message).toBe('Invalid JWT token');
      expect((await send('POST', '/employees', elsewhere.token, {})).status).toBe(401);
      expect((await send('GET', '/profile/me', flora.token)).body).toEqual(flora.user);
      // A new sign-in with the new password is a session like any other.
      const again = await apiLogin(api, 'flora', 'senha-nova');
      expect((await send('GET', '/profile/me', again.token)).status).toBe(200);
    });

    it('a change of the username alone ends no other session', async () => {
      const gui = await freshEmployee('gui');
      const elsewhere = await apiLogin(api, 'gui', gui.password);
      expect((await putProfile(gui.token, { username: 'Gui' })).status).toBe(200);
      expect((await send('GET', '/profile/me', elsewhere.token)).status).toBe(200);
      expect(
        (await send('POST', '/sessions/refresh', null, { refresh_token: elsewhere.refresh_token })).status,
      ).toBe(200);
    });

    it('answers 400 to a wrong current password and changes nothing', async () => {
      const davi = await freshEmployee('davi', 'senha-certa');
      const before = await userRow('davi');
      const reply = await expectNothingWritten(() =>
        putProfile(davi.token, {
          username: 'Davi Renomeado',
          password_old: 'senha-errada',
          password_new: 'senha-nova',
          password_confirm: 'senha-nova',
        }),
      );
      expect(reply.status).toBe(400);
      expect(reply.body?.issues).toHaveProperty('password_old');
      expect(await userRow('davi')).toEqual(before);
      expect(await signInStatus('davi', 'senha-certa')).toBe(200);
      expect(await signInStatus('davi', 'senha-nova')).toBe(401);
    });

    it('answers 400 to a new password without the current one', async () => {
      const eva = await freshEmployee('eva', 'senha-da-eva');
      for (const body of [
        { username: 'eva', password_new: 'senha-nova', password_confirm: 'senha-nova' },
        { username: 'eva', password_new: 'senha-nova' },
        { username: 'eva', password_confirm: 'senha-nova' },
      ]) {
        const reply = await expectNothingWritten(() => putProfile(eva.token, body));
        expect(reply.status).toBe(400);
        expect(issuesOf(reply).password_old).toBe(
          'Campos incompletos. Para atualizar sua senha, é necessário informar a senha atual.',
        );
      }
      expect(await signInStatus('eva', 'senha-da-eva')).toBe(200);
    });

    it('answers 400 when the current password comes without a new one', async () => {
      const fabi = await freshEmployee('fabi', 'senha-da-fabi');
      const reply = await expectNothingWritten(() =>
        putProfile(fabi.token, { username: 'fabi', password_old: 'senha-da-fabi' }),
      );
      expect(reply.status).toBe(400);
      expect(issuesOf(reply).password_new).toBe('Campo obrigatório para troca de senha');
    });

    it('answers 400 Confirmação incorreta when the confirmation differs', async () => {
      const gil = await freshEmployee('gil', 'senha-do-gil');
      for (const password_confirm of ['senha-outra', undefined]) {
        const reply = await expectNothingWritten(() =>
          putProfile(gil.token, {
            username: 'gil',
            password_old: 'senha-do-gil',
            password_new: 'senha-nova',
            password_confirm,
          }),
        );
        expect(reply.status).toBe(400);
        expect(issuesOf(reply).password_confirm).toBe('Confirmação incorreta');
      }
      expect(await signInStatus('gil', 'senha-do-gil')).toBe(200);
    });

    it('answers 400 Nome obrigatório without a username, and 409 for a name already taken', async () => {
      const hugo = await freshEmployee('hugo');
      const missing = await expectNothingWritten(() => putProfile(hugo.token, {}));
      expect(missing.status).toBe(400);
      expect(missing.body?.issues).toEqual({ username: 'Nome obrigatório' });

      const taken = await expectNothingWritten(() => putProfile(hugo.token, { username: 'TECNICO' }));
      expect(taken.status).toBe(409);
      expect((await userRow('hugo'))?.username).toBe('hugo');
    });

    it('answers 401 without a token', async () => {
      const reply = await send('PUT', '/profile', null, { username: 'ninguem' });
      expect(reply).toEqual({ status: 401, body: { status: 'error', message: 'Invalid JWT token' } });
    });
  });

  describe('audit trail', () => {
    it('records the creation of a user: actor, action, entity, and the public user after', async () => {
      const reply = await postEmployee(manager.token, {
        origin: 200,
        username: 'Auditada',
        password: 'abcd1234',
      });
      const rows = await auditFor(reply.body?.id as number);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actor_id: manager.user.id,
        action: 'create',
        entity: 'user',
        before: null,
        after: { id: reply.body?.id, username: 'Auditada', authority_level: 200, origin: 200 },
      });
      expect(rows[0]?.at).toBeInstanceOf(Date);
      expect(JSON.stringify(rows)).not.toMatch(/scrypt|password/i);
    });

    it('records a manager created through POST /users', async () => {
      const reply = await postUser(manager.token, {
        admin_password: MANAGER.password,
        origin: 100,
        username: 'Gerente Auditado',
        password: 'abcd1234',
      });
      const [row] = await auditFor(reply.body?.id as number);
      expect(row).toMatchObject({
        actor_id: manager.user.id,
        entity: 'user',
        after: { username: 'Gerente Auditado', authority_level: 100 },
      });
    });

    it('records profile changes with before and after, never a password hash', async () => {
      const iris = await freshEmployee('iris', 'senha-da-iris');
      await putProfile(iris.token, { username: 'Iris' });
      await putProfile(iris.token, {
        username: 'Iris',
        password_old: 'senha-da-iris',
        password_new: 'senha-nova',
        password_confirm: 'senha-nova',
      });
      const rows = await auditFor(iris.user.id);
      expect(rows.map((r) => r.actor_id)).toEqual([manager.user.id, iris.user.id, iris.user.id]);
      expect(rows.every((r) => r.entity === 'user')).toBe(true);
      const [, rename, password] = rows;
      expect(rename).toMatchObject({
        before: { ...iris.user, username: 'iris' },
        after: { ...iris.user, username: 'Iris' },
      });
      expect(password?.action).not.toBe(rename?.action);
      expect(password).toMatchObject({ before: { username: 'Iris' }, after: { username: 'Iris' } });
      for (const row of rows) {
        expect(Object.keys(row.before ?? {})).not.toContain('password_hash');
        expect(Object.keys(row.after ?? {})).not.toContain('password_hash');
      }
      expect(JSON.stringify(rows)).not.toMatch(/scrypt|senha/i);
    });

    it('refuses UPDATE, DELETE and TRUNCATE on audit_log, leaving the history as it was', async () => {
      const before = await api.deps.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
      expect(before.length).toBeGreaterThan(0);
      await expect(sql`UPDATE audit_log SET action = 'apagado'`.execute(api.deps.db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`DELETE FROM audit_log`.execute(api.deps.db)).rejects.toThrow(/append-only/);
      await expect(sql`TRUNCATE audit_log`.execute(api.deps.db)).rejects.toThrow(/append-only/);
      await expect(
        api.deps.db
          .deleteFrom('audit_log')
          .where('id', '=', before[0]?.id ?? '0')
          .execute(),
      ).rejects.toThrow(/append-only/);
      expect(await api.deps.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
    });
  });
});
