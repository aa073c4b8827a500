/**
 * Public status links (decision 020): issued once per order and shown again, kept only as a hash,
 * renewed (the old token dies at once), and the public view, which never carries the client's data.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/client-view.ts';
import { todayInShop } from '../../domain/dates.ts';
import { DB_TARGETS, type TestApi } from '../support/api.ts';
import { type Session, senderTo, startApiWithStaff } from '../support/api-staff.ts';
import { auditRows } from '../support/audit.ts';

type Json = Record<string, unknown>;
const HOSTILE = {
  name: 'Cliente Secreto Nome',
  cpf: '529.982.247-25',
  email: 'segredo@example.com',
  phone1: '(11) 98888-7777',
  address: 'Rua Escondida',
  number: '999',
  neighborhood: 'Bairro Sigiloso',
  complement: 'Apto segredo',
};

describe.each(DB_TARGETS)('status links on %s', (kind) => {
  let api: TestApi;
  let employee: Session;
  let orderId: number;
  let partsId: number;
  const send = senderTo(() => api);

  beforeAll(async () => {
    ({ api, employee } = await startApiWithStaff(kind, 'atendente', 'senha-da-atendente'));
    const client = await send('POST', '/clients', employee.token, HOSTILE);
    expect(client.status).toBe(201);
    const clientId = (client.body as { id: number }).id;
    const so = await send('POST', '/service-orders/normal', employee.token, {
      client_id: clientId,
      product_name: 'Notebook',
      product_model: 'X200',
      product_details: 'Defeito interno sigiloso',
    });
    orderId = (so.body as { id: number }).id;
    const put = await send('PUT', `/service-orders/normal/${orderId}`, employee.token, {
      status: 101,
      product_name: 'Notebook',
      product_model: 'X200',
      product_details: 'Defeito interno sigiloso',
      fix_technician_name: 'Técnico Oculto',
      fix_description: 'Nota interna do técnico',
      fix_value_final: 350,
      fix_payment_method: 'PIX',
    });
    expect(put.status).toBe(200);
    await send('POST', '/transactions/upfront-payment/service-order', employee.token, {
      service_order_id: orderId,
      value: 100,
      description: 'Sinal',
      payment_method: 'PIX',
    });
    const parts = await send('POST', '/orders', employee.token, {
      client_id: clientId,
      piece_name: 'Tela',
      product_model: 'Moto G',
      piece_value: 80,
    });
    partsId = (parts.body as { id: number }).id;
  }, 60_000);
  afterAll(() => api?.stop());

  it('issues one link per order, shows the same token again, stores only its hash', async () => {
    const first = await send('GET', `/status-links/service-order/${orderId}`, employee.token);
    expect(first.status).toBe(200);
    const token = (first.body as { token: string }).token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const again = await send('GET', `/status-links/service-order/${orderId}`, employee.token);
    expect((again.body as { token: string }).token).toBe(token);
    const rows = await api.deps.db.selectFrom('status_links').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const audit = await auditRows(api, 'service_order', orderId);
    expect(audit.filter((r) => r.action === 'status-link-issued')).toHaveLength(1);
  });

  it('answers the public view without a token, with only what the client needs', async () => {
    const { token } = (await send('GET', `/status-links/service-order/${orderId}`, employee.token)).body as {
      token: string;
    };
    const view = await send('GET', `/status-links/public/${token}`, null);
    expect(view.status).toBe(200);
    const body = view.body as Json;
    expect(body).toMatchObject({
      kind: 'normal',
      item: 'Notebook X200',
      status_text: 'O orçamento do seu aparelho está pronto. Aguardamos sua aprovação.',
      // A quote: its whole value, and what is left once the deposit taken is counted.
      quote: 350,
      amount_due: 250,
      delivered_on: null,
      warranty_until: null,
    });
    const text = JSON.stringify(body);
    for (const secret of [
      ...Object.values(HOSTILE),
      '52998224725',
      '11988887777',
      'Técnico Oculto',
      'Nota interna',
      'Defeito interno',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('ready only while it is, and nothing due once the budget is turned down or the order cancelled', async () => {
    const client = await send('POST', '/clients', employee.token, { name: 'Cliente Que Recusou' });
    const clientId = (client.body as { id: number }).id;
    const so = await send('POST', '/service-orders/normal', employee.token, {
      client_id: clientId,
      product_name: 'Celular',
    });
    const id = (so.body as { id: number }).id;
    const { token } = (await send('GET', `/status-links/service-order/${id}`, employee.token)).body as {
      token: string;
    };
    const move = async (status: number) => {
      const put = await send('PUT', `/service-orders/normal/${id}`, employee.token, {
        status,
        product_name: 'Celular',
        fix_value_final: 500,
        fix_payment_method: 'PIX',
      });
      expect(put.status).toBe(200);
      return (await send('GET', `/status-links/public/${token}`, null)).body as Json;
    };
    // Still being budgeted: a value typed is not one yet. The budget ready: a quote, not yet a bill.
    expect(await move(100)).toMatchObject({ amount_due: null, quote: null });
    // No deposit taken: the quote alone, no 'Valor a pagar' repeating it.
    expect(await move(101)).toMatchObject({ amount_due: null, quote: 500 });
    expect(await move(104)).toMatchObject({ amount_due: 500, quote: null, ready_on: expect.any(String) });
    // Back in repair: not ready any more, still owed.
    expect(await move(102)).toMatchObject({ amount_due: 500, ready_on: null });
    // The budget turned down: the value was a quote, not a bill.
    expect(await move(109)).toMatchObject({ amount_due: null, ready_on: null });
    for (const status of [110, 111, 112]) expect((await move(status)).amount_due).toBeNull();
    await move(104);
    const cancel = await send('POST', '/transactions/cancel/service-order', employee.token, {
      service_order_id: id,
      cancel_motive: 'Desistiu',
    });
    expect(cancel.status).toBe(201);
    const cancelled = (await send('GET', `/status-links/public/${token}`, null)).body as Json;
    expect(cancelled).toMatchObject({
      status_text: 'Esta ordem de serviço foi cancelada.',
      amount_due: null,
      ready_on: null,
    });
  });

  it('sent to the cash from Orçamento Não Aprovado: says why it went back, with no warranty', async () => {
    const client = await send('POST', '/clients', employee.token, { name: 'Cliente Sem Conserto' });
    const clientId = (client.body as { id: number }).id;
    const publicView = async (status: number) => {
      const so = await send('POST', '/service-orders/normal', employee.token, {
        client_id: clientId,
        product_name: 'Celular',
      });
      const id = (so.body as { id: number }).id;
      await send('PUT', `/service-orders/normal/${id}`, employee.token, {
        status,
        product_name: 'Celular',
        fix_value_final: 50,
        fix_payment_method: 'PIX',
      });
      const close = await send('POST', '/transactions/close/service-order', employee.token, {
        service_order_id: id,
      });
      expect(close.status).toBe(201);
      const { token } = (await send('GET', `/status-links/service-order/${id}`, employee.token)).body as {
        token: string;
      };
      return (await send('GET', `/status-links/public/${token}`, null)).body as Json;
    };
    expect(await publicView(109)).toMatchObject({
      status_text: 'O orçamento não foi aprovado. Seu aparelho foi entregue sem conserto.',
      delivered_on: expect.any(String),
      warranty_until: null,
      amount_due: null,
    });
    expect((await publicView(110)).status_text).toBe(
      'Não encontramos defeito no seu aparelho. Ele foi entregue.',
    );
    expect(await publicView(104)).toMatchObject({
      status_text: 'Seu aparelho foi entregue. Serviço concluído.',
      warranty_until: expect.any(String),
    });
  });

  it('an external visit still to come shows its booked day and period; once done, not any more', async () => {
    const ahead = addDays(todayInShop(api.deps.shopTz), 8);
    const client = await send('POST', '/clients', employee.token, { name: 'Cliente da Visita' });
    const visit = await send('POST', '/service-orders/external', employee.token, {
      client_id: (client.body as { id: number }).id,
      product_name: 'Ar-condicionado',
      service_type: 'Instalação',
      service_date: ahead,
      service_period: 'Manhã',
      service_value: 150,
      service_payment_method: 'PIX',
    });
    expect(visit.status).toBe(201);
    const id = (visit.body as { id: number }).id;
    const { token } = (await send('GET', `/status-links/service-order/${id}`, employee.token)).body as {
      token: string;
    };
    const view = (await send('GET', `/status-links/public/${token}`, null)).body as Json;
    expect(view).toMatchObject({
      kind: 'external',
      status_text: 'Seu atendimento está agendado.',
      scheduled_on: ahead,
      scheduled_period: 'Manhã',
    });
    // No day booked yet: not 'agendado'.
    const unbooked = await send('POST', '/service-orders/external', employee.token, {
      client_id: (client.body as { id: number }).id,
      product_name: 'Forno',
      service_type: 'Visita',
    });
    const unbookedLink = (
      await send('GET', `/status-links/service-order/${(unbooked.body as { id: number }).id}`, employee.token)
    ).body as { token: string };
    expect((await send('GET', `/status-links/public/${unbookedLink.token}`, null)).body).toMatchObject({
      status_text: 'Seu atendimento ainda será agendado. Entraremos em contato.',
      scheduled_on: null,
    });
    const closed = await send('POST', '/transactions/close/service-order', employee.token, {
      service_order_id: id,
      date: '',
      description: '',
    });
    expect(closed.status).toBe(201);
    const after = (await send('GET', `/status-links/public/${token}`, null)).body as Json;
    expect(after).toMatchObject({ scheduled_on: null, scheduled_period: null });
  });

  it('renewing kills the old token at once and issues a new one', async () => {
    const old = (
      (await send('GET', `/status-links/order/${partsId}`, employee.token)).body as { token: string }
    ).token;
    expect((await send('GET', `/status-links/public/${old}`, null)).status).toBe(200);
    const renewed = await send('POST', `/status-links/order/${partsId}/renew`, employee.token);
    expect(renewed.status).toBe(201);
    const fresh = (renewed.body as { token: string }).token;
    expect(fresh).not.toBe(old);
    const dead = await send('GET', `/status-links/public/${old}`, null);
    expect(dead).toEqual({ status: 404, body: { status: 'error', message: 'Link não encontrado' } });
    const live = await send('GET', `/status-links/public/${fresh}`, null);
    expect(live.body).toMatchObject({ kind: 'parts', item: 'Tela Moto G', amount_due: 80 });
    // Staff see the renewed link from then on, not the revoked one.
    const shown = await send('GET', `/status-links/order/${partsId}`, employee.token);
    expect((shown.body as { token: string }).token).toBe(fresh);
    const actions = (await auditRows(api, 'order', partsId)).map((r) => r.action);
    expect(actions).toContain('status-link-revoked');
  });

  it('unknown, malformed and guessed tokens are the same 404', async () => {
    for (const guess of ['AAAAAAAAAAAAAAAAAAAAAA', 'x', '../../etc', `${'A'.repeat(21)}%00`]) {
      const reply = await send('GET', `/status-links/public/${encodeURIComponent(guess)}`, null);
      expect(reply.status).toBe(404);
    }
  });

  it("a deleted order's link answers 404; staff calls need a session", async () => {
    expect((await send('GET', `/status-links/service-order/${orderId}`, null)).status).toBe(401);
    expect((await send('GET', '/status-links/service-order/999999', employee.token)).status).toBe(404);
    const { token } = (await send('GET', `/status-links/service-order/${orderId}`, employee.token)).body as {
      token: string;
    };
    await sql`UPDATE service_orders SET deleted_at = now() WHERE id = ${orderId}`.execute(api.deps.db);
    expect((await send('GET', `/status-links/public/${token}`, null)).status).toBe(404);
    // Nor do staff get a link for it any more, though one was issued while it lived.
    expect((await send('GET', `/status-links/service-order/${orderId}`, employee.token)).status).toBe(404);
  });
});
