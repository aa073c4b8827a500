/** An order's history from the audit trail (decision 020): newest first, with who did it; events added. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TARGETS, type TestApi } from '../support/api.ts';
import { type Session, senderTo, startApiWithStaff } from '../support/api-staff.ts';

type Entry = { at: string; actor: string | null; action: string; before: unknown; after: unknown };

describe.each(DB_TARGETS)('order history on %s', (kind) => {
  let api: TestApi;
  let employee: Session;
  const send = senderTo(() => api);

  beforeAll(async () => {
    ({ api, employee } = await startApiWithStaff(kind, 'historia', 'senha-da-historia'));
  }, 60_000);
  afterAll(() => api?.stop());

  it('lists opening, edit, payment, link and WhatsApp, newest first, with the actor', async () => {
    const client = await send('POST', '/clients', employee.token, { name: 'Histórico' });
    const so = await send('POST', '/service-orders/normal', employee.token, {
      client_id: (client.body as { id: number }).id,
      product_name: 'Tablet',
    });
    const id = (so.body as { id: number }).id;
    await send('PUT', `/service-orders/normal/${id}`, employee.token, {
      status: 102,
      product_name: 'Tablet',
      fix_value_final: 99.9,
    });
    await send('POST', '/transactions/upfront-payment/service-order', employee.token, {
      service_order_id: id,
      value: 10,
      description: 'Sinal',
      payment_method: 'PIX',
    });
    await send('GET', `/status-links/service-order/${id}`, employee.token);
    const event = await send('POST', `/order-history/service-order/${id}/events`, employee.token, {
      event: 'whatsapp-opened',
      detail: 'orcamento_pronto',
    });
    expect(event.status).toBe(204);
    const reply = await send('GET', `/order-history/service-order/${id}`, employee.token);
    expect(reply.status).toBe(200);
    const entries = reply.body as Entry[];
    expect(entries.map((e) => e.action)).toEqual([
      'whatsapp-opened',
      'status-link-issued',
      'upfront-payment',
      'update',
      'create',
    ]);
    expect(entries.every((e) => e.actor === 'historia')).toBe(true);
    expect(entries[3]?.before).toMatchObject({ status: 100 });
    expect(entries[3]?.after).toMatchObject({ status: 102, fix_value_final_cents: 9990 });
  });

  it('refuses unknown events and orders, and answers only to staff', async () => {
    expect(
      (await send('POST', '/order-history/order/1/events', employee.token, { event: 'deleted' })).status,
    ).toBe(400);
    expect((await send('GET', '/order-history/order/999999', employee.token)).status).toBe(404);
    expect((await send('GET', '/order-history/order/1', null)).status).toBe(401);
  });
});
