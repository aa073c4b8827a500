/**
 * The clients' status links under a Host header somebody wrote: a public name nobody configured never
 * reaches the link on the order page, its QR code, the WhatsApp message or the printed ticket; the order
 * page says which address it ignored. A name of the shop's network is carried as asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import { decodeEntities, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

describe('status links under a foreign Host header', () => {
  let web: TestWeb;
  let orderId: number;

  beforeAll(async () => {
    web = await startTestWeb();
    const token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, {
      name: 'Cliente Host',
      phone1: '(11) 99876-5432',
    });
    const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: client.body.id,
      product_name: 'Tablet',
    });
    orderId = so.body.id;
  }, 60_000);
  afterAll(() => web?.stop());

  it('a public name nobody configured is not carried to the link, the message or the ticket', async () => {
    const staff = await signIn(web);
    const page = decodeEntities((await staff.get(`/os/${orderId}`).set('host', 'evil.example')).text);
    const link = /Link: <a href="([^"]+)"/.exec(page)?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/[^/]+\/acompanhar\/[A-Za-z0-9_-]{22}$/);
    expect(link).not.toContain('evil.example');
    expect(page).toContain(
      'A Bancada foi aberta pelo endereço evil.example, que não está configurado: este link usa o endereço deste computador na rede da loja e só abre dentro dela.',
    );

    const whatsapp = await staff.get(`/os/${orderId}/whatsapp`).set('host', 'evil.example');
    expect(whatsapp.status).toBe(303);
    const text = new URL(whatsapp.headers.location ?? '').searchParams.get('text') ?? '';
    // The same link (supertest serves each request on a port of its own, so the path is compared).
    expect(text).toContain(new URL(link).pathname);
    expect(text).toMatch(/http:\/\/[^/\s]+\/acompanhar\//);
    expect(text).not.toContain('evil.example');

    const ticket = await staff.get(`/os/${orderId}/imprimir`).set('host', 'evil.example');
    expect(ticket.status).toBe(200);
    expect(ticket.text).not.toContain('evil.example');
  });

  it("a name of the shop's network is carried as asked, without a warning", async () => {
    const staff = await signIn(web);
    const page = decodeEntities((await staff.get(`/os/${orderId}`).set('host', '192.168.0.10:3000')).text);
    expect(page).toMatch(/Link: <a href="http:\/\/192\.168\.0\.10:3000\/acompanhar\/[A-Za-z0-9_-]{22}"/);
    expect(page).not.toContain('que não está configurado');
    expect(page).toContain('Este link funciona apenas dentro da rede da loja');
  });
});
