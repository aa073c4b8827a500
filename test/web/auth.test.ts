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

  it('after signing in, the page asked for opens; a path of ours only', async () => {
    const { agent } = await agentOn(web, '/');
    const asked = await agent.get('/caixa-periodo?inicio=01%2F01%2F2026');
    expect(asked.headers.location).toBe('/?next=%2Fcaixa-periodo%3Finicio%3D01%252F01%252F2026');
    const login = await agent.get(asked.headers.location as string);
    expect(login.text).toContain('name="next" value="/caixa-periodo?inicio=01%2F01%2F2026"');
    expect(toastsOf(login.text)).toEqual(['Sua sessão expirou. Entre novamente.']);
    const res = await postForm(
      agent,
      '/',
      {
        username: MANAGER.username,
        password: MANAGER.password,
        next: '/caixa-periodo?inicio=01%2F01%2F2026',
      },
      '/',
    );
    expect(res.headers.location).toBe('/caixa-periodo?inicio=01%2F01%2F2026');

    for (const next of [
      '//evil.example/x',
      '/.//evil.example/x',
      '/..//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      '/\r\nSet-Cookie: x=1',
      'javascript:alert(1)',
    ]) {
      const fresh = (await agentOn(web, '/')).agent;
      const page = await fresh.get(`/?next=${encodeURIComponent(next)}`);
      expect(page.text, next).not.toContain('name="next"');
      const signed = await postForm(
        fresh,
        '/',
        { username: MANAGER.username, password: MANAGER.password, next },
        '/',
      );
      expect(signed.status, next).toBe(303);
      const location = String(signed.headers.location);
      expect(location === '/consulta' || /^\/[^/\\]/.test(location), next).toBe(true);
      expect(location, next).not.toContain('evil');
      expect(location, next).not.toMatch(/[\r\n]/);
      // Already signed in, the sign-in page leads on at once: to a page of ours, never another host.
      const already = await fresh.get(`/?next=${encodeURIComponent(next)}`);
      expect(String(already.headers.location), next).not.toContain('evil');
    }
  });

  it('shows the failure toast on wrong credentials and keeps the username typed', async () => {
    const { agent } = await agentOn(web, '/');
    const res = await postForm(agent, '/', { username: MANAGER.username, password: 'errada' });
    expect(res.status).toBe(401);
    expect(toastsOf(res.text)).toEqual(['Ocorreu um erro ao fazer login. Cheque suas credenciais']);
    expect(res.text).toContain(`value="${MANAGER.username}"`);
  });

  it('a braked name says only to wait: the password was not even checked', async () => {
    const { agent } = await agentOn(web, '/');
    const username = 'ninguem-freado';
    for (let i = 0; i < 10; i++) await postForm(agent, '/', { username, password: `errada-${i}` });
    const res = await postForm(agent, '/', { username, password: 'qualquer' });
    expect(res.status).toBe(429);
    expect(toastsOf(res.text)).toEqual(['Muitas tentativas. Aguarde 5 minutos e tente de novo.']);
    expect(res.text).toContain(`value="${username}"`);
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
    expect(after.headers.location).toBe('/?next=%2Fconsulta');
  });
});
