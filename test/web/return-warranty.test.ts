/**
 * The return order's picker with the warranty (decision 020; web open-orders router): the chosen original
 * shows its warranty; out of warranty the return needs a manager's credentials and is marked with them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/client-view.ts';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { apiCall, apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import {
  csrfOf,
  decodeEntities,
  fieldErrorOf,
  refusedPage,
  signIn,
  startTestWeb,
  type TestWeb,
} from '../support/web.ts';

describe('return order and warranty (web open-orders router)', () => {
  let web: TestWeb;
  let token: string;
  let clientId: number;

  async function delivered(daysAgo: number, status = 104) {
    const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: clientId,
      product_name: 'Liquidificador',
    });
    const id = so.body.id;
    await apiCall(web.api, 'PUT', `/service-orders/normal/${id}`, token, {
      status,
      product_name: 'Liquidificador',
      fix_value_final: 80,
      fix_payment_method: 'PIX',
    });
    await apiCall(web.api, 'POST', '/transactions/close/service-order', token, { service_order_id: id });
    if (daysAgo > 0) {
      const db = web.api.deps.db;
      await sql`ALTER TABLE service_orders DISABLE TRIGGER service_orders_clocks`.execute(db);
      await sql`UPDATE service_orders SET delivered_at = now() - make_interval(days => ${daysAgo}) WHERE id = ${id}`.execute(
        db,
      );
      await sql`ALTER TABLE service_orders ENABLE TRIGGER service_orders_clocks`.execute(db);
    }
    return id;
  }

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    clientId = (
      await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, { name: 'Cliente Garantia' })
    ).body.id;
  }, 60_000);
  afterAll(() => web?.stop());

  it('within warranty: the days left, and the return opens without a manager', async () => {
    const id = await delivered(0);
    const staff = await createEmployee(web.api, 'recepcao', 'senha-da-recepcao');
    const employee = await signIn(web, staff.username, staff.password);
    const page = await employee.get(`/abrir-os-retorno?original=${id}`);
    const until = formatDisplayDate(addDays(todayInShop(web.deps.env.SHOP_TZ), 90));
    expect(decodeEntities(page.text)).toContain(`Em garantia até ${until} (faltam 90 dias)`);
    expect(page.text).not.toContain('name="confirm_username"');
    const res = await employee
      .post('/abrir-os-retorno')
      .type('form')
      .send({
        _csrf: csrfOf(page.text),
        original_service_order_id: String(id),
        return_motive: 'Parou de novo',
      });
    expect(res.status).toBe(303);
  });

  it('out of warranty: an employee alone is refused; with a manager it opens and is marked', async () => {
    const id = await delivered(100);
    const staff = await createEmployee(web.api, 'caixa2', 'senha-do-caixa2');
    const employee = await signIn(web, staff.username, staff.password);
    const page = await employee.get(`/abrir-os-retorno?original=${id}`);
    const ended = formatDisplayDate(addDays(todayInShop(web.deps.env.SHOP_TZ), -10));
    expect(decodeEntities(page.text)).toContain(`Garantia vencida em ${ended}`);
    expect(page.text).toContain('name="confirm_username"');
    const posted = await employee
      .post('/abrir-os-retorno')
      .type('form')
      .send({
        _csrf: csrfOf(page.text),
        original_service_order_id: String(id),
        return_motive: 'Quebrou',
        confirm_username: staff.username,
        confirm_password: staff.password,
      });
    const refused = await refusedPage(employee, posted, '/abrir-os-retorno');
    expect(fieldErrorOf(refused.text, 'f-confirm_username')).toBe('Digite uma credencial de gerente válida');
    const allowed = await employee
      .post('/abrir-os-retorno')
      .type('form')
      .send({
        _csrf: csrfOf(page.text),
        original_service_order_id: String(id),
        return_motive: 'Quebrou',
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
    expect(allowed.status).toBe(303);
    const detail = decodeEntities((await employee.get(allowed.headers.location ?? '')).text);
    expect(detail).toContain(`Aberta fora da garantia, autorizada por ${MANAGER.username}`);
  });

  it('an original sent to the cash unrepaired has no warranty: the return asks for a manager', async () => {
    const id = await delivered(0, 109);
    const staff = await createEmployee(web.api, 'balcao3', 'senha-do-balcao3');
    const employee = await signIn(web, staff.username, staff.password);
    const page = decodeEntities((await employee.get(`/abrir-os-retorno?original=${id}`)).text);
    expect(page).toContain('Sem garantia: a O.S. não teve conserto');
    expect(page).toContain('Sem garantia: confirme login do gerente');
    expect(page).toContain('name="confirm_username"');
    const posted = await employee
      .post('/abrir-os-retorno')
      .type('form')
      .send({ _csrf: csrfOf(page), original_service_order_id: String(id), return_motive: 'Tentar de novo' });
    const refused = await refusedPage(employee, posted, '/abrir-os-retorno');
    expect(fieldErrorOf(refused.text, 'f-confirm_username')).toBe('Digite uma credencial de gerente válida');
  });

  it('an original delivered while the shop gave 0 days has none: the page says so and asks for a manager', async () => {
    await apiCall(web.api, 'PUT', '/shop-settings', token, { warranty_days: 0 });
    try {
      const id = await delivered(0);
      const staff = await signIn(web);
      const page = decodeEntities((await staff.get(`/abrir-os-retorno?original=${id}`)).text);
      expect(page).toContain('Sem garantia: entregue com 0 dias de garantia');
      expect(page).not.toContain('Em garantia até');
      expect(page).toContain('Sem garantia: confirme login do gerente');
      expect(page).toContain('name="confirm_username"');
    } finally {
      await apiCall(web.api, 'PUT', '/shop-settings', token, { warranty_days: 90 });
    }
  });

  it('a cancelled original has no warranty either: the page says so and asks for a manager', async () => {
    const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: clientId,
      product_name: 'Batedeira',
    });
    await apiCall(web.api, 'POST', '/transactions/cancel/service-order', token, {
      service_order_id: so.body.id,
      cancel_motive: 'Desistiu',
    });
    const staff = await signIn(web);
    const page = decodeEntities((await staff.get(`/abrir-os-retorno?original=${so.body.id}`)).text);
    expect(page).toContain('Sem garantia: a O.S. foi cancelada');
    expect(page).toContain('Sem garantia: confirme login do gerente');
    expect(page).toContain('name="confirm_username"');
  });
});
