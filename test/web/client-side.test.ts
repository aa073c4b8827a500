/**
 * The order pages' client side (decision 020) against the real api: the status link with its QR code,
 * its renewal, the WhatsApp button (a wa.me redirect with the status's message and the link, recorded
 * in the history), the warranty line and the history; against a backend without these calls the pages
 * show none of it and still work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import { forwardTo, listenRelay } from '../support/http-relay.ts';
import { csrfOf, decodeEntities, signIn, startTestWeb, type TestWeb, toastsOf } from '../support/web.ts';

describe('client side of the order pages (web client-side router)', () => {
  let web: TestWeb;
  let token: string;
  let clientId: number;

  async function newOrder(status: number, value: number | null = 199.9) {
    const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: clientId,
      product_name: 'Celular',
      product_model: 'Galaxy S20',
    });
    const id = so.body.id;
    await apiCall(web.api, 'PUT', `/service-orders/normal/${id}`, token, {
      status,
      product_name: 'Celular',
      product_model: 'Galaxy S20',
      fix_value_final: value,
      fix_payment_method: 'PIX',
    });
    return id;
  }

  beforeAll(async () => {
    web = await startTestWeb({ env: { PUBLIC_URL: 'https://loja.example.com' } });
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    // The first phone is a landline: the message goes to the second, the first mobile number.
    const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, {
      name: 'Marta Mensagem',
      phone1: '(11) 3333-4444',
      phone2: '(11) 99876-5432',
    });
    clientId = client.body.id;
  }, 60_000);
  afterAll(() => web?.stop());

  it('shows the link under PUBLIC_URL with its QR code, and the history newest first', async () => {
    const id = await newOrder(101);
    const staff = await signIn(web);
    const html = decodeEntities((await staff.get(`/os/${id}`)).text);
    const link = /Link: <a href="(https:\/\/loja\.example\.com\/acompanhar\/[A-Za-z0-9_-]{22})"/.exec(
      html,
    )?.[1];
    expect(link).toBeDefined();
    expect(html).toMatch(
      /<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="QR code do link de acompanhamento"/,
    );
    expect(html).not.toContain('funciona apenas dentro da rede da loja');
    const history = (/<ol class="history">(.*?)<\/ol>/s.exec(html)?.[1] ?? '').replace(/<!-- -->/g, '');
    const titles = [...history.matchAll(/<strong>gerente<\/strong> · ([^<]+)</g)].map((m) => m[1]?.trim());
    expect(titles).toEqual(['Gerou o link de acompanhamento', 'Editou', 'Abriu a O.S.']);
    expect(history).toContain('Status: Pendente de Orçamento → Orçamento Criado');
    expect(history).toMatch(/Valor final: \(vazio\) → R\$\s199,90/);
  });

  it('WhatsApp opens wa.me for the first mobile with the budget message and the link, and records it', async () => {
    const id = await newOrder(101);
    const staff = await signIn(web);
    const page = decodeEntities((await staff.get(`/os/${id}`)).text);
    const link = /Link: <a href="([^"]+)"/.exec(page)?.[1] ?? '';
    const res = await staff.get(`/os/${id}/whatsapp`);
    expect(res.status).toBe(303);
    const target = new URL(res.headers.location ?? '');
    expect(`${target.origin}${target.pathname}`).toBe('https://wa.me/5511998765432');
    const text = target.searchParams.get('text') ?? '';
    expect(text).toContain('Olá, Marta Mensagem!');
    // Worded around the number: no 'seu' to agree with whatever device name was typed.
    expect(text).toMatch(/O orçamento da O\.S\. M\d{5} \(Celular Galaxy S20\) está pronto: R\$\s199,90/);
    expect(text).toContain(link);
    const after = decodeEntities((await staff.get(`/os/${id}`)).text);
    expect(after).toContain('Abriu a mensagem no WhatsApp');
  });

  it('WhatsApp names the device once when its model was typed into its name too', async () => {
    const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: clientId,
      product_name: 'Tela Galaxy S20',
      product_model: 'galaxy s20',
    });
    const staff = await signIn(web);
    const location = (await staff.get(`/os/${so.body.id}/whatsapp`)).headers.location ?? '';
    expect(new URL(location).searchParams.get('text')).toContain('(Tela Galaxy S20)');
  });

  it("WhatsApp's {valor} is the amount the status page shows: the whole quote, then what is left to pay", async () => {
    const id = await newOrder(101);
    const paid = await apiCall(web.api, 'POST', '/transactions/upfront-payment/service-order', token, {
      service_order_id: id,
      value: 50,
      description: 'Sinal',
      payment_method: 'Pix',
    });
    expect(paid.status).toBe(201);
    const staff = await signIn(web);
    const messageOf = async () =>
      new URL((await staff.get(`/os/${id}/whatsapp`)).headers.location ?? '').searchParams.get('text') ?? '';
    // Asked to approve the budget: its whole value, deposit or not.
    expect(await messageOf()).toMatch(/está pronto: R\$\s199,90/);
    // Approved and repaired, with a message that names the value: what is left to pay.
    const settings = await apiCall(web.api, 'PUT', '/shop-settings', token, {
      whatsapp_templates: { pronto_para_retirada: 'Pronto! Falta pagar {valor}.' },
    });
    expect(settings.status).toBe(200);
    await apiCall(web.api, 'PUT', `/service-orders/normal/${id}`, token, {
      status: 104,
      product_name: 'Celular',
      product_model: 'Galaxy S20',
      fix_value_final: 199.9,
      fix_payment_method: 'PIX',
    });
    expect(await messageOf()).toMatch(/Falta pagar R\$\s149,90\./);
  });

  it("sent to the cash, nothing is left to pay: WhatsApp's {valor} is empty, as the status page shows none", async () => {
    const id = await newOrder(104);
    const settings = await apiCall(web.api, 'PUT', '/shop-settings', token, {
      whatsapp_templates: { andamento: 'Andamento de {numero}. Valor: [{valor}]' },
    });
    expect(settings.status).toBe(200);
    const closed = await apiCall(web.api, 'POST', '/transactions/close/service-order', token, {
      service_order_id: id,
    });
    expect(closed.status).toBe(201);
    const staff = await signIn(web);
    const location = (await staff.get(`/os/${id}/whatsapp`)).headers.location ?? '';
    expect(new URL(location).searchParams.get('text')).toMatch(/Valor: \[\]$/);
  });

  it('Cliente Notificado offers the message until one is opened', async () => {
    const id = await newOrder(105);
    const staff = await signIn(web);
    expect((await staff.get(`/os/${id}`)).text).toContain('Cliente Notificado: envie a mensagem ao cliente.');
    await staff.get(`/os/${id}/whatsapp`);
    expect((await staff.get(`/os/${id}`)).text).not.toContain('Cliente Notificado: envie a mensagem');
  });

  it('renewing gives a new link and says the old one stopped working', async () => {
    const id = await newOrder(100, null);
    const staff = await signIn(web);
    const page = await staff.get(`/os/${id}`);
    const before = /Link: <a href="([^"]+)"/.exec(page.text)?.[1];
    const res = await staff
      .post(`/os/${id}/link/renovar`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) });
    expect(res.status).toBe(303);
    const after = await staff.get(res.headers.location ?? '');
    expect(toastsOf(after.text)).toContain('Novo link gerado. O link anterior deixou de funcionar.');
    expect(/Link: <a href="([^"]+)"/.exec(after.text)?.[1]).not.toBe(before);
    // Without the form's CSRF token nothing is renewed.
    const current = /Link: <a href="([^"]+)"/.exec(after.text)?.[1];
    const forged = await staff.post(`/os/${id}/link/renovar`).type('form').send({});
    expect(forged.headers.location).not.toBe(`/os/${id}`);
    expect(/Link: <a href="([^"]+)"/.exec((await staff.get(`/os/${id}`)).text)?.[1]).toBe(current);
  });

  it("a parts order page has its link, and the client's landline-only number gives no WhatsApp button", async () => {
    const landline = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, {
      name: 'Só Fixo',
      phone1: '(11) 3333-2222',
    });
    const order = await apiCall<{ id: number }>(web.api, 'POST', '/orders', token, {
      client_id: landline.body.id,
      piece_name: 'Bateria',
    });
    const staff = await signIn(web);
    const html = decodeEntities((await staff.get(`/pedido/${order.body.id}`)).text);
    expect(html).toMatch(/Link: <a href="https:\/\/loja\.example\.com\/acompanhar\//);
    expect(html).toContain('o cliente não tem celular cadastrado');
    expect(html).not.toContain('>Enviar pelo WhatsApp</a>');
  });

  it('against a backend without the extra calls the order page shows none of it and still works', async () => {
    const id = await newOrder(101);
    const upstream = new URL(web.api.url);
    const bare = await listenRelay((req, res) => {
      if (/^\/(status-links|warranty|order-history|shop-settings)\b/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"message":"Not found"}');
        return;
      }
      forwardTo(upstream, req, res);
    });
    const other = await startTestWeb({ api: web.api, apiUrl: bare.url });
    try {
      const staff = await signIn(other);
      const res = await staff.get(`/os/${id}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Dados da O.S.');
      expect(res.text).not.toContain('Acompanhamento do cliente');
      expect(res.text).not.toContain('Histórico');
    } finally {
      await other.stop();
      await bare.stop();
    }
  });
});
