/**
 * The warranty clock (decision 020): the delivered moment is written once by the status change or the
 * send to cash; the warranty runs the shop's days from it; a return out of warranty needs a manager.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/client-view.ts';
import { todayInShop } from '../../domain/dates.ts';
import { DB_TARGETS, MANAGER, type TestApi } from '../support/api.ts';
import { type Session, senderTo, startApiWithStaff } from '../support/api-staff.ts';

type Clock = { delivered_on: string | null; warranty_until: string | null; days_left: number | null };

describe.each(DB_TARGETS)('warranty on %s', (kind) => {
  let api: TestApi;
  let manager: Session;
  let employee: Session;
  let staff: { username: string; password: string };
  let clientId: number;
  const send = senderTo(() => api);

  async function deliveredOrder(status = 104) {
    const so = await send('POST', '/service-orders/normal', employee.token, {
      client_id: clientId,
      product_name: 'Celular',
    });
    const id = (so.body as { id: number }).id;
    await send('PUT', `/service-orders/normal/${id}`, employee.token, {
      status,
      product_name: 'Celular',
      fix_value_final: 120,
      fix_payment_method: 'Dinheiro',
    });
    expect(
      (await send('POST', '/transactions/close/service-order', employee.token, { service_order_id: id }))
        .status,
    ).toBe(201);
    return id;
  }

  /** Moves the delivered moment back, as if the order had gone home `days` ago. */
  async function deliveredDaysAgo(id: number, days: number) {
    await sql`ALTER TABLE service_orders DISABLE TRIGGER service_orders_clocks`.execute(api.deps.db);
    await sql`UPDATE service_orders SET delivered_at = now() - make_interval(days => ${days}) WHERE id = ${id}`.execute(
      api.deps.db,
    );
    await sql`ALTER TABLE service_orders ENABLE TRIGGER service_orders_clocks`.execute(api.deps.db);
  }

  beforeAll(async () => {
    ({ api, manager, employee, staff } = await startApiWithStaff(kind, 'recepcao', 'senha-da-recepcao'));
    const client = await send('POST', '/clients', employee.token, { name: 'Garantia Cliente' });
    clientId = (client.body as { id: number }).id;
  }, 60_000);
  afterAll(() => api?.stop());

  it('starts on the send to cash, 90 days by default, and never moves', async () => {
    const id = await deliveredOrder();
    const today = todayInShop(api.deps.shopTz);
    const clock = (await send('GET', `/warranty/service-order/${id}`, employee.token)).body as Clock;
    expect(clock).toMatchObject({ delivered_on: today, warranty_until: addDays(today, 90), days_left: 90 });
    const open = await send('POST', '/service-orders/normal', employee.token, {
      client_id: clientId,
      product_name: 'X',
    });
    const openClock = (
      await send('GET', `/warranty/service-order/${(open.body as { id: number }).id}`, employee.token)
    ).body as Clock;
    expect(openClock).toMatchObject({ delivered_on: null, warranty_until: null });
  });

  it('records the delivered day once when a parts order is delivered without payment', async () => {
    const created = await send('POST', '/orders', employee.token, {
      client_id: clientId,
      piece_name: 'Bateria',
    });
    const id = (created.body as { id: number }).id;
    const body = {
      piece_name: 'Bateria',
      piece_code: null,
      product_model: null,
      piece_value: null,
      payment_method: null,
    };
    await send('PUT', `/orders/${id}`, employee.token, { ...body, status: 102 });
    const first = await api.deps.db
      .selectFrom('orders')
      .select('delivered_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await send('PUT', `/orders/${id}`, employee.token, { ...body, status: 101 });
    await send('PUT', `/orders/${id}`, employee.token, { ...body, status: 102 });
    const second = await api.deps.db
      .selectFrom('orders')
      .select('delivered_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(first.delivered_at).not.toBeNull();
    expect(second.delivered_at).toEqual(first.delivered_at);
  });

  it('follows the days a manager sets', async () => {
    const id = await deliveredOrder();
    expect((await send('PUT', '/shop-settings', manager.token, { warranty_days: 30 })).status).toBe(200);
    const today = todayInShop(api.deps.shopTz);
    const clock = (await send('GET', `/warranty/service-order/${id}`, employee.token)).body as Clock;
    expect(clock.warranty_until).toBe(addDays(today, 30));
    await send('PUT', '/shop-settings', manager.token, { warranty_days: 90 });
  });

  it('a return within warranty opens for anyone; out of it only with a manager, and names the manager', async () => {
    const inside = await deliveredOrder();
    const ok = await send('POST', '/service-orders/returned', employee.token, {
      original_service_order_id: inside,
      return_motive: 'Voltou o defeito',
    });
    expect(ok.status).toBe(201);

    const outside = await deliveredOrder();
    await deliveredDaysAgo(outside, 120);
    const clock = (await send('GET', `/warranty/service-order/${outside}`, employee.token)).body as Clock;
    expect(clock.days_left).toBeLessThan(0);
    const count = async () =>
      Number(
        (
          await api.deps.db
            .selectFrom('service_orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refused = await send('POST', '/service-orders/returned', employee.token, {
      original_service_order_id: outside,
      return_motive: 'Voltou',
    });
    expect(refused).toEqual({
      status: 403,
      body: {
        status: 'error',
        message: 'Garantia vencida: a O.S. de retorno precisa do login de um gerente',
      },
    });
    const notManager = await send('POST', '/service-orders/returned', employee.token, {
      original_service_order_id: outside,
      return_motive: 'Voltou',
      confirm_username: staff.username,
      confirm_password: staff.password,
    });
    expect(notManager.status).toBe(403);
    expect(await count()).toBe(before);
    const allowed = await send('POST', '/service-orders/returned', employee.token, {
      original_service_order_id: outside,
      return_motive: 'Voltou',
      confirm_username: MANAGER.username,
      confirm_password: MANAGER.password,
    });
    expect(allowed.status).toBe(201);
    const returnClock = (
      await send('GET', `/warranty/service-order/${(allowed.body as { id: number }).id}`, employee.token)
    ).body as { warranty_override_by: string };
    expect(returnClock.warranty_override_by).toBe(MANAGER.username);
  });

  it('none for an order sent to the cash from Orçamento Não Aprovado: a return needs a manager', async () => {
    const id = await deliveredOrder(109);
    const today = todayInShop(api.deps.shopTz);
    const clock = (await send('GET', `/warranty/service-order/${id}`, employee.token)).body as Clock;
    expect(clock).toMatchObject({
      delivered_on: today,
      warranty_until: null,
      days_left: null,
      unrepaired: true,
    });
    const refused = await send('POST', '/service-orders/returned', employee.token, {
      original_service_order_id: id,
      return_motive: 'Quer tentar de novo',
    });
    expect(refused).toEqual({
      status: 403,
      body: {
        status: 'error',
        message:
          'Sem garantia (a O.S. foi devolvida sem conserto): a O.S. de retorno precisa do login de um gerente',
      },
    });
    const allowed = await send('POST', '/service-orders/returned', employee.token, {
      original_service_order_id: id,
      return_motive: 'Quer tentar de novo',
      confirm_username: MANAGER.username,
      confirm_password: MANAGER.password,
    });
    expect(allowed.status).toBe(201);
    // A repaired one keeps its warranty and says it was repaired.
    const repaired = (await send('GET', `/warranty/service-order/${await deliveredOrder()}`, employee.token))
      .body as Clock;
    expect(repaired).toMatchObject({ warranty_until: addDays(today, 90), unrepaired: false });
  });
});
