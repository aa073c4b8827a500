/**
 * The printed sheets carry the client's side (decision 020): the QR code and the address on the client's
 * ticket and on the delivery sheet, the warranty's end on the delivery sheet, and the warranty text in
 * the shop's days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/client-view.ts';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import { decodeEntities, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

describe('printed sheets with the status link (web print router)', () => {
  let web: TestWeb;
  let token: string;
  let orderId: number;

  beforeAll(async () => {
    web = await startTestWeb({ env: { PUBLIC_URL: 'https://loja.example.com/' } });
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, { name: 'Impressa' });
    const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: client.body.id,
      product_name: 'Rádio',
    });
    orderId = so.body.id;
    await apiCall(web.api, 'PUT', '/shop-settings', token, { warranty_days: 60 });
  }, 60_000);
  afterAll(() => web?.stop());

  it('the client ticket has the QR code and the short address; the warranty text follows the setting', async () => {
    const staff = await signIn(web);
    const html = decodeEntities((await staff.get(`/os/${orderId}/imprimir`)).text);
    const qrs =
      html.match(/<img src="data:image\/svg\+xml;base64,[^"]+" alt="QR code do acompanhamento"/g) ?? [];
    expect(qrs).toHaveLength(1);
    expect(html).toMatch(
      // On a ticket the address stands alone beside the code (the delivery sheet says what it is for).
      /<p class="status-qr-link"><span class="status-url">loja\.example\.com\/acompanhar\/[A-Za-z0-9_-]{22}<\/span><\/p>/,
    );
    expect(html).toContain('Garantia de 60 dias para o serviço realizado');
    expect(html).not.toContain('Garantia de 90 dias');
  });

  it('the parts order sheet carries the same status link as the order page, with its code and address', async () => {
    const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, {
      name: 'Peça Impressa',
    });
    const parts = await apiCall<{ id: number }>(web.api, 'POST', '/orders', token, {
      client_id: client.body.id,
      piece_name: 'Tela',
    });
    const staff = await signIn(web);
    const html = decodeEntities((await staff.get(`/pedido/${parts.body.id}/imprimir`)).text);
    expect(
      html.match(/<img src="data:image\/svg\+xml;base64,[^"]+" alt="QR code do acompanhamento"/g),
    ).toHaveLength(1);
    const printed =
      /Acompanhe pelo celular: <span class="status-url">(loja\.example\.com\/acompanhar\/[\w-]{22})</.exec(
        html,
      )?.[1];
    expect(printed).toBeDefined();
    const page = decodeEntities((await staff.get(`/pedido/${parts.body.id}`)).text);
    expect(page).toContain(`https://${printed}`);
    // A parts order has no warranty to print.
    expect(html).not.toContain('Garantia');
  });

  it("the 80 mm ticket and delivery sheet print the shop's warranty days too, and are noted in the history", async () => {
    const staff = await signIn(web);
    for (const sheet of ['imprimir', 'entrega']) {
      const html = decodeEntities((await staff.get(`/os/${orderId}/${sheet}?papel=80mm`)).text);
      expect(html).toContain('class="thermal"');
      expect(html).toContain('Garantia de 60 dias para o serviço realizado');
      expect(html).not.toContain('Garantia de 90 dias');
      expect(html).toContain('alt="QR code do acompanhamento do pedido"');
    }
    const page = decodeEntities((await staff.get(`/os/${orderId}`)).text);
    expect(page).toContain('Imprimiu: Via do cliente (80 mm)');
    expect(page).toContain('Imprimiu: Folha de entrega (80 mm)');
  });

  it('the delivery sheet prints the warranty end once the order went home', async () => {
    await apiCall(web.api, 'PUT', `/service-orders/normal/${orderId}`, token, {
      status: 104,
      product_name: 'Rádio',
      fix_value_final: 50,
      fix_payment_method: 'Dinheiro',
    });
    await apiCall(web.api, 'POST', '/transactions/close/service-order', token, { service_order_id: orderId });
    const staff = await signIn(web);
    const html = decodeEntities((await staff.get(`/os/${orderId}/entrega`)).text);
    const until = formatDisplayDate(addDays(todayInShop(web.deps.env.SHOP_TZ), 60));
    expect(html).toContain(`Garantia até ${until}`);
    expect(html).toContain('alt="QR code do acompanhamento"');
    expect(html).toContain('Garantia de 60 dias');
    // Each print is in the order's history.
    const page = decodeEntities((await staff.get(`/os/${orderId}`)).text);
    expect(page).toContain('Imprimiu: Folha de entrega');
    expect(page).toContain('Imprimiu: Folha da O.S.');
  });

  it('an order sent to the cash unrepaired prints no warranty, and its page says there is none', async () => {
    const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, {
      name: 'Sem Conserto',
    });
    const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: client.body.id,
      product_name: 'TV',
    });
    await apiCall(web.api, 'PUT', `/service-orders/normal/${so.body.id}`, token, {
      status: 111,
      product_name: 'TV',
      fix_value_final: 30,
      fix_payment_method: 'Dinheiro',
    });
    const staff = await signIn(web);
    // Already on its way back unrepaired: the delivery sheet gives no warranty.
    const before = decodeEntities((await staff.get(`/os/${so.body.id}/entrega`)).text);
    expect(before).toContain('Aparelho devolvido sem conserto: esta ordem de serviço não tem garantia.');
    expect(before).not.toContain('Garantia de 60 dias');
    await apiCall(web.api, 'POST', '/transactions/close/service-order', token, {
      service_order_id: so.body.id,
    });
    for (const sheet of ['entrega', 'imprimir?papel=80mm']) {
      const html = decodeEntities((await staff.get(`/os/${so.body.id}/${sheet}`)).text);
      expect(html).toContain('Aparelho devolvido sem conserto: esta ordem de serviço não tem garantia.');
      expect(html).not.toContain('Garantia até');
      expect(html).not.toContain('Garantia de 60 dias');
    }
    const page = decodeEntities((await staff.get(`/os/${so.body.id}`)).text);
    expect(page).toContain('Sem garantia: a O.S. não teve conserto');
    expect(page).not.toContain('Em garantia até');
  });

  it('a cancelled order prints no warranty; one day reads in the singular, none as none', async () => {
    const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, { name: 'Cancelada' });
    const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: client.body.id,
      product_name: 'Som',
    });
    const staff = await signIn(web);
    try {
      await apiCall(web.api, 'PUT', '/shop-settings', token, { warranty_days: 1 });
      const one = decodeEntities((await staff.get(`/os/${so.body.id}/imprimir`)).text);
      expect(one).toContain('Garantia de 1 dia para o serviço realizado');
      await apiCall(web.api, 'PUT', '/shop-settings', token, { warranty_days: 0 });
      const none = decodeEntities((await staff.get(`/os/${so.body.id}/imprimir`)).text);
      expect(none).toContain('Serviço sem garantia.');
      expect(none).not.toContain('Garantia de 0 dias');
    } finally {
      await apiCall(web.api, 'PUT', '/shop-settings', token, { warranty_days: 60 });
    }
    await apiCall(web.api, 'POST', '/transactions/cancel/service-order', token, {
      service_order_id: so.body.id,
      cancel_motive: 'Desistiu',
    });
    for (const sheet of ['imprimir', 'entrega', 'imprimir?papel=80mm', 'entrega?papel=80mm']) {
      const html = decodeEntities((await staff.get(`/os/${so.body.id}/${sheet}`)).text);
      expect(html).toContain('Ordem de serviço cancelada: sem garantia.');
      expect(html).not.toContain('Garantia de 60 dias');
    }
  });
});
