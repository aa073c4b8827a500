/**
 * Configurações › Usuários (web staff router): a manager sees the staff, deactivates and reactivates an
 * employee (who then can't sign in, then can again); an employee is refused. Against the real api.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../support/api.ts';
import {
  type Agent,
  agentOn,
  csrfOf,
  decodeEntities,
  postForm,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
} from '../support/web.ts';

/** The table's rows: user, type, origin, state, and the action offered. */
function staffRows(html: string): string[][] {
  const body = /<table class="payments staff">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td>([\s\S]*?)<\/td>/g)].map((c) =>
      decodeEntities((c[1] ?? '').replace(/<input[^>]*>/g, '').replace(/<[^>]+>/g, '')).trim(),
    ),
  );
}

describe('Configurações › Usuários', () => {
  let web: TestWeb;
  let manager: Agent;
  let employee: { username: string; password: string };

  const canSignIn = async (username: string, password: string) => {
    const { agent } = await agentOn(web, '/');
    const res = await postForm(agent, '/', { username, password }, '/');
    return res.status === 303 && res.headers.location === '/consulta';
  };

  beforeAll(async () => {
    web = await startTestWeb();
    manager = await signIn(web);
    employee = await createEmployee(web.api, 'bia.balcao', 'senha-da-bia');
  });
  afterAll(async () => {
    await web?.stop();
  });

  it('Configurações links to the list; the list shows each user with type, origin and state', async () => {
    expect((await manager.get('/configuracoes')).text).toContain(
      '<a href="/configuracoes/usuarios">Usuários</a>',
    );
    const page = await manager.get('/configuracoes/usuarios');
    expect(page.status).toBe(200);
    expect(staffRows(page.text)).toEqual([
      ['bia.balcao', 'Funcionário', 'Filial', 'Ativo', 'Desativar'],
      ['gerente', 'Gerente', 'Matriz', 'Ativo', 'Você'],
    ]);
  });

  it('Desativar: the employee can no longer sign in; Reativar: they can again', async () => {
    const id = /action="\/configuracoes\/usuarios\/(\d+)\/desativar"/.exec(
      (await manager.get('/configuracoes/usuarios')).text,
    )?.[1];
    expect(id).toBeDefined();
    let res = await postForm(
      manager,
      `/configuracoes/usuarios/${id}/desativar`,
      {},
      '/configuracoes/usuarios',
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/configuracoes/usuarios');
    let page = await manager.get('/configuracoes/usuarios');
    expect(toastsOf(page.text)).toEqual(['Usuário bia.balcao desativado. Ele não consegue mais entrar.']);
    // The deactivated come after the active ones.
    expect(staffRows(page.text)).toEqual([
      ['gerente', 'Gerente', 'Matriz', 'Ativo', 'Você'],
      ['bia.balcao', 'Funcionário', 'Filial', 'Desativado', 'Reativar'],
    ]);
    expect(await canSignIn(employee.username, employee.password)).toBe(false);

    res = await postForm(manager, `/configuracoes/usuarios/${id}/reativar`, {}, '/configuracoes/usuarios');
    expect(res.status).toBe(303);
    page = await manager.get('/configuracoes/usuarios');
    expect(toastsOf(page.text)).toEqual(['Usuário bia.balcao reativado.']);
    expect(await canSignIn(employee.username, employee.password)).toBe(true);
  });

  it('Desativar ends the session of a user signed in elsewhere at once: their next page asks to sign in', async () => {
    const other = await signIn(web, employee.username, employee.password);
    // A page that asks the api something (the web holds no copy of the user's state).
    const search = '/consulta?q=Ana&tipo=cliente';
    expect((await other.get(search)).status).toBe(200);
    const id = /action="\/configuracoes\/usuarios\/(\d+)\/desativar"/.exec(
      (await manager.get('/configuracoes/usuarios')).text,
    )?.[1];
    await postForm(manager, `/configuracoes/usuarios/${id}/desativar`, {}, '/configuracoes/usuarios');
    try {
      // Not 15 minutes later, when the access token would have expired: the very next request.
      const next = await other.get(search);
      expect(next.status).toBe(303);
      expect(next.headers.location).toMatch(/^\/(\?next=.*)?$/);
      const login = await other.get(String(next.headers.location));
      expect(login.text).toContain('name="username"');
      expect((await other.get(search)).status).toBe(303);
    } finally {
      await postForm(manager, `/configuracoes/usuarios/${id}/reativar`, {}, '/configuracoes/usuarios');
    }
  });

  it('deactivated mid-form: one toast on the sign-in page, saying the typing was kept', async () => {
    const other = await signIn(web, employee.username, employee.password);
    const form = await other.get('/cadastrar-cliente');
    const id = /action="\/configuracoes\/usuarios\/(\d+)\/desativar"/.exec(
      (await manager.get('/configuracoes/usuarios')).text,
    )?.[1];
    await postForm(manager, `/configuracoes/usuarios/${id}/desativar`, {}, '/configuracoes/usuarios');
    try {
      const sent = await other
        .post('/cadastrar-cliente')
        .type('form')
        .send({
          _csrf: csrfOf(form.text),
          _from: '/cadastrar-cliente',
          name: 'Cliente Desativado',
          intent: 'save',
        });
      expect(sent.status).toBe(303);
      const login = await other.get(String(sent.headers.location));
      expect(toastsOf(login.text)).toEqual([
        'Sua sessão expirou. Entre novamente: o que você digitou foi guardado e volta ao formulário.',
      ]);
    } finally {
      await postForm(manager, `/configuracoes/usuarios/${id}/reativar`, {}, '/configuracoes/usuarios');
    }
  });

  it('an employee is refused the list and the actions, and sees no link', async () => {
    const agent = await signIn(web, employee.username, employee.password);
    expect((await agent.get('/configuracoes')).text).not.toContain('/configuracoes/usuarios"');
    expect((await agent.get('/configuracoes/usuarios')).status).toBe(403);
    const res = await postForm(agent, '/configuracoes/usuarios/1/desativar', {}, '/configuracoes');
    expect(res.status).toBe(403);
    expect(await canSignIn('gerente', 'senha-do-gerente')).toBe(true);
  });

  it('a long staff list: 50 users a page, the pager with the total', async () => {
    // 50 more accounts straight in the table (hashing 50 passwords through the api is slow for nothing).
    await sql`INSERT INTO users (username, password_hash, authority_level, origin)
      SELECT 'zz.temp' || lpad(g::text, 2, '0'), 'not-a-hash', 200, 200 FROM generate_series(1, 50) g`.execute(
      web.api.deps.db,
    );
    const pagerOf = (html: string) =>
      /<nav class="pager actions" aria-label="Páginas">[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    const first = await manager.get('/configuracoes/usuarios');
    expect(staffRows(first.text)).toHaveLength(50);
    expect(pagerOf(first.text)).toContain('Página 1 de 2');
    expect(pagerOf(first.text)).toContain('52 resultados');
    expect(pagerOf(first.text)).toContain('href="/configuracoes/usuarios?pagina=2" rel="next">Próxima</a>');
    const second = await manager.get('/configuracoes/usuarios?pagina=2');
    expect(staffRows(second.text).map((row) => row[0])).toEqual(['zz.temp49', 'zz.temp50']);
    expect(pagerOf(second.text)).toContain('Página 2 de 2');
  });
});
