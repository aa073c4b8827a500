/**
 * The client's status page /acompanhar/{token} (decision 020), against the real api: no session and no
 * cookie, noindex, only what the client may read (checked with hostile client data), one plain 404 for
 * unknown, malformed and revoked links, and guesses throttled per address.
 *
 * A million guesses are not sent: a token is 128 bits from an HMAC over a random nonce, so a guess hits a
 * live link with odds of about (live links) / 2^128 — for a shop with a million live links, under 10^-32
 * per guess. What a test can show is that guesses give only 404 and that an address is cut off after
 * STATUS_PAGE_PER_MINUTE a minute.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/client-view.ts';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { STATUS_PAGE_PER_MINUTE } from '../../server/routes/status-page.ts';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import { decodeEntities, signIn, startTestWeb, type TestWeb } from '../support/web.ts';

const HOSTILE = {
  name: 'Zuleica <script>alert(1)</script> Segredo',
  cpf: '529.982.247-25',
  email: 'zuleica.segredo@example.com',
  phone1: '(21) 97777-6666',
  phone2: '(21) 3333-4444',
  zip_code: '01001000',
  address: 'Rua Sigilosa',
  number: '4321',
  neighborhood: 'Bairro Oculto',
  complement: 'Fundos confidencial',
};

describe('status page (web status-page router)', () => {
  let web: TestWeb;
  let token: string;
  let orderId: number;
  let linkToken: string;

  beforeAll(async () => {
    web = await startTestWeb({
      env: { SHOP_NAME: 'Loja Teste', SHOP_PHONES: '(11) 4000-1000', SHOP_CITY: 'Osasco' },
    });
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, HOSTILE);
    const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: client.body.id,
      product_name: 'Videogame',
      product_model: 'PS5',
      product_details: 'Caiu no chão motivo interno',
    });
    orderId = so.body.id;
    const put = await apiCall(web.api, 'PUT', `/service-orders/normal/${orderId}`, token, {
      status: 105,
      product_name: 'Videogame',
      product_model: 'PS5',
      product_details: 'Caiu no chão motivo interno',
      fix_technician_name: 'Técnico Reservado',
      fix_description: 'Anotação interna',
      fix_value_final: 450.5,
      fix_payment_method: 'Cartão',
    });
    expect(put.status).toBe(200);
    linkToken = (
      await apiCall<{ token: string }>(web.api, 'GET', `/status-links/service-order/${orderId}`, token)
    ).body.token;
  }, 60_000);
  afterAll(() => web?.stop());

  it('shows the order to anyone with the link, with no cookie and noindex', async () => {
    const res = await supertest(web.app).get(`/acompanhar/${linkToken}`);
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = decodeEntities(res.text).replace(/\u00a0/g, ' ');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('Loja Teste');
    expect(html).toContain('(11) 4000-1000');
    expect(html).toContain('Seu aparelho está pronto para retirada.');
    expect(html).toContain('Videogame PS5');
    expect(html).toContain('R$ 450,50');
    expect(html).toMatch(/<dt>Aberta em<\/dt><dd>\d{2}\/\d{2}\/\d{4}<\/dd>/);
    expect(html).toMatch(/<dt>Pronto em<\/dt><dd>\d{2}\/\d{2}\/\d{4}<\/dd>/);
    expect(html).not.toContain('<form');
  });

  it("never shows the client's data, the technician or internal notes", async () => {
    const html = decodeEntities((await supertest(web.app).get(`/acompanhar/${linkToken}`)).text);
    for (const secret of [
      ...Object.values(HOSTILE),
      'Zuleica',
      '52998224725',
      '529.982',
      '97777',
      '3333-4444',
      '01001',
      'Técnico Reservado',
      'Anotação interna',
      'motivo interno',
      'alert(1)',
    ]) {
      expect(html).not.toContain(secret);
    }
  });

  it("a budget awaiting the client's yes reads 'Valor do orçamento'; being made, no value at all", async () => {
    const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, { name: 'Orçado' });
    const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
      client_id: client.body.id,
      product_name: 'Rádio',
    });
    const link = await apiCall<{ token: string }>(
      web.api,
      'GET',
      `/status-links/service-order/${so.body.id}`,
      token,
    );
    const pageAt = async (status: number) => {
      await apiCall(web.api, 'PUT', `/service-orders/normal/${so.body.id}`, token, {
        status,
        product_name: 'Rádio',
        fix_value_final: 120,
        fix_payment_method: 'PIX',
      });
      return decodeEntities((await supertest(web.app).get(`/acompanhar/${link.body.token}`)).text).replace(
        /\u00a0/g,
        ' ',
      );
    };
    const budgeting = await pageAt(100);
    expect(budgeting).not.toContain('Valor');
    const quoted = await pageAt(101);
    expect(quoted).toMatch(/<dt>Valor do orçamento<\/dt><dd>R\$ 120,00<\/dd>/);
  });

  /** The client's page of a new external visit booked on `day` (yyyy-MM-dd). */
  async function visitPage(day: string) {
    const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, { name: 'Visita' });
    const visit = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/external', token, {
      client_id: client.body.id,
      product_name: 'Antena',
      service_date: day,
      service_period: 'Tarde',
      service_type: 'Instalação',
      service_value: 150,
      service_payment_method: 'PIX',
    });
    const link = await apiCall<{ token: string }>(
      web.api,
      'GET',
      `/status-links/service-order/${visit.body.id}`,
      token,
    );
    const read = async () =>
      decodeEntities((await supertest(web.app).get(`/acompanhar/${link.body.token}`)).text);
    return { id: visit.body.id, read };
  }
  const today = () => todayInShop(web.deps.env.SHOP_TZ);

  it('an external visit still to come says when: its booked day and period', async () => {
    const day = addDays(today(), 8);
    const page = await (await visitPage(day)).read();
    expect(page).toContain('<p class="status">Seu atendimento está agendado.</p>');
    expect(page).toContain(`<dt>Agendado para</dt><dd>${formatDisplayDate(day)} (Tarde)</dd>`);
  });

  it("a visit whose day has gone by is not 'agendado'; once done it reads 'Realizado em', not 'Entregue em'", async () => {
    const visit = await visitPage(addDays(today(), -10));
    const before = await visit.read();
    expect(before).toContain(
      '<p class="status">Seu atendimento está em andamento. Em caso de dúvida, fale com a loja.</p>',
    );
    expect(before).not.toContain('Agendado para');
    const closed = await apiCall(web.api, 'POST', '/transactions/close/service-order', token, {
      service_order_id: visit.id,
    });
    expect(closed.status).toBe(201);
    const after = await visit.read();
    expect(after).toContain('<p class="status">Atendimento concluído.</p>');
    expect(after).toContain(`<dt>Realizado em</dt><dd>${formatDisplayDate(today())}</dd>`);
    expect(after).not.toContain('Entregue em');
  });

  it('with 0 warranty days an order delivered reads no warranty end, not one on the day of delivery', async () => {
    await apiCall(web.api, 'PUT', '/shop-settings', token, { warranty_days: 0 });
    try {
      const client = await apiCall<{ id: number }>(web.api, 'POST', '/clients', token, { name: 'Sem Dias' });
      const so = await apiCall<{ id: number }>(web.api, 'POST', '/service-orders/normal', token, {
        client_id: client.body.id,
        product_name: 'Rádio',
      });
      await apiCall(web.api, 'PUT', `/service-orders/normal/${so.body.id}`, token, {
        status: 106,
        product_name: 'Rádio',
        fix_value_final: 50,
        fix_payment_method: 'PIX',
      });
      const link = await apiCall<{ token: string }>(
        web.api,
        'GET',
        `/status-links/service-order/${so.body.id}`,
        token,
      );
      const page = decodeEntities((await supertest(web.app).get(`/acompanhar/${link.body.token}`)).text);
      expect(page).toContain(`<dt>Entregue em</dt><dd>${formatDisplayDate(today())}</dd>`);
      expect(page).not.toContain('Garantia até');
    } finally {
      await apiCall(web.api, 'PUT', '/shop-settings', token, { warranty_days: 90 });
    }
  });

  it("the shop's phone is a number a phone calls with a tap", async () => {
    const page = (await supertest(web.app).get(`/acompanhar/${linkToken}`)).text;
    expect(page).toContain('<a href="tel:+551140001000">(11) 4000-1000</a>');
  });

  it('unknown, malformed and revoked links are the same plain 404', async () => {
    const unknown = await supertest(web.app).get('/acompanhar/AAAAAAAAAAAAAAAAAAAAAA');
    const malformed = await supertest(web.app).get('/acompanhar/..%2F..%2Fetc');
    const staff = await signIn(web);
    const page = await staff.get(`/os/${orderId}`);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const renew = await staff.post(`/os/${orderId}/link/renovar`).type('form').send({ _csrf: csrf });
    expect(renew.status).toBe(303);
    const revoked = await supertest(web.app).get(`/acompanhar/${linkToken}`);
    // Cut short when copied: the client's 404 too, not the staff's sign-in page.
    const bare = await supertest(web.app).get('/acompanhar/');
    // Something glued after the token, or an address that cannot be decoded: the same.
    const glued = await supertest(web.app).get(`/acompanhar/${linkToken}/x`);
    const undecodable = await supertest(web.app).get('/acompanhar/%E0%A4%A');
    // The page has no form: a POST (or any other method) is the same 404, with no session cookie.
    const posted = await supertest(web.app).post(`/acompanhar/${linkToken}`);
    for (const res of [unknown, malformed, revoked, bare, glued, undecodable, posted]) {
      expect(res.status).toBe(404);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    // The same page whichever way the link fails: nothing tells a guesser a token once existed.
    expect(revoked.text).toBe(unknown.text);
    expect(malformed.text).toBe(unknown.text);
    expect(bare.text).toBe(unknown.text);
    expect(glued.text).toBe(unknown.text);
    expect(undecodable.text).toBe(unknown.text);
    expect(posted.text).toBe(unknown.text);
    expect(unknown.text).toContain('Link não encontrado');
  });

  it('throttles guesses from one address after the limit, each guess a 404 until then', async () => {
    const own = await startTestWeb({ api: web.api });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < STATUS_PAGE_PER_MINUTE + 5; i++) {
        const guess = Buffer.from(`guess-${i}-padding-pad`).toString('base64url').slice(0, 22);
        statuses.push((await supertest(own.app).get(`/acompanhar/${guess}`)).status);
      }
      expect(statuses.slice(0, STATUS_PAGE_PER_MINUTE).every((s) => s === 404)).toBe(true);
      expect(statuses.slice(STATUS_PAGE_PER_MINUTE).every((s) => s === 429)).toBe(true);
      // Once throttled, even a good link waits: the limit is per address, not per miss.
      const good = (
        await apiCall<{ token: string }>(web.api, 'GET', `/status-links/service-order/${orderId}`, token)
      ).body.token;
      expect((await supertest(own.app).get(`/acompanhar/${good}`)).status).toBe(429);
    } finally {
      await own.stop();
    }
  });
});
