/**
 * Configurações (SPEC §2 Settings, §5 Profile rules and Create user, §6 creating users, §8 Users and
 * profile): what each role sees, Meus dados, and Criar Usuário, against the real api.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import {
  type Agent,
  agentOn,
  csrfOf,
  fieldErrorOf,
  postForm,
  refusedPage,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
} from '../support/web.ts';

const PROFILE_OK = 'Perfil atualizado com sucesso!';
const PROFILE_FAILED = 'Ocorreu um erro ao atualizar o perfil, tente novamente';
const INCOMPLETE = 'Campos incompletos. Para atualizar sua senha, é necessário informar a senha atual.';
const USER_OK = 'Usuário criado com sucesso!';
const USER_FAILED = 'Ocorreu um erro ao criar o usuário';

const DIALOG_OPEN = /<dialog\b[^>]*\bid="criar-usuario"[^>]*\sopen(?:=""|\s|>)/;
const DIALOG_CLOSED = /<dialog\b(?![^>]*\sopen(?:=""|\s|>))[^>]*\bid="criar-usuario"/;

/** The value of the checked radio button of a group, if any. */
function checkedRadioOf(html: string, name: string): string | undefined {
  const tags = [...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]);
  const checked = tags.find(
    (t) => t.includes('type="radio"') && t.includes(`name="${name}"`) && /\schecked(?:=""|\s|\/?>)/.test(t),
  );
  return checked ? /value="([^"]*)"/.exec(checked)?.[1] : undefined;
}

