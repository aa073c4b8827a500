/**
 * The counter's comforts on the order pages (/os/{id}, /pedido/{id}): the delivery sheet's button on every
 * O.S. page, and 'Total pago' / 'Falta receber' (the final value less the payments, never below zero).
 * Against the real api; every order is created through the api's own endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInShop } from '../../domain/dates.ts';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import { type Agent, decodeEntities, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

const TZ = 'America/Sao_Paulo';

/** The value shown under a label of a details list, nth in page order. */
function shown(html: string, label: string, nth = 0): string | undefined {
  const values = [...html.matchAll(new RegExp(`<dt>${label}</dt><dd>(.*?)</dd>`, 'gs'))];
  const value = values[nth]?.[1];
  return value === undefined ? undefined : decodeEntities(value.replace(/<[^>]+>/g, ''));
}

/** The delivery sheet's link on an O.S. page: its href and its text. */
function deliveryLink(html: string) {
  const m = /<a class="button" href="([^"]*\/entrega)"[^>]*>([^<]*)<\/a>/.exec(html);
  return m ? { href: m[1], text: m[2] } : undefined;
}

describe('order pages: delivery sheet button, Total pago and Falta receber', () => {
  let web: TestWeb;
  let token: string;
  let manager: Agent;
  let clientId: number;

  async function api<T = { id: number; number: string }>(method: string, path: string, body?: unknown) {
    const res = await apiCall<T>(web.api, method, path, token, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const normal = () =>
    api('POST', '/service-orders/normal', { client_id: clientId, product_name: 'Notebook' });
  const repair = (id: number, final: number | null) =>
    api('PUT', `/service-orders/normal/${id}`, {
      status: 104,
      product_name: 'Notebook',
      fix_value_pieces: 100,
      fix_value_labor: 80,
      fix_value_final: final,
      fix_payment_method: 'Pix',
    });
  const upfront = (id: number, value: number) =>
    api('POST', '/transactions/upfront-payment/service-order', {
      service_order_id: id,
      value,
      description: 'Sinal',
      date: todayInShop(TZ),
      payment_method: 'Dinheiro',
    });

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    manager = await signIn(web);
    clientId = (await api('POST', '/clients', { name: 'Cliente do Balcão' })).id;
  });
  afterAll(async () => {
    await web?.stop();
  });

  it('every O.S. page (normal, return, external; open or closed) has the delivery sheet button', async () => {
    const open = await normal();
    const closed = await normal();
    await repair(closed.id, 180);
    await api('POST', '/transactions/close/service-order', {
      service_order_id: closed.id,
      date: todayInShop(TZ),
      description: '',
    });
    const returned = await api('POST', '/service-orders/returned', {
      original_service_order_id: closed.id,
      return_motive: 'Voltou',
    });
    const external = await api('POST', '/service-orders/external', {
      client_id: clientId,
      product_name: 'Ar-condicionado',
      service_date: '2026-04-15',
    });
    for (const order of [open, closed, returned, external]) {
      const page = await manager.get(`/os/${order.id}`);
      expect(page.status).toBe(200);
      expect(deliveryLink(page.text), `O.S. ${order.number}`).toEqual({
        href: `/os/${order.id}/entrega`,
        text: 'Imprimir comprovante de entrega',
      });
      // The button leads to the sheet itself.
      const sheet = await manager.get(`/os/${order.id}/entrega`);
      expect(sheet.status).toBe(200);
      expect(sheet.text).toContain(`Comprovante de entrega · ${order.number}`);
    }
  });

  it('an O.S.: Total pago sums the upfront payments, Falta receber is the rest; paid beyond it, Pago a mais', async () => {
    const order = await normal();
    // No final value yet: nothing to receive can be told.
    let html = (await manager.get(`/os/${order.id}`)).text;
    expect(shown(html, 'Total pago')).toBe('R$ 0,00');
    expect(shown(html, 'Falta receber')).toBe('-');

    await repair(order.id, 180);
    await upfront(order.id, 50);
    await upfront(order.id, 30.5);
    html = (await manager.get(`/os/${order.id}`)).text;
    expect(shown(html, 'Total pago')).toBe('R$ 80,50');
    expect(shown(html, 'Falta receber')).toBe('R$ 99,50');

    // The final value lowered below what was paid: the difference is owed back, never hidden as zero.
    await repair(order.id, 71.17);
    html = (await manager.get(`/os/${order.id}`)).text;
    expect(shown(html, 'Total pago')).toBe('R$ 80,50');
    expect(shown(html, 'Falta receber')).toBeUndefined();
    expect(shown(html, 'Pago a mais')).toBe('R$ 9,33');
  });

  it('a cancelled O.S. or pedido has nothing left to receive: "-", whatever its value', async () => {
    const order = await normal();
    await repair(order.id, 180);
    await upfront(order.id, 50);
    await api('POST', '/transactions/cancel/service-order', {
      service_order_id: order.id,
      cancel_motive: 'Desistiu',
      date: todayInShop(TZ),
    });
    let html = (await manager.get(`/os/${order.id}`)).text;
    expect(shown(html, 'Total pago')).toBe('R$ 50,00');
    expect(shown(html, 'Falta receber')).toBe('-');

    const pedido = await api('POST', '/orders', {
      client_id: clientId,
      piece_name: 'Tela',
      piece_value: 10.5,
    });
    await api('POST', '/transactions/upfront-payment/order', {
      order_id: pedido.id,
      value: 3.33,
      description: 'Sinal',
      date: todayInShop(TZ),
      payment_method: 'Pix',
    });
    await api('POST', '/transactions/cancel/order', {
      order_id: pedido.id,
      cancel_motive: 'Desistiu',
      date: todayInShop(TZ),
      confirm_username: MANAGER.username,
      confirm_password: MANAGER.password,
    });
    html = (await manager.get(`/pedido/${pedido.id}`)).text;
    expect(shown(html, 'Total pago')).toBe('R$ 3,33');
    expect(shown(html, 'Falta receber')).toBe('-');
  });

  it('a closed O.S. has nothing left to receive; an external one counts its service value', async () => {
    const order = await normal();
    await repair(order.id, 180);
    await upfront(order.id, 50);
    await api('POST', '/transactions/close/service-order', {
      service_order_id: order.id,
      date: todayInShop(TZ),
      description: '',
    });
    let html = (await manager.get(`/os/${order.id}`)).text;
    expect(shown(html, 'Total pago')).toBe('R$ 180,00');
    expect(shown(html, 'Falta receber')).toBe('R$ 0,00');

    const external = await api('POST', '/service-orders/external', {
      client_id: clientId,
      product_name: 'Ar-condicionado',
      service_value: 250,
      service_payment_method: 'Pix',
    });
    html = (await manager.get(`/os/${external.id}`)).text;
    expect(shown(html, 'Total pago')).toBe('R$ 0,00');
    expect(shown(html, 'Falta receber')).toBe('R$ 250,00');
  });

  it('a pedido: Total pago and Falta receber from the piece value and its upfront payments', async () => {
    const order = await api('POST', '/orders', {
      client_id: clientId,
      piece_name: 'Tela',
      piece_value: 300,
    });
    await api('POST', '/transactions/upfront-payment/order', {
      order_id: order.id,
      value: 120,
      description: 'Sinal',
      date: todayInShop(TZ),
      payment_method: 'Pix',
    });
    const html = (await manager.get(`/pedido/${order.id}`)).text;
    expect(shown(html, 'Total pago')).toBe('R$ 120,00');
    expect(shown(html, 'Falta receber')).toBe('R$ 180,00');
  });
});

