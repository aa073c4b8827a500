/**
 * The same form sent twice at once — a double click, a retry, two tabs — makes one record: the web
 * claims the render's form key before calling the api, and the api keeps the Idempotency-Key. Here an
 * upfront payment's form is posted twice in flight through the real web and api; the order must end
 * with one payment, and both answers lead back to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import { decodeEntities, signIn, startTestWeb, type TestWeb, toastsOf } from '../support/web.ts';

type Json = Record<string, unknown>;

/** The hidden inputs of the form posting to `action`, as a browser would send them. */
function hiddenFieldsOf(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`action="${action}" method="post"`);
  if (start < 0) throw new Error(`no form posting to ${action}`);
  const form = html.slice(start, html.indexOf('</form>', start));
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1] as string] = decodeEntities(m[2] as string);
  }
  return fields;
}

describe('double submit', () => {
  let web: TestWeb;
  let token: string;
  let orderId: number;

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    const client = await apiCall<Json>(web.api, 'POST', '/clients', token, { name: 'Dora Dupla' });
    const order = await apiCall<Json>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: client.body.id,
      product_name: 'Notebook',
    });
    orderId = order.body.id as number;
  });
  afterAll(async () => {
    await web.stop();
  });

  it('an upfront payment posted twice in flight is recorded once', async () => {
    const agent = await signIn(web);
    const action = `/os/${orderId}/pagamento-antecipado`;
    const page = await agent.get(`/os/${orderId}?dialogo=pagamento-antecipado`);
    const form = {
      ...hiddenFieldsOf(page.text, action),
      description: 'Sinal',
      value: '150,00',
      payment_method: 'Pix',
    };
    const [first, second] = await Promise.all([
      agent.post(action).type('form').send(form),
      agent.post(action).type('form').send(form),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(first.headers.location).toBe(`/os/${orderId}`);
    expect(second.headers.location).toBe(`/os/${orderId}`);

    const order = await apiCall<Json>(web.api, 'GET', `/service-orders/normal/${orderId}`, token);
    const payments = (order.body.transactions as Json[]).filter((t) => t.type === 101);
    expect(payments).toHaveLength(1);
    expect(payments[0]?.value).toBe(150);
  });
  it('Back and Salvar on Abrir O.S. opens the order the first submit created, with a notice', async () => {
    const agent = await signIn(web);
    const clients = await apiCall<Json[]>(web.api, 'GET', '/clients?filter=Dora', token);
    const clientId = String(clients.body[0]?.id);
    const page = await agent.get(`/abrir-os-normal?cliente=${clientId}`);
    const form = {
      ...hiddenFieldsOf(page.text, '/abrir-os-normal'),
      client_id: clientId,
      product_name: 'Rádio antigo',
    };
    const first = await agent.post('/abrir-os-normal').type('form').send(form);
    expect(first.status).toBe(303);
    const opened = String(first.headers.location);
    expect(opened).toMatch(/^\/os\/\d+$/);
    await agent.get(opened);
    const again = await agent.post('/abrir-os-normal').type('form').send(form);
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(opened);
    const shown = await agent.get(opened);
    expect(toastsOf(shown.text)).toEqual([
      'Este formulário já tinha sido enviado: abrimos o que ele criou, nada foi duplicado.',
    ]);
    const all = await apiCall<Json[]>(web.api, 'GET', '/service-orders/normal?status=100', token);
    expect(all.body.filter((o) => o.product_name === 'Rádio antigo')).toHaveLength(1);
  });
});
