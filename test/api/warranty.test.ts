/**
 * The warranty clock (decisions 020, 030, 031): the delivered moment is written by the status change or the
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

  it('records the delivered day when a parts order is delivered without payment; a correction takes it back', async () => {
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
    const deliveredAt = async (status: number) => {
      await send('PUT', `/orders/${id}`, employee.token, { ...body, status });
      return (
        await api.deps.db
          .selectFrom('orders')
          .select('delivered_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).delivered_at;
    };
    const first = await deliveredAt(102);
    expect(first).not.toBeNull();
    // Saved again in the same status: the day does not move.
    expect(await deliveredAt(102)).toEqual(first);
    // Back to 'Cliente notificado': it was not delivered after all.
    expect(await deliveredAt(101)).toBeNull();
    expect(await deliveredAt(102)).not.toBeNull();
  });

  it('follows the days a manager sets, for what is delivered from then on', async () => {
    expect((await send('PUT', '/shop-settings', manager.token, { warranty_days: 30 })).status).toBe(200);
    try {
      const id = await deliveredOrder();
      const today = todayInShop(api.deps.shopTz);
      const clock = (await send('GET', `/warranty/service-order/${id}`, employee.token)).body as Clock;
      expect(clock.warranty_until).toBe(addDays(today, 30));
    } finally {
      await send('PUT', '/shop-settings', manager.token, { warranty_days: 90 });
    }
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
        message: 'Sem garantia: a O.S. de retorno precisa do login de um gerente',
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

  it('a status set by mistake and corrected takes the delivery and its warranty back', async () => {
    const so = await send('POST', '/service-orders/normal', employee.token, {
      client_id: clientId,
      product_name: 'Rádio',
    });
    const id = (so.body as { id: number }).id;
    const move = async (status: number) => {
      const put = await send('PUT', `/service-orders/normal/${id}`, employee.token, {
        status,
        product_name: 'Rádio',
      });
      expect(put.status).toBe(200);
      return (await send('GET', `/warranty/service-order/${id}`, employee.token)).body as Clock;
    };
    const today = todayInShop(api.deps.shopTz);
    // 'Produto Entregue Sem Recebimento' chosen by mistake: delivered today...
    expect(await move(106)).toMatchObject({ delivered_on: today, warranty_until: addDays(today, 90) });
    // ...then set right: the device is still in the shop, with no warranty running.
    expect(await move(105)).toMatchObject({ delivered_on: null, warranty_until: null, days_left: null });
    // A cancel keeps the day it went home, with no warranty.
    await move(106);
    const cancel = await send('POST', '/transactions/cancel/service-order', employee.token, {
      service_order_id: id,
      cancel_motive: 'Não pagou',
    });
    expect(cancel.status).toBe(201);
    const cancelled = (await send('GET', `/warranty/service-order/${id}`, employee.token)).body as Clock;
    expect(cancelled).toMatchObject({ delivered_on: today, warranty_until: null, days_left: null });
    // And a return against it has no warranty to return under.
    const refused = await send('POST', '/service-orders/returned', employee.token, {
      original_service_order_id: id,
      return_motive: 'Voltou',
    });
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toBe(
      'Sem garantia: a O.S. de retorno precisa do login de um gerente',
    );
  });

  it('keeps the days granted at delivery when the shop changes them later', async () => {
    const id = await deliveredOrder();
    const today = todayInShop(api.deps.shopTz);
    expect((await send('PUT', '/shop-settings', manager.token, { warranty_days: 0 })).status).toBe(200);
    try {
      const clock = (await send('GET', `/warranty/service-order/${id}`, employee.token)).body as Clock & {
        warranty_days: number;
      };
      expect(clock).toMatchObject({ warranty_days: 90, warranty_until: addDays(today, 90), days_left: 90 });
      // An order delivered from now on is granted the new days: 0, so none at all, not one ending today.
      const laterId = await deliveredOrder();
      const later = (await send('GET', `/warranty/service-order/${laterId}`, employee.token))
        .body as Clock & {
        warranty_days: number;
      };
      expect(later).toMatchObject({
        warranty_days: 0,
        delivered_on: today,
        warranty_until: null,
        days_left: null,
      });
      const refused = await send('POST', '/service-orders/returned', employee.token, {
        original_service_order_id: laterId,
        return_motive: 'Voltou',
      });
      expect(refused).toEqual({
        status: 403,
        body: { status: 'error', message: 'Sem garantia: a O.S. de retorno precisa do login de um gerente' },
      });
    } finally {
      await send('PUT', '/shop-settings', manager.token, { warranty_days: 90 });
    }
  });
});
