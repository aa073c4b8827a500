/**
 * A client's card (Consulta's result, Editar Cliente) leads to 'Nova O.S.' and 'Novo Pedido' with the
 * client already selected, and Enter in the client form (its hidden default button, intent=enter) looks
 * the CEP up while the address is empty and saves once it is filled. Against the real api.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import { type CepStandIn, freshCep, maskedCep, startCepStandIn } from '../support/cep-server.ts';
import {
  type Agent,
  decodeEntities,
  postForm,
  refusedPage,
  signIn,
  startTestWeb,
  type TestWeb,
} from '../support/web.ts';

/** The links of the client's card: [text, href]. */
function clientLinks(html: string): [string, string][] {
  const block = /<p class="client-links">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  return [...block.matchAll(/<a[^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [
    decodeEntities(m[2] ?? ''),
    decodeEntities(m[1] ?? ''),
  ]);
}

/** The value an input of the page holds. */
function inputValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  return input ? decodeEntities(/value="([^"]*)"/.exec(input)?.[1] ?? '') : undefined;
}

describe("a client's card and the client form's Enter", () => {
  let web: TestWeb;
  let viacep: CepStandIn;
  let agent: Agent;
  let token: string;
  let client: { id: number };

  beforeAll(async () => {
    viacep = await startCepStandIn('viacep');
    web = await startTestWeb({ env: { CEP_PROVIDER_URL: viacep.template, CEP_TIMEOUT_MS: '2000' } });
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    agent = await signIn(web);
    client = (await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, { name: 'Lúcia Cartão' }))
      .body;
  });
  afterAll(async () => {
    await web?.stop();
    await viacep?.stop();
  });

  it("Consulta's client result and Editar Cliente have 'Nova O.S.' and 'Novo Pedido' for that client", async () => {
    const found = await agent.get('/consulta?q=L%C3%BAcia&tipo=cliente');
    expect(clientLinks(found.text)).toEqual([
      ['Editar cliente', `/editar-cliente/${client.id}`],
      ['Nova O.S.', `/abrir-os-normal?cliente=${client.id}`],
      ['Novo Pedido', `/abrir-pedido?cliente=${client.id}`],
    ]);
    const edit = await agent.get(`/editar-cliente/${client.id}`);
    expect(clientLinks(edit.text)).toEqual([
      ['Nova O.S.', `/abrir-os-normal?cliente=${client.id}`],
      ['Novo Pedido', `/abrir-pedido?cliente=${client.id}`],
    ]);
  });

  it('the links open the screens with the client selected and the keyboard on the first field', async () => {
    const os = await agent.get(`/abrir-os-normal?cliente=${client.id}`);
    expect(inputValue(os.text, 'client_id')).toBe(String(client.id));
    expect(os.text).toMatch(/<input id="f-product_name"[^>]*autofocus=""/);
    const pedido = await agent.get(`/abrir-pedido?cliente=${client.id}`);
    expect(inputValue(pedido.text, 'client_id')).toBe(String(client.id));
    expect(pedido.text).toMatch(/<input id="f-piece_name"[^>]*autofocus=""/);
  });

  it('Enter (intent=enter) with a CEP and no address looks it up and saves nothing; with the address it saves', async () => {
    const cep = freshCep();
    viacep.add(cep, { street: 'Rua da Tecla', neighborhood: 'Centro', city: 'Recife', state: 'PE' });
    const looked = await postForm(agent, '/cadastrar-cliente', {
      intent: 'enter',
      name: 'Cliente do Enter',
      zip_code: cep,
    });
    expect(looked.status).toBe(200);
    expect(inputValue(looked.text, 'address')).toBe('Rua da Tecla');
    expect(inputValue(looked.text, 'city')).toBe('Recife');
    expect(inputValue(looked.text, 'zip_code')).toBe(maskedCep(cep));
    expect(inputValue(looked.text, 'name')).toBe('Cliente do Enter');
    const none = await apiCall<unknown[]>(web.api, 'GET', '/clients?filter=Enter', token);
    expect(none.body).toEqual([]);

    const saved = await postForm(agent, '/cadastrar-cliente', {
      intent: 'enter',
      name: 'Cliente do Enter',
      zip_code: cep,
      address: 'Rua da Tecla',
      city: 'Recife',
      state: 'PE',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toMatch(/^\/abrir-os-normal\?cliente=\d+$/);
    const one = await apiCall<unknown[]>(web.api, 'GET', '/clients?filter=Enter', token);
    expect(one.body).toHaveLength(1);
  });

  it('Enter with no CEP saves (and reports a missing name as any save does)', async () => {
    const res = await refusedPage(
      agent,
      await postForm(agent, '/cadastrar-cliente', { intent: 'enter', name: '' }),
      '/cadastrar-cliente',
    );
    expect(res.text).toContain('Nome obrigatório');
    expect(res.text).toMatch(/<input id="f-name"[^>]*autofocus=""/);
  });
});
