/**
 * Optimistic concurrency and idempotent creates (migration 005): an edit sent with the version it was
 * loaded from is refused once the order moved on (status, payment, another edit), with the order as it
 * is now; a create sent twice with one Idempotency-Key makes one record, also with both in flight.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TARGETS, type TestApi } from '../support/api.ts';
import { type Session, startApiWithStaff } from '../support/api-staff.ts';

type Json = Record<string, unknown>;
type Reply = { status: number; body: Json; replayed: boolean };

const STALE = 'Este registro foi alterado por outra pessoa depois que você o abriu.';
const key = () => randomBytes(16).toString('base64url');

describe.each(DB_TARGETS)('versions and idempotency keys on %s', (target) => {
  let api: TestApi;
  let employee: Session;
  let manager: Session;
  let clientId: number;

  beforeAll(async () => {
    ({ api, employee, manager } = await startApiWithStaff(target, 'balconista', 'senha-da-balconista'));
    clientId = (await send('POST', '/clients', { name: 'Marta Versionada', phone1: '(11) 91234-5678' })).body
      .id as number;
  });
  afterAll(async () => {
    await api.stop();
  });

  async function send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    as: Session = employee,
  ) {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${as.token}`, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? JSON.parse(text) : {},
      replayed: res.headers.get('idempotent-replayed') === 'true',
    } as Reply;
  }

  async function newOrder() {
    const reply = await send('POST', '/service-orders/normal', { client_id: clientId, product_name: 'TV' });
    expect(reply.status).toBe(201);
    return (await send('GET', `/service-orders/normal/${reply.body.id}`)).body;
  }

  const edit = (order: Json, changes: Json) => ({
    status: 100,
    product_name: order.product_name,
    product_serial: order.product_serial,
    ...changes,
  });

  it('an edit over a newer version is refused with the order as it is now; the right one is taken', async () => {
    const loaded = await newOrder();
    expect(loaded.version).toBe(1);
    const b = await send(
      'PUT',
      `/service-orders/normal/${loaded.id}`,
      edit(loaded, { status: 103, fix_technician_name: 'Bia', fix_value_final: 500, version: 1 }),
    );
    expect(b.status).toBe(200);
    expect(b.body.version).toBe(2);

    const a = await send(
      'PUT',
      `/service-orders/normal/${loaded.id}`,
      edit(loaded, { product_serial: 'SN-A', version: 1 }),
    );
    expect(a.status).toBe(409);
    expect(a.body.message).toBe(STALE);
    const current = a.body.current as Json;
    expect(current).toMatchObject({
      version: 2,
      status: 103,
      fix_technician_name: 'Bia',
      fix_value_final: 500,
    });

    const now = (await send('GET', `/service-orders/normal/${loaded.id}`)).body;
    expect(now).toMatchObject({ status: 103, fix_technician_name: 'Bia', product_serial: null, version: 2 });

    const ifMatch = await send('PUT', `/service-orders/normal/${loaded.id}`, edit(now, { status: 103 }), {
      'if-match': '"1"',
    });
    expect(ifMatch.status).toBe(409);
    const right = await send('PUT', `/service-orders/normal/${loaded.id}`, edit(now, { status: 103 }), {
      'if-match': '"2"',
    });
    expect(right.status).toBe(200);
    expect(right.body.version).toBe(3);
  });

  it('an upfront payment moves the version on, so an edit loaded before it is stale', async () => {
    const loaded = await newOrder();
    const paid = await send('POST', '/transactions/upfront-payment/service-order', {
      service_order_id: loaded.id,
      value: 50,
      description: 'Sinal',
      payment_method: 'Pix',
    });
    expect(paid.status).toBe(201);
    const after = (await send('GET', `/service-orders/normal/${loaded.id}`)).body;
    expect(after.version).toBe(2);
    const stale = await send('PUT', `/service-orders/normal/${loaded.id}`, edit(loaded, { version: 1 }));
    expect(stale.status).toBe(409);
  });

  it('an edit with no version (SPEC §7 bodies) is taken as before', async () => {
    const loaded = await newOrder();
    await send('PUT', `/service-orders/normal/${loaded.id}`, edit(loaded, { status: 101 }));
    const plain = await send('PUT', `/service-orders/normal/${loaded.id}`, edit(loaded, { status: 102 }));
    expect(plain.status).toBe(200);
    expect(plain.body.version).toBe(3);
  });

  it('a client edit over a newer version is refused with the client as it is now; If-Match too', async () => {
    const created = await send('POST', '/clients', { name: 'Célia Versionada', city: 'Campinas' });
    const loaded = (await send('GET', `/clients/${created.body.id}`)).body;
    expect(loaded.version).toBe(1);
    const b = await send('PUT', `/clients/${loaded.id}`, {
      name: 'Célia Versionada',
      city: 'Sorocaba',
      version: 1,
    });
    expect(b.status).toBe(200);
    expect(b.body.version).toBe(2);

    const a = await send('PUT', `/clients/${loaded.id}`, {
      name: 'Célia Versionada',
      city: 'Campinas',
      email: 'celia@example.com',
      version: 1,
    });
    expect(a.status).toBe(409);
    expect(a.body.message).toBe(STALE);
    expect(a.body.current).toMatchObject({ version: 2, city: 'Sorocaba', email: null });
    expect((await send('GET', `/clients/${loaded.id}`)).body).toMatchObject({ city: 'Sorocaba', version: 2 });

    const ifMatch = await send(
      'PUT',
      `/clients/${loaded.id}`,
      { name: 'Célia Versionada' },
      { 'if-match': '"1"' },
    );
    expect(ifMatch.status).toBe(409);
    const right = await send('PUT', `/clients/${loaded.id}`, { name: 'Célia V.', version: 2 });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ name: 'Célia V.', version: 3 });
    // SPEC §7's body (no version) is taken as before.
    const plain = await send('PUT', `/clients/${loaded.id}`, { name: 'Célia Sem Versão' });
    expect(plain.status).toBe(200);
    expect(plain.body.version).toBe(4);
  });

  it('a cash entry edit over a newer version is refused with the entry as it is now', async () => {
    const asManager = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      send(method, path, body, headers, manager);
    const created = await asManager('POST', '/transactions', {
      type: 103,
      value: 10,
      description: 'Cabo USB',
      payment_method: 'Pix',
    });
    expect(created.status).toBe(201);
    expect(created.body.version).toBe(1);
    const id = created.body.id;
    const day = (await asManager('GET', `/transactions/day?date=${created.body.date}`))
      .body as unknown as Json[];
    expect(day.find((e) => e.id === id)?.version).toBe(1);

    const entry = { type: 103, description: 'Cabo USB', payment_method: 'Pix' };
    const b = await asManager('PUT', `/transactions/${id}`, { ...entry, value: 25, version: 1 });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ value: 25, version: 2 });
    const a = await asManager('PUT', `/transactions/${id}`, { ...entry, value: 12, version: 1 });
    expect(a.status).toBe(409);
    expect(a.body.message).toBe(STALE);
    expect(a.body.current).toMatchObject({ id, value: 25, version: 2 });
    const ifMatch = await asManager(
      'PUT',
      `/transactions/${id}`,
      { ...entry, value: 12 },
      { 'if-match': '"1"' },
    );
    expect(ifMatch.status).toBe(409);
    // SPEC §7's body (no version) is taken as before.
    const plain = await asManager('PUT', `/transactions/${id}`, { ...entry, value: 30 });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ value: 30, version: 3 });
  });

  it('one Idempotency-Key, two upfront payments in flight at once: one entry, the same answer twice', async () => {
    const order = await newOrder();
    const k = key();
    const body = { service_order_id: order.id, value: 120, description: 'Sinal', payment_method: 'Dinheiro' };
    const [first, second] = await Promise.all([
      send('POST', '/transactions/upfront-payment/service-order', body, { 'idempotency-key': k }),
      send('POST', '/transactions/upfront-payment/service-order', body, { 'idempotency-key': k }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.id).toBe(second.body.id);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    const after = (await send('GET', `/service-orders/normal/${order.id}`)).body;
    expect((after.transactions as Json[]).filter((t) => t.type === 101)).toHaveLength(1);

    const other = await send('POST', '/transactions/upfront-payment/service-order', body, {
      'idempotency-key': key(),
    });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('a create sent again with its key opens the first record; a failed one frees the key', async () => {
    const k = key();
    const body = { client_id: clientId, product_name: 'Rádio' };
    const first = await send('POST', '/service-orders/normal', body, { 'idempotency-key': k });
    const again = await send('POST', '/service-orders/normal', body, { 'idempotency-key': k });
    expect(again.status).toBe(201);
    expect(again.replayed).toBe(true);
    expect(again.body).toEqual(first.body);

    const k2 = key();
    const bad = await send('POST', '/clients', { name: '' }, { 'idempotency-key': k2 });
    expect(bad.status).toBe(400);
    const fixed = await send('POST', '/clients', { name: 'Rui Corrigido' }, { 'idempotency-key': k2 });
    expect(fixed.status).toBe(201);
    expect(fixed.replayed).toBe(false);

    const elsewhere = await send('POST', '/service-orders/external', body, { 'idempotency-key': k });
    expect(elsewhere.status).toBe(400);
  });
});
