/**
 * Editar O.S. and Editar O.S. de Retorno: 'Valor final' left empty is saved as peças + mão de obra; a
 * typed final value is kept as typed. Against the real api, through the edit form as a browser posts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import { type Agent, decodeEntities, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

/** Every named input, textarea and selected option of the page's edit form, as a browser would send it. */
function formFields(html: string, action: string): Record<string, string> {
  const form = new RegExp(`<form[^>]*action="${action}"[^>]*>([\\s\\S]*?)</form>`).exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(m[0])?.[1];
    if (name && !/type="submit"/.test(m[0]))
      fields[name] = decodeEntities(/value="([^"]*)"/.exec(m[0])?.[1] ?? '');
  }
  for (const m of form.matchAll(/<textarea[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/textarea>/g)) {
    fields[m[1] ?? ''] = decodeEntities(m[2] ?? '');
  }
  for (const m of form.matchAll(/<select[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
    fields[m[1] ?? ''] = /<option value="([^"]*)" selected=""/.exec(m[2] ?? '')?.[1] ?? '';
  }
  return fields;
}

describe('Valor final suggested as peças + mão de obra', () => {
  let web: TestWeb;
  let token: string;
  let agent: Agent;
  let clientId: number;

  async function api<T = { id: number; fix_value_final: number | null }>(
    method: string,
    path: string,
    body?: unknown,
  ) {
    const res = await apiCall<T>(web.api, method, path, token, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** Opens the edit page, changes some fields, posts it; answers the saved order. */
  async function edit(kind: 'normal' | 'returned', id: number, changes: Record<string, string>) {
    const path = `${kind === 'normal' ? '/editar-os/' : '/editar-os-retorno/'}${id}`;
    const page = await agent.get(path);
    expect(page.status).toBe(200);
    const res = await agent
      .post(path)
      .type('form')
      .send({ ...formFields(page.text, path), ...changes });
    expect(res.status, res.text.slice(0, 300)).toBe(303);
    return api('GET', `/service-orders/${kind}/${id}`);
  }

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    agent = await signIn(web);
    clientId = (await api('POST', '/clients', { name: 'Cliente do Valor' })).id;
  });
  afterAll(async () => {
    await web?.stop();
  });

  it('the edit form says so under Valor final', async () => {
    const order = await api('POST', '/service-orders/normal', { client_id: clientId, product_name: 'TV' });
    const html = (await agent.get(`/editar-os/${order.id}`)).text;
    expect(html).toMatch(
      /<small class="hint" id="f-fix_value_final-hint">Se ficar vazio: peças \+ mão de obra\.<\/small>/,
    );
  });

  it('an empty Valor final is saved as peças + mão de obra; a typed one is kept', async () => {
    const order = await api('POST', '/service-orders/normal', { client_id: clientId, product_name: 'TV' });
    let saved = await edit('normal', order.id, {
      fix_value_pieces: '120,50',
      fix_value_labor: '80',
      fix_value_final: '',
    });
    expect(saved.fix_value_final).toBe(200.5);
    saved = await edit('normal', order.id, { fix_value_final: '150,00' });
    expect(saved.fix_value_final).toBe(150);
    // Only labor typed: the final value is the labor.
    const other = await api('POST', '/service-orders/normal', { client_id: clientId, product_name: 'Rádio' });
    saved = await edit('normal', other.id, { fix_value_labor: '45', fix_value_final: '' });
    expect(saved.fix_value_final).toBe(45);
    // Nothing typed: nothing suggested.
    const empty = await api('POST', '/service-orders/normal', { client_id: clientId, product_name: 'Som' });
    saved = await edit('normal', empty.id, { fix_technician_name: 'Bia' });
    expect(saved.fix_value_final).toBeNull();
  });

  it('the same on the return order', async () => {
    const original = await api('POST', '/service-orders/normal', { client_id: clientId, product_name: 'TV' });
    const returned = await api('POST', '/service-orders/returned', {
      original_service_order_id: original.id,
      return_motive: 'Voltou',
    });
    const saved = await edit('returned', returned.id, {
      fix_value_pieces: '10',
      fix_value_labor: '5,25',
      fix_value_final: '',
    });
    expect(saved.fix_value_final).toBe(15.25);
  });
});