describe('settings (web settings router)', () => {
  let web: TestWeb;
  let seq = 0;

  beforeAll(async () => {
    web = await startTestWeb();
  });
  afterAll(async () => {
    await web.stop();
  });

  /** A fresh employee of its own for each test that changes a profile. */
  function newEmployee(prefix = 'func') {
    seq += 1;
    return createEmployee(web.api, `${prefix}-${seq}`, `senha-antiga-${seq}`);
  }

  async function userRow(username: string) {
    return web.api.deps.db
      .selectFrom('users')
      .select(['username', 'authority_level', 'origin'])
      .where('username', '=', username)
      .execute();
  }

  async function userCount(): Promise<number> {
    const row = await web.api.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** What the login form answers: 303 on success, 401 on wrong credentials. */
  async function webSignInStatus(username: string, password: string): Promise<number> {
    const { agent } = await agentOn(web, '/');
    return (await postForm(agent, '/', { username, password })).status;
  }

  function saveProfile(agent: Agent, fields: Record<string, string>) {
    return postForm(
      agent,
      '/configuracoes/meus-dados',
      { username: '', password_old: '', password_new: '', password_confirm: '', ...fields },
      '/configuracoes',
    );
  }

  function createUser(agent: Agent, fields: Record<string, string>) {
    return postForm(agent, '/configuracoes/usuarios', fields, '/configuracoes');
  }

  function expectFollowsTo(res: { status: number; headers: Record<string, unknown> }, location: string) {
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(location);
  }

  describe('what each role sees', () => {
    it('an employee sees Meus dados and Sair but no Criar Usuário, even when asking for the dialog', async () => {
      const employee = await newEmployee();
      const agent = await signIn(web, employee.username, employee.password);
      for (const path of ['/configuracoes', '/configuracoes?dialogo=criar-usuario']) {
        const page = await agent.get(path);
        expect(page.status).toBe(200);
        expect(page.text).not.toContain('Criar Usuário');
        expect(page.text).not.toContain('<dialog');
        expect(page.text).toContain('<h2>Meus dados</h2>');
        expect(page.text).toContain(`value="${employee.username}"`);
        expect(page.text).toMatch(/<form[^>]*action="\/sair"/);
      }
    });

    it('a manager sees Criar Usuário; the dialog is closed until asked for', async () => {
      const agent = await signIn(web);
      const page = await agent.get('/configuracoes');
      expect(page.text).toContain('href="/configuracoes?dialogo=criar-usuario"');
      expect(page.text).toContain('>Criar Usuário</a>');
      expect(page.text).toMatch(DIALOG_CLOSED);
      for (const label of ['Gerente', 'Funcionário', 'Matriz', 'Filial', 'Senha de administrador']) {
        expect(page.text).toContain(label);
      }
      const asked = await agent.get('/configuracoes?dialogo=criar-usuario');
      expect(asked.text).toMatch(DIALOG_OPEN);
    });
  });

  describe('Meus dados', () => {
    it('shows each profile rule under its field, together, and changes nothing', async () => {
      const employee = await newEmployee();
      const agent = await signIn(web, employee.username, employee.password);

      const noName = await refusedPage(agent, await saveProfile(agent, { username: '  ' }), '/configuracoes');
      expect(fieldErrorOf(noName.text, 'f-username')).toBe('Nome obrigatório');

      const noNew = await refusedPage(
        agent,
        await saveProfile(agent, {
          username: employee.username,
          password_old: employee.password,
        }),
        '/configuracoes',
      );
      expect(fieldErrorOf(noNew.text, 'f-password_new')).toBe('Campo obrigatório para troca de senha');

      const noConfirm = await refusedPage(
        agent,
        await saveProfile(agent, {
          username: employee.username,
          password_old: employee.password,
          password_new: 'senha-nova',
        }),
        '/configuracoes',
      );
      expect(fieldErrorOf(noConfirm.text, 'f-password_confirm')).toBe('Confirmação incorreta');

      const mismatch = await refusedPage(
        agent,
        await saveProfile(agent, {
          username: employee.username,
          password_old: employee.password,
          password_new: 'senha-nova',
          password_confirm: 'senha-outra',
        }),
        '/configuracoes',
      );
      expect(fieldErrorOf(mismatch.text, 'f-password_confirm')).toBe('Confirmação incorreta');

      const together = await refusedPage(
        agent,
        await saveProfile(agent, { username: '', password_old: employee.password }),
        '/configuracoes',
      );
      expect(fieldErrorOf(together.text, 'f-username')).toBe('Nome obrigatório');
      expect(fieldErrorOf(together.text, 'f-password_new')).toBe('Campo obrigatório para troca de senha');

      for (const res of [noName, noNew, noConfirm, mismatch, together]) {
        expect(toastsOf(res.text)).toEqual([]);
        expect(res.text).toContain('<h1>Configurações</h1>');
      }
      expect(await userRow(employee.username)).toHaveLength(1);
      expect(await webSignInStatus(employee.username, employee.password)).toBe(303);
      expect(await webSignInStatus(employee.username, 'senha-nova')).toBe(401);
    });

    it('new or confirm password without the current one: the incomplete-fields toast, password unchanged', async () => {
      const employee = await newEmployee();
      const agent = await signIn(web, employee.username, employee.password);
      const cases: Record<string, string>[] = [
        { password_new: 'senha-nova', password_confirm: 'senha-nova' },
        { password_confirm: 'senha-nova' },
        { password_new: 'senha-nova' },
      ];
      for (const fields of cases) {
        const res = await refusedPage(
          agent,
          await saveProfile(agent, { username: employee.username, ...fields }),
          '/configuracoes',
        );
        expect(toastsOf(res.text)).toEqual([INCOMPLETE]);
      }
      // A new password without current and confirmation breaks two rules: both show together.
      const both = await refusedPage(
        agent,
        await saveProfile(agent, { username: employee.username, password_new: 'senha-nova' }),
        '/configuracoes',
      );
      expect(fieldErrorOf(both.text, 'f-password_confirm')).toBe('Confirmação incorreta');
      expect(await webSignInStatus(employee.username, employee.password)).toBe(303);
      expect(await webSignInStatus(employee.username, 'senha-nova')).toBe(401);
    });

    it('a new username goes to /consulta with the success toast and the menu shows the new name', async () => {
      const employee = await newEmployee();
      const agent = await signIn(web, employee.username, employee.password);
      const newName = `${employee.username}-renomeada`;
      const res = await saveProfile(agent, { username: newName });
      expectFollowsTo(res, '/consulta');

      const consulta = await agent.get('/consulta');
      expect(toastsOf(consulta.text)).toEqual([PROFILE_OK]);
      expect(consulta.text).toContain(`<span class="who">${newName}</span>`);
      expect(toastsOf((await agent.get('/consulta')).text)).toEqual([]); // shown once
      expect((await agent.get('/configuracoes')).text).toContain(`value="${newName}"`);

      expect(await userRow(employee.username)).toEqual([]);
      expect((await apiLogin(web.api, newName, employee.password)).user.username).toBe(newName);
    });

    it('with the right current password the new password signs in and the old one no longer does', async () => {
      const employee = await newEmployee();
      const agent = await signIn(web, employee.username, employee.password);
      const res = await saveProfile(agent, {
        username: employee.username,
        password_old: employee.password,
        password_new: 'senha-trocada',
        password_confirm: 'senha-trocada',
      });
      expectFollowsTo(res, '/consulta');
      expect(toastsOf((await agent.get('/consulta')).text)).toEqual([PROFILE_OK]);
      expect(await webSignInStatus(employee.username, 'senha-trocada')).toBe(303);
      expect(await webSignInStatus(employee.username, employee.password)).toBe(401);
    });

    it('a new password signs the same person out of their other browser; this one stays signed in', async () => {
      const employee = await newEmployee();
      const here = await signIn(web, employee.username, employee.password);
      const there = await signIn(web, employee.username, employee.password);
      expect((await there.get('/consulta')).status).toBe(200);

      const res = await saveProfile(here, {
        username: employee.username,
        password_old: employee.password,
        password_new: 'senha-so-minha',
        password_confirm: 'senha-so-minha',
      });
      expectFollowsTo(res, '/consulta');

      // The other browser's next call to the api finds its session over: it is asked to sign in.
      const search = '/consulta?q=ninguem&tipo=cliente';
      const elsewhere = await there.get(search);
      expect(elsewhere.status).toBe(303);
      expect(elsewhere.headers.location).toMatch(/^\/(\?|$)/);
      const after = await there.get('/consulta');
      expect(after.status).toBe(303);
      expect(after.headers.location).toBe('/?next=%2Fconsulta');

      expect(toastsOf((await here.get('/consulta')).text)).toEqual([PROFILE_OK]);
      const own = await here.get(search);
      expect(own.status).toBe(200);
      expect(own.text).toContain('Nenhum cliente encontrado');
    });

    it('a name taken by someone else: the failure toast and why under Usuário; nothing changed', async () => {
      const employee = await newEmployee();
      const agent = await signIn(web, employee.username, employee.password);
      const res = await refusedPage(
        agent,
        await saveProfile(agent, { username: MANAGER.username.toUpperCase() }),
        '/configuracoes',
      );
      expect(toastsOf(res.text)).toEqual([PROFILE_FAILED]);
      expect(fieldErrorOf(res.text, 'f-username')).toMatch(
        /^Este nome de usuário (já está em uso|se parece)/,
      );
      expect((await agent.get('/consulta')).text).toContain(`<span class="who">${employee.username}</span>`);
    });

    it('a wrong current password shows the failure toast and changes neither the name nor the password', async () => {
      const employee = await newEmployee();
      const agent = await signIn(web, employee.username, employee.password);
      const res = await refusedPage(
        agent,
        await saveProfile(agent, {
          username: `${employee.username}-outro`,
          password_old: 'nao-e-a-senha',
          password_new: 'senha-trocada',
          password_confirm: 'senha-trocada',
        }),
        '/configuracoes',
      );
      expect(toastsOf(res.text)).toEqual([PROFILE_FAILED]);
      expect(res.text).toContain(`value="${employee.username}-outro"`); // what was typed stays
      expect(await userRow(`${employee.username}-outro`)).toEqual([]);
      expect(await webSignInStatus(employee.username, employee.password)).toBe(303);
      expect(await webSignInStatus(employee.username, 'senha-trocada')).toBe(401);
      expect((await agent.get('/consulta')).text).toContain(`<span class="who">${employee.username}</span>`);
    });
  });

  describe('Criar Usuário', () => {
    it('missing fields: each message under its field, the dialog open, nobody created', async () => {
      const agent = await signIn(web);
      const before = await userCount();
      const res = await refusedPage(agent, await createUser(agent, {}), '/configuracoes');
      expect(res.text).toMatch(DIALOG_OPEN);
      expect(fieldErrorOf(res.text, 'cu-username')).toBe('Nome Obrigatório');
      expect(fieldErrorOf(res.text, 'cu-password')).toBe('Senha Obrigatória');
      expect(fieldErrorOf(res.text, 'cu-type')).toBe('Selecione o tipo');
      expect(fieldErrorOf(res.text, 'cu-origin')).toBe('Selecione a origem');
      expect(await userCount()).toBe(before);
    });

    it('a manager without the admin password: its message, the dialog open with what was typed', async () => {
      const agent = await signIn(web);
      const res = await refusedPage(
        agent,
        await createUser(agent, {
          type: '100',
          origin: '200',
          username: 'gerente-sem-admin',
          password: 'senha-nova',
          admin_password: '',
        }),
        '/configuracoes',
      );
      expect(res.text).toMatch(DIALOG_OPEN);
      expect(fieldErrorOf(res.text, 'cu-admin_password')).toBe('Senha de administrador obrigatória');
      expect(res.text).toContain('value="gerente-sem-admin"');
      expect(checkedRadioOf(res.text, 'type')).toBe('100');
      expect(checkedRadioOf(res.text, 'origin')).toBe('200');
      expect(await userRow('gerente-sem-admin')).toEqual([]);
    });

    it('creates an employee: back to /configuracoes with the toast, and the new employee can sign in', async () => {
      const agent = await signIn(web);
      const res = await createUser(agent, {
        type: '200',
        origin: '200',
        username: 'tecnico-novo',
        password: 'senha-do-tecnico',
      });
      expectFollowsTo(res, '/configuracoes');
      const page = await agent.get('/configuracoes');
      expect(toastsOf(page.text)).toEqual([USER_OK]);
      expect(page.text).toMatch(DIALOG_CLOSED);
      expect(await userRow('tecnico-novo')).toEqual([
        { username: 'tecnico-novo', authority_level: 200, origin: 200 },
      ]);

      const employee = await signIn(web, 'tecnico-novo', 'senha-do-tecnico');
      const own = await employee.get('/configuracoes');
      expect(own.text).toContain('<span class="who">tecnico-novo</span>');
      expect(own.text).not.toContain('Criar Usuário');
    });

    it('creates a manager with the right admin password; the new manager can create users too', async () => {
      const agent = await signIn(web);
      const res = await createUser(agent, {
        type: '100',
        origin: '100',
        username: 'gerente-novo',
        password: 'senha-do-gerente-novo',
        admin_password: MANAGER.password,
      });
      expectFollowsTo(res, '/configuracoes');
      expect(toastsOf((await agent.get('/configuracoes')).text)).toEqual([USER_OK]);
      expect(await userRow('gerente-novo')).toEqual([
        { username: 'gerente-novo', authority_level: 100, origin: 100 },
      ]);
      const manager = await signIn(web, 'gerente-novo', 'senha-do-gerente-novo');
      expect((await manager.get('/configuracoes')).text).toContain('Criar Usuário');
    });

    it('a wrong admin password: the failure toast, the dialog still open, nobody created', async () => {
      const agent = await signIn(web);
      const before = await userCount();
      const res = await refusedPage(
        agent,
        await createUser(agent, {
          type: '100',
          origin: '100',
          username: 'gerente-recusado',
          password: 'senha-qualquer',
          admin_password: 'nao-e-a-senha-de-admin',
        }),
        '/configuracoes',
      );
      expect(toastsOf(res.text)).toEqual([USER_FAILED]);
      expect(res.text).toMatch(DIALOG_OPEN);
      expect(fieldErrorOf(res.text, 'cu-admin_password')).toBe('Senha de administrador incorreta');
      expect(await userRow('gerente-recusado')).toEqual([]);
      expect(await userCount()).toBe(before);
      expect(await webSignInStatus('gerente-recusado', 'senha-qualquer')).toBe(401);
    });

    it('a username already taken: the failure toast and the existing user untouched', async () => {
      const agent = await signIn(web);
      const before = await userCount();
      const res = await refusedPage(
        agent,
        await createUser(agent, {
          type: '200',
          origin: '200',
          username: MANAGER.username,
          password: 'outra-senha',
        }),
        '/configuracoes',
      );
      expect(toastsOf(res.text)).toEqual([USER_FAILED]);
      expect(res.text).toMatch(DIALOG_OPEN);
      // Why, under the field: trying again as the toast says would not help.
      expect(fieldErrorOf(res.text, 'cu-username')).toBe('Este nome de usuário já está em uso');
      expect(await userCount()).toBe(before);
      expect(await userRow(MANAGER.username)).toEqual([
        { username: MANAGER.username, authority_level: 100, origin: 100 },
      ]);
      expect(await webSignInStatus(MANAGER.username, MANAGER.password)).toBe(303);
      expect(await webSignInStatus(MANAGER.username, 'outra-senha')).toBe(401);
    });

    it('an employee posting the form anyway is refused with 403, as every manager-only page; nothing created', async () => {
      const employee = await newEmployee();
      const agent = await signIn(web, employee.username, employee.password);
      const before = await userCount();
      for (const fields of [
        { type: '200', origin: '100', username: 'criado-por-func', password: 'senha-func' },
        {
          type: '100',
          origin: '100',
          username: 'gerente-por-func',
          password: 'senha-func',
          admin_password: MANAGER.password,
        },
      ]) {
        const csrf = csrfOf((await agent.get('/configuracoes')).text);
        const res = await agent
          .post('/configuracoes/usuarios')
          .type('form')
          .send({ _csrf: csrf, ...fields });
        expect(res.status).toBe(403);
        expect(res.text).toContain('Acesso restrito a gerentes.');
        expect(res.text).not.toContain('<dialog'); // an employee never gets the form
      }
      expect(await userCount()).toBe(before);
      expect(await userRow('criado-por-func')).toEqual([]);
      expect(await userRow('gerente-por-func')).toEqual([]);
    });

    // Last of the file: the lock it reaches holds for the web's address (every test browser's) for minutes.
    it('after 10 wrong admin passwords the wait is shown on the admin password field, even with the right one', async () => {
      // The counts other tests of this file left (a wrong admin password above) start over.
      await web.api.deps.db.deleteFrom('login_throttle').where('key', 'like', 'admin-password:%').execute();
      const agent = await signIn(web);
      const manager = (admin_password: string) => ({
        type: '100',
        origin: '100',
        username: 'gerente-adivinhado',
        password: 'senha-qualquer',
        admin_password,
      });
      for (let i = 1; i <= 10; i++) {
        const res = await refusedPage(
          agent,
          await createUser(agent, manager(`errada-${i}`)),
          '/configuracoes',
        );
        expect(toastsOf(res.text), `attempt ${i}`).toEqual([USER_FAILED]);
        expect(fieldErrorOf(res.text, 'cu-admin_password'), `attempt ${i}`).toBe(
          'Senha de administrador incorreta',
        );
      }
      const res = await refusedPage(
        agent,
        await createUser(agent, manager(MANAGER.password)),
        '/configuracoes',
      );
      expect(res.text).toMatch(DIALOG_OPEN);
      expect(fieldErrorOf(res.text, 'cu-admin_password')).toBe(
        'Muitas tentativas. Aguarde 5 minutos e tente de novo.',
      );
      expect(toastsOf(res.text)).toEqual([USER_FAILED]);
      expect(await userRow('gerente-adivinhado')).toEqual([]);
    });
  });
});
