/**
 * Print sheets (SPEC §1–§2 Printouts): each sheet's texts and sums, the ticket colour by the order
 * number's letter, and the print-server links: random, one sheet only, read-only, short-lived, and
 * gone at logout. Data is created through the real api.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { addDays } from '../../domain/reports.ts';
import { memoryPrintLinks } from '../../server/print/links.ts';
import { apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import {
  type Agent,
  decodeEntities,
  postForm,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
} from '../support/web.ts';

const WARRANTY =
  'Garantia de 90 dias para o serviço realizado, válida mediante apresentação desta ordem de serviço.';
const NOT_FISCAL = 'Este documento não é um documento fiscal.';

/** The page's text without tags, entities decoded and spaces folded. */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

describe('print sheets (web print router)', () => {
  let web: TestWeb;
  let manager: Agent;
  let token: string;
  let employeeToken: string;
  let clientId: number;

  async function api<T>(method: string, path: string, body: unknown, as = token): Promise<T> {
    const res = await fetch(`${web.api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${as}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    const staff = await createEmployee(web.api, 'balconista', 'senha-balcao');
    employeeToken = (await apiLogin(web.api, staff.username, staff.password)).token;
    manager = await signIn(web);
    const client = await api<{ id: number }>('POST', '/clients', {
      name: 'Maria <b>Souza</b>',
      phone1: '(11) 98765-4321',
      address: 'Rua das Flores',
      number: '10',
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      zip_code: '01001000',
    });
    clientId = client.id;
  });
  afterAll(async () => {
    await web.stop();
  });

  async function normalOrder(as = token) {
    return api<{ id: number; number: string }>(
      'POST',
      '/service-orders/normal',
      { client_id: clientId, product_name: 'Notebook', product_brand: 'Dell', product_details: 'Não liga' },
      as,
    );
  }

  it('prints the order sheet: four tickets, warranty, notice, payments summed, M colour', async () => {
    const order = await normalOrder();
    expect(order.number).toMatch(/^M\d{5}$/);
    const pay = (value: number) =>
      api('POST', '/transactions/upfront-payment/service-order', {
        service_order_id: order.id,
        value,
        description: 'Sinal',
        payment_method: 'Pix',
      });
    await pay(50);
    await pay(25.5);
    const page = await manager.get(`/os/${order.id}/imprimir`);
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    expect(page.text.match(/<article class="ticket /g)).toHaveLength(4);
    for (const copy of ['Via da loja', 'Via do cliente', 'Etiqueta da bancada', 'Canhoto'])
      expect(text).toContain(copy);
    expect(text).toContain(WARRANTY);
    expect(text).toContain(NOT_FISCAL);
    expect(text).toContain('Pagamento(s): R$ 75,50');
    expect(text).toContain('Defeito Reclamado Não liga');
    expect(page.text).toContain('class="ticket ticket-m"');
    expect(page.text).not.toContain('ticket-other');
    // Stored HTML in the client's name is text on paper.
    expect(page.text).toContain('Maria &lt;b&gt;Souza&lt;/b&gt;');
    // No app menu on a sheet.
    expect(page.text).not.toContain('Menu principal');
  });

  it('gives an order opened by a filial user (F…) the other ticket colour, and two copies on request', async () => {
    const order = await normalOrder(employeeToken);
    expect(order.number).toMatch(/^F\d{5}$/);
    const page = await manager.get(`/os/${order.id}/imprimir?vias=2`);
    expect(page.text.match(/<article class="ticket ticket-other"/g)).toHaveLength(8);
    expect(page.text.match(/<section class="sheet four-tickets"/g)).toHaveLength(2);
  });

  it('prints the delivery sheet with the values, the warranty and a signature line', async () => {
    const order = await normalOrder();
    await api('PUT', `/service-orders/normal/${order.id}`, {
      status: 104,
      product_name: 'Notebook',
      fix_description: 'Fonte\nConector DC',
      fix_value_pieces: 100,
      fix_value_labor: 80,
      fix_value_final: 180,
      fix_payment_method: 'Dinheiro',
    });
    const sheet = (await manager.get(`/os/${order.id}/entrega`)).text;
    // The parts keep their line breaks on paper (print.css: white-space: pre-line).
    expect(sheet).toContain('<dd>Fonte\nConector DC</dd>');
    const text = textOf(sheet);
    expect(text).toContain('Valor final R$ 180,00');
    expect(text).toContain(WARRANTY);
    expect(text).toContain('Assinatura do cliente');
  });

  it("an external service's receipt printed before the visit says what is booked, not what was done", async () => {
    const today = todayInShop('America/Sao_Paulo');
    const visit = (serviceDate: string) =>
      api<{ id: number }>('POST', '/service-orders/external', {
        client_id: clientId,
        product_name: 'Ar-condicionado',
        service_details: 'Instalação do split',
        service_type: 'Instalação',
        service_date: serviceDate,
        service_period: 'Manhã',
        service_value: 250,
        service_payment_method: 'Pix',
      });
    const ahead = await visit(addDays(today, 3));
    for (const path of [`/os/${ahead.id}/entrega`, `/os/${ahead.id}/entrega?papel=80mm`]) {
      const text = textOf((await manager.get(path)).text);
      expect(text, path).toContain(`Serviço agendado Instalação do split`);
      expect(text, path).toContain(`Agendado para ${formatDisplayDate(addDays(today, 3))} · Manhã`);
      expect(text, path).not.toContain('Serviço realizado');
    }
    const done = await visit(today);
    for (const path of [`/os/${done.id}/entrega`, `/os/${done.id}/entrega?papel=80mm`]) {
      const text = textOf((await manager.get(path)).text);
      expect(text, path).toContain(`Serviço realizado Instalação do split`);
      expect(text, path).toContain(`Data ${formatDisplayDate(today)}`);
    }
  });

  it("an external service's receipt names its type; without a day it is still to do; cancelled, it says so", async () => {
    const company = await api<{ id: number }>('POST', '/clients', {
      name: 'Padaria Central',
      cnpj: '11.222.333/0001-81',
    });
    const visit = await api<{ id: number }>('POST', '/service-orders/external', {
      client_id: company.id,
      product_name: 'Forno',
      service_details: 'Levar escada',
      service_type: 'Visita',
      service_date: null,
      service_period: null,
      service_value: null,
      service_payment_method: null,
    });
    for (const path of [`/os/${visit.id}/entrega`, `/os/${visit.id}/entrega?papel=80mm`]) {
      const text = textOf((await manager.get(path)).text);
      expect(text, path).toContain('Tipo de serviço Visita');
      expect(text, path).toContain('Serviço a realizar Levar escada');
      expect(text, path).not.toContain('Serviço realizado');
    }
    // A company's receipt carries its CNPJ, as a person's carries the CPF.
    for (const path of [`/os/${visit.id}/entrega`, `/os/${visit.id}/entrega?papel=80mm`]) {
      expect(textOf((await manager.get(path)).text), path).toContain(
        'Padaria Central · CNPJ 11.222.333/0001-81',
      );
    }
    await api('POST', '/transactions/cancel/service-order', {
      service_order_id: visit.id,
      cancel_motive: 'Desistiu',
    });
    for (const path of [`/os/${visit.id}/entrega`, `/os/${visit.id}/entrega?papel=80mm`]) {
      const text = textOf((await manager.get(path)).text);
      expect(text, path).toContain('Serviço cancelado Levar escada');
      expect(text, path).toContain('Motivo do cancelamento Desistiu');
      expect(text, path).toContain('Ordem de serviço cancelada: sem garantia.');
    }
  });

  it('prints a parts order and its address label with recipient and sender', async () => {
    const order = await api<{ id: number; number: string }>('POST', '/orders', {
      client_id: clientId,
      piece_name: 'Tela 15"',
      piece_value: 350,
    });
    const sheet = textOf((await manager.get(`/pedido/${order.id}/imprimir`)).text);
    expect(sheet).toContain(`Pedido ${order.number}`);
    expect(sheet).toContain('R$ 350,00');
    const labelHtml = (await manager.get(`/pedido/${order.id}/etiqueta`)).text;
    const label = textOf(labelHtml);
    expect(label).toContain('Destinatário');
    expect(label).toContain('Rua das Flores, 10');
    expect(label).toContain('CEP 01001-000');
    expect(label).toContain('Remetente');
    expect(label).toContain('Bancada Assistência Técnica');
    // SPEC §1: every printed document carries the shop's logo and the not-fiscal notice.
    expect(labelHtml).toContain('src="/static/img/logo.svg"');
    expect(label).toContain(NOT_FISCAL);
  });

  it('phones typed as digits print as people read them; one typed otherwise prints as typed', async () => {
    const client = await api<{ id: number }>('POST', '/clients', {
      name: 'Cliente dos Telefones',
      phone1: '11987654321',
      phone2: '1133334444',
      phone3: '+1 555 0100',
    });
    const so = await api<{ id: number }>('POST', '/service-orders/normal', {
      client_id: client.id,
      product_name: 'Rádio',
    });
    const parts = await api<{ id: number }>('POST', '/orders', { client_id: client.id, piece_name: 'Botão' });
    const shown = '(11) 98765-4321 / (11) 3333-4444 / +1 555 0100';
    for (const path of [
      `/os/${so.id}/imprimir`,
      `/os/${so.id}/imprimir?papel=80mm`,
      `/pedido/${parts.id}/imprimir`,
      `/pedido/${parts.id}/imprimir?papel=80mm`,
    ]) {
      expect(textOf((await manager.get(path)).text), path).toContain(shown);
    }
    const page = textOf((await manager.get(`/os/${so.id}`)).text);
    expect(page).toContain('Telefone 1 (11) 98765-4321');
    expect(page).toContain('Telefone 2 (11) 3333-4444');
  });

  it('the 80 mm sheets carry the logo and the not-fiscal notice too (SPEC §1)', async () => {
    const so = await normalOrder();
    const parts = await api<{ id: number }>('POST', '/orders', {
      client_id: clientId,
      piece_name: 'Bateria',
    });
    for (const path of [
      `/os/${so.id}/imprimir?papel=80mm`,
      `/os/${so.id}/entrega?papel=80mm`,
      `/pedido/${parts.id}/imprimir?papel=80mm`,
    ]) {
      const html = (await manager.get(path)).text;
      expect(html).toContain('class="thermal"');
      expect(html).toContain('src="/static/img/logo.svg"');
      expect(textOf(html)).toContain(NOT_FISCAL);
    }
  });

  it('opens a print-server link without login, for that sheet only, read-only, until logout', async () => {
    const order = await normalOrder();
    const made = await postForm(
      manager,
      '/impressao/links',
      { path: `/os/${order.id}/imprimir` },
      `/os/${order.id}/imprimir`,
    );
    expect(made.status).toBe(303);
    const link = /link=([^&]+)/.exec(made.headers.location ?? '')?.[1];
    expect(link).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const shown = await manager.get(made.headers.location ?? '');
    expect(shown.text).toContain(`/impressao/${link}`);

    // A stranger with only the link: the sheet, with no form and no way to act.
    const { default: supertest } = await import('supertest');
    const stranger = supertest(web.app);
    const opened = await stranger.get(`/impressao/${link}`);
    expect(opened.status).toBe(200);
    expect(textOf(opened.text)).toContain(order.number);
    expect(opened.text).not.toContain('<form');
    expect(opened.headers['set-cookie']).toBeUndefined();
    // Only that sheet: other private URLs still send the stranger to the login.
    const toLogin = (path: string) => `/?next=${encodeURIComponent(path)}`;
    expect((await stranger.get(`/os/${order.id}`)).headers.location).toBe(toLogin(`/os/${order.id}`));
    expect((await stranger.get(`/os/${order.id}/entrega`)).headers.location).toBe(
      toLogin(`/os/${order.id}/entrega`),
    );
    // A guessed token opens nothing.
    expect((await stranger.get('/impressao/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);

    // Signing out ends the link.
    await postForm(manager, '/sair', {}, '/configuracoes');
    expect((await stranger.get(`/impressao/${link}`)).status).toBe(404);
    manager = await signIn(web);
  });

  it('every link made in a session ends at sign-out, the 51st and beyond included', async () => {
    const order = await normalOrder();
    const agent = await signIn(web);
    const links: string[] = [];
    for (let i = 0; i < 52; i++) {
      const made = await postForm(
        agent,
        '/impressao/links',
        { path: `/os/${order.id}/imprimir` },
        `/os/${order.id}/imprimir`,
      );
      links.push(/link=([^&]+)/.exec(made.headers.location ?? '')?.[1] ?? '');
    }
    const { default: supertest } = await import('supertest');
    const stranger = supertest(web.app);
    expect((await stranger.get(`/impressao/${links[51]}`)).status).toBe(200);
    await postForm(agent, '/sair', {}, '/configuracoes');
    for (const link of [links[0], links[1], links[2], links[51]]) {
      expect((await stranger.get(`/impressao/${link}`)).status).toBe(404);
    }
  });

  it('refuses to make a link for anything but a sheet', async () => {
    const res = await postForm(manager, '/impressao/links', { path: '/configuracoes' }, '/configuracoes');
    expect(res.status).toBe(400);
    const external = await postForm(
      manager,
      '/impressao/links',
      { path: 'https://example.org/os/1/imprimir' },
      '/configuracoes',
    );
    expect(external.status).toBe(400);
  });

  it('a sheet of an order that does not exist goes to Consulta saying so, as the order page does', async () => {
    for (const [path, text] of [
      ['/os/999999/imprimir', 'Nenhuma O.S. encontrada'],
      ['/os/999999/entrega', 'Nenhuma O.S. encontrada'],
      ['/pedido/999999/imprimir', 'Nenhum pedido encontrado'],
      ['/pedido/999999/etiqueta', 'Nenhum pedido encontrado'],
    ] as const) {
      const res = await manager.get(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.location, path).toBe('/consulta');
      expect(toastsOf((await manager.get('/consulta')).text), path).toEqual([text]);
    }
  });
});

describe('print links expire', () => {
  it('opens within its life and not after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const links = memoryPrintLinks();
      const token = await links.create('<p>folha</p>', 5);
      expect(await links.open(token)).toBe('<p>folha</p>');
      vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
      expect(await links.open(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("print sheets in the shop's time zone (SHOP_TZ)", () => {
  // A zone whose date differs from São Paulo's right now: Kiritimati (17 h ahead) from 07:00 in São
  // Paulo, Pago Pago (8 h behind) before 08:00. An order opened now is dated by the shop's zone.
  const spHour = Number(
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      hourCycle: 'h23',
      timeZone: 'America/Sao_Paulo',
    }).format(new Date()),
  );
  const tz = spHour >= 7 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
  let web: TestWeb;

  beforeAll(async () => {
    web = await startTestWeb({ env: { SHOP_TZ: tz } });
  });
  afterAll(() => web?.stop());

  it("the A4 and 80 mm sheets date an order by the shop's day, as its page does", async () => {
    const token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    const call = async <T>(path: string, body?: unknown) => {
      const res = await fetch(`${web.api.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await res.json()) as T;
    };
    const client = await call<{ id: number }>('/clients', { name: 'Cliente do Pacífico' });
    const opened = await call<{ id: number }>('/service-orders/normal', {
      client_id: client.id,
      product_name: 'Rádio',
    });
    const so = await call<{ id: number; created_at: string }>(`/service-orders/normal/${opened.id}`);
    const made = await call<{ id: number }>('/orders', { client_id: client.id, piece_name: 'Antena' });
    const order = await call<{ id: number; created_at: string }>(`/orders/${made.id}`);
    const shopDay = (at: string) => formatDisplayDate(at, tz);
    expect(shopDay(so.created_at)).not.toBe(formatDisplayDate(so.created_at, 'America/Sao_Paulo'));
    const staff = await signIn(web);
    for (const path of [`/os/${so.id}/imprimir`, `/os/${so.id}/imprimir?papel=80mm`]) {
      expect(textOf((await staff.get(path)).text)).toContain(`Abertura ${shopDay(so.created_at)}`);
    }
    for (const path of [`/pedido/${order.id}/imprimir`, `/pedido/${order.id}/imprimir?papel=80mm`]) {
      expect(textOf((await staff.get(path)).text)).toContain(`Data do pedido ${shopDay(order.created_at)}`);
    }
  });
});
