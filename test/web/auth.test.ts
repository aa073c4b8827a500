import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGER } from '../support/api.ts';
import {
  agentOn,
  fieldErrorOf,
  postForm,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
} from '../support/web.ts';

describe('login and logout (web auth router)', () => {
  let web: TestWeb;
  beforeAll(async () => {
    web = await startTestWeb();
  });
  afterAll(async () => {
    await web.stop();
  });

  it('shows the login screen with its fields', async () => {
    const { agent } = await agentOn(web, '/');
    const page = await agent.get('/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Bancada</h1>');
    expect(page.text).toContain('Usuário');
    expect(page.text).toContain('Senha');
    expect(page.text).toContain('Entrar');
  });

  it('shows both required-field messages under their fields', async () => {
    const { agent } = await agentOn(web, '/');
    const res = await postForm(agent, '/', { username: '', password: '' });
    expect(res.status).toBe(400);
    expect(fieldErrorOf(res.text, 'f-username')).toBe('Usuário obrigatório');
    expect(fieldErrorOf(res.text, 'f-password')).toBe('Senha obrigatória');
  });

  it('shows the failure toast on wrong credentials and keeps the username typed', async () => {
    const { agent } = await agentOn(web, '/');
    const res = await postForm(agent, '/', { username: MANAGER.username, password: 'errada' });
    expect(res.status).toBe(401);
    expect(toastsOf(res.text)).toEqual(['Ocorreu um erro ao fazer login. Cheque suas credenciais']);
    expect(res.text).toContain(`value="${MANAGER.username}"`);
  });

  it('signs in to /consulta, and Sair signs out to /', async () => {
    const agent = await signIn(web);
    const consulta = await agent.get('/consulta');
    expect(consulta.status).toBe(200);
    expect(consulta.text).toContain('Cadastrar cliente');
    const out = await postForm(agent, '/sair', {}, '/configuracoes');
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/');
    const after = await agent.get('/consulta');
    expect(after.status).toBe(303);
    expect(after.headers.location).toBe('/');
  });
});