/** The ids of the elements that ask for the focus, and of the dialog each sits in ('' outside one). */
function autofocused(html: string): { id: string; dialog: string }[] {
  const found: { id: string; dialog: string }[] = [];
  let dialog = '';
  for (const m of html.matchAll(
    /<dialog\b[^>]*\bid="([^"]+)"|<\/dialog>|<(?:input|textarea|select|button)\b[^>]*>/g,
  )) {
    if (m[1] !== undefined) dialog = m[1];
    else if (m[0] === '</dialog>') dialog = '';
    else if (/\sautofocus=""/.test(m[0]))
      found.push({ id: /\sid="([^"]*)"/.exec(m[0])?.[1] ?? m[0], dialog });
  }
  return found;
}

describe('a dialog drawn open by the server takes the keyboard (no JavaScript)', () => {
  let web: TestWeb;
  let token: string;
  let agent: Agent;
  let orderId: number;
  let partsId: number;

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    agent = await signIn(web);
    const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, {
      name: 'Foco Teclado',
    });
    const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: client.body.id,
      product_name: 'Rádio',
    });
    orderId = so.body.id;
    await apiCall(web.api, 'PUT', `/service-orders/normal/${orderId}`, token, {
      status: 104,
      product_name: 'Rádio',
      fix_value_final: 90,
      fix_payment_method: 'Pix',
    });
    const parts = await apiCall<{ id: number }>(web.api, 'POST', '/orders', token, {
      client_id: client.body.id,
      piece_name: 'Antena',
    });
    partsId = parts.body.id;
  }, 60_000);
  afterAll(() => web?.stop());

  it('its first field, or its button when it has none, and nothing else on the page', async () => {
    const cases: [string, string, string][] = [
      [`/os/${orderId}?dialogo=pagamento-antecipado`, 'pagamento-antecipado', 'up-description'],
      [`/os/${orderId}?dialogo=cancelar-os`, 'cancelar-os', 'cancel-cancel_motive'],
      [`/os/${orderId}?dialogo=deletar-os`, 'deletar-os', 'deletar-os-confirm_username'],
      [`/pedido/${partsId}?dialogo=cancelar-pedido`, 'cancelar-pedido', 'f-cancel_motive'],
    ];
    for (const [path, dialog, first] of cases) {
      const page = await agent.get(path);
      expect(page.status).toBe(200);
      expect(autofocused(page.text), path).toEqual([{ id: first, dialog }]);
    }
    // Finalizar has figures and a button: the button.
    const close = await agent.get(`/os/${orderId}?dialogo=finalizar`);
    const [button] = autofocused(close.text);
    expect(button?.dialog).toBe('finalizar');
    expect(autofocused(close.text)).toHaveLength(1);
    // Closed dialogs take nothing: the page alone asks for no focus.
    expect(autofocused((await agent.get(`/os/${orderId}`)).text)).toEqual([]);
  });
});
