/**
 * Configurações › Impressoras: a manager registers a print server and sees its key once; a new key
 * replaces the old; revoking stops it; last contact shows; employees cannot reach the page.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../support/api.ts';
import {
  type Agent,
  decodeEntities,
  fieldErrorOf,
  postForm,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
} from '../support/web.ts';

const PAGE = '/configuracoes/impressoras';
const keyOn = (html: string) => /<code>(bpk_[A-Za-z0-9_-]{43})<\/code>/.exec(html)?.[1];
const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

describe('print servers in Configurações (web printers router)', () => {
  let web: TestWeb;
  let manager: Agent;

  beforeAll(async () => {
    web = await startTestWeb();
    manager = await signIn(web);
  });
  afterAll(async () => {
    await web.stop();
  });

  const poll = (key: string) =>
    supertest(web.app).get('/impressao/fila?espera=0').set('authorization', `Bearer ${key}`);

  it('links Impressoras from Configurações for managers', async () => {
    expect((await manager.get('/configuracoes')).text).toContain(`href="${PAGE}"`);
  });

  it('registers a print server and shows its key once', async () => {
    const res = await postForm(manager, PAGE, { name: 'Balcão', paper: '80mm', note: 'Perto do caixa' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(PAGE);
    const page = await manager.get(PAGE);
    const key = keyOn(page.text);
    expect(key).toBeDefined();
    const text = textOf(page.text);
    expect(text).toContain('Chave de Balcão');
    expect(text).toContain('Balcão Térmica 80 mm Perto do caixa nunca Ativa');
    // Once: the next page has no key on it.
    expect(keyOn((await manager.get(PAGE)).text)).toBeUndefined();

    expect((await poll(String(key))).status).toBe(200);
    expect(textOf((await manager.get(PAGE)).text)).toMatch(
      /Balcão Térmica 80 mm Perto do caixa \d\d\/\d\d\/\d{4} \d\d:\d\d Ativa/,
    );
  });

  it('refuses a blank name and a repeated one on their field', async () => {
    // Post/redirect/get: the refusal is a GET of the page with the typing and the errors.
    const refusal = async (fields: Record<string, string>) => {
      const posted = await postForm(manager, PAGE, fields);
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toMatch(/^\/configuracoes\/impressoras\?/);
      return manager.get(posted.headers.location ?? PAGE);
    };
    const blank = await refusal({ name: '  ', paper: 'a4', note: 'Perto da porta' });
    expect(fieldErrorOf(blank.text, 'f-name')).toBe('Nome obrigatório');
    expect(blank.text).toContain('Perto da porta');
    await postForm(manager, PAGE, { name: 'Bancada técnica', paper: 'a4' });
    const again = await refusal({ name: 'bancada técnica', paper: 'a4' });
    expect(fieldErrorOf(again.text, 'f-name')).toBe('Já existe uma impressora com este nome');
    expect(toastsOf(again.text)).toContain('Ocorreu um erro ao salvar a impressora');
  });

  it('a new key replaces the old one; revoking leaves the printer without a key', async () => {
    await postForm(manager, PAGE, { name: 'Oficina', paper: 'a4' });
    const first = String(keyOn((await manager.get(PAGE)).text));
    const id =
      /aria-label="Nova chave para Oficina"[^>]*action="\/configuracoes\/impressoras\/(\d+)\/chave"/.exec(
        (await manager.get(PAGE)).text,
      )?.[1];
    expect(id).toBeDefined();
    await postForm(manager, `${PAGE}/${id}/chave`, {}, PAGE);
    const second = String(keyOn((await manager.get(PAGE)).text));
    expect(second).not.toBe(first);
    expect((await poll(first)).status).toBe(401);
    expect((await poll(second)).status).toBe(200);

    await postForm(manager, `${PAGE}/${id}/revogar`, {}, PAGE);
    const page = await manager.get(PAGE);
    expect(toastsOf(page.text)).toContain('Chave de Oficina revogada');
    expect(textOf(page.text)).toMatch(/Oficina A4 .* Revogada/);
    expect((await poll(second)).status).toBe(401);
  });

  it('keeps employees out', async () => {
    const staff = await createEmployee(web.api, 'atendente', 'senha-atendente');
    const employee = await signIn(web, staff.username, staff.password);
    expect((await employee.get('/configuracoes')).text).not.toContain(`href="${PAGE}"`);
    expect((await employee.get(PAGE)).status).toBe(403);
    const post = await postForm(employee, PAGE, { name: 'Intrusa', paper: 'a4' }, '/configuracoes');
    expect(post.status).toBe(403);
    expect(textOf((await manager.get(PAGE)).text)).not.toContain('Intrusa');
  });
});
