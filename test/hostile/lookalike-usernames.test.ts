/**
 * Names that look like others: usernames are NFKC, invisible and bidi control characters are refused in
 * every text field (with a pt-BR message on the field), and a username confusable with an existing one
 * (same Unicode skeleton) is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, MANAGER, startTestApi, type TestApi } from '../support/api.ts';
import { call } from './support.ts';

const INVISIBLE = 'Texto com caracteres invisíveis ou de controle de direção não é aceito';
const LOOKALIKE = 'Este nome de usuário se parece com outro já existente: escolha outro';

describe('look-alike usernames and invisible characters', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startTestApi('pglite');
    token = (await apiLogin(api, MANAGER.username, MANAGER.password)).token;
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
  });

  const newEmployee = (username: string) =>
    call(api.url, 'POST', '/employees', { token, body: { origin: 100, username, password: 'senha-1234' } });

  it.each([
    ['a zero-width space', 'gerente\u200B'],
    ['a right-to-left override', 'ger\u202Eetne'],
    ['a zero-width joiner', 'fu\u200Dnc'],
  ])('a username with %s is refused on its field', async (_what, name) => {
    const res = await newEmployee(name);
    expect(res.status).toBe(400);
    expect((res.json as { issues: Record<string, string> }).issues.username).toBe(INVISIBLE);
  });

  it('a username confusable with an existing one is refused (Cyrillic е, full-width letters)', async () => {
    for (const name of ['g\u0435rente', 'ｇｅｒｅｎｔｅ', 'GЕRENTE']) {
      const res = await newEmployee(name);
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect([LOOKALIKE, 'Este nome de usuário já está em uso']).toContain(
        (res.json as { message: string }).message,
      );
    }
    const users = await api.deps.db.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username)).toEqual([MANAGER.username]);
  });

  it('usernames are stored in NFKC and sign in in any compatible spelling', async () => {
    const res = await newEmployee('ｂａｌｃａｏ');
    expect(res.status).toBe(201);
    expect((res.json as { username: string }).username).toBe('balcao');
    const login = await call(api.url, 'POST', '/sessions', {
      body: { username: 'ＢＡＬＣＡＯ', password: 'senha-1234' },
    });
    expect(login.status).toBe(200);
  });

  it('every text field refuses invisible and bidi control characters, on its field', async () => {
    const res = await call(api.url, 'POST', '/clients', {
      token,
      body: { name: 'Cliente\u202E Invertido', email: 'a\u200Bb@exemplo.com' },
    });
    expect(res.status).toBe(400);
    const issues = (res.json as { issues: Record<string, string> }).issues;
    expect(issues.name).toBe(INVISIBLE);
    expect(issues.email).toBe(INVISIBLE);
    // A password keeps whatever its owner typed.
    const withInvisible = await call(api.url, 'POST', '/employees', {
      token,
      body: { origin: 100, username: 'senha-estranha', password: 'abc\u200Bdef' },
    });
    expect(withInvisible.status).toBe(201);
  });

  // A NUL from a barcode scanner or a PDF, an ESC, a BEL: named on their field, as the invisible ones.
  it('every text field refuses control characters on its field; a text keeps its tabs and line breaks', async () => {
    const CONTROL = 'Texto com caracteres de controle não é aceito';
    const res = await call(api.url, 'POST', '/clients', {
      token,
      body: {
        name: 'Nome\u0000x',
        address: 'Rua\u001b[31m Um',
        complement: 'Bloco\u0007B',
        city: 'Sé\u0085',
      },
    });
    expect(res.status).toBe(400);
    expect((res.json as { issues: Record<string, string> }).issues).toMatchObject({
      name: CONTROL,
      address: CONTROL,
      complement: CONTROL,
      city: CONTROL,
    });
    expect(
      await api.deps.db.selectFrom('clients').select('name').where('name', 'like', 'Nome%').execute(),
    ).toEqual([]);
    // A password keeps every character but the NUL.
    const nul = await call(api.url, 'POST', '/employees', {
      token,
      body: { origin: 100, username: 'senha-nula', password: 'abc\u0000def' },
    });
    expect((nul.json as { issues: Record<string, string> }).issues.password).toBe(CONTROL);
    const bell = await call(api.url, 'POST', '/employees', {
      token,
      body: { origin: 100, username: 'senha-sino', password: 'abc\u0007def' },
    });
    expect(bell.status).toBe(201);
    const lines = await call(api.url, 'POST', '/clients', {
      token,
      body: { name: 'Cliente das Linhas', complement: 'Fundos\tcasa 2\r\nportão azul' },
    });
    expect(lines.status).toBe(201);
  });

  it('an emoji joined by a zero-width joiner is one picture, not a hidden character', async () => {
    const res = await call(api.url, 'POST', '/clients', {
      token,
      body: { name: 'João 👨\u200D🔧', address: 'Casa da família 👩\u200D👩\u200D👧' },
    });
    expect(res.status).toBe(201);
    // A joiner beside a letter still hides nothing legitimately.
    const hidden = await call(api.url, 'POST', '/clients', { token, body: { name: 'Jo\u200Dão' } });
    expect(hidden.status).toBe(400);
    const trailing = await call(api.url, 'POST', '/clients', { token, body: { name: 'João 👨\u200D' } });
    expect(trailing.status).toBe(400);
  });
});
