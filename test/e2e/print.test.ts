/**
 * Printouts in Chromium (SPEC §1–§2 Printouts): every sheet printed to a PDF the way a person prints it
 * (A4, backgrounds on), with its page count — the order sheet is one A4 page however long its texts, two
 * copies are two pages, the delivery sheet and the label one page each — and its layout read under print
 * media: the four tickets apart, nothing cut off or past the page, no unreadably small text.
 * PNGs and PDFs of every sheet go to test-output/print/ for a person to look at.
 * Also: the print buttons open the sheet in a new tab, and ?imprimir=1 calls the print dialog.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInShop } from '../../domain/dates.ts';
import { apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import {
  launchBrowser,
  login,
  newPage,
  type RunningSystem,
  startSystem,
  type TestPage,
} from '../support/browser.ts';

const OUT = join(import.meta.dirname, '..', '..', 'test-output', 'print');
const TZ = 'America/Sao_Paulo';
const WARRANTY =
  'Garantia de 90 dias para o serviço realizado, válida mediante apresentação desta ordem de serviço.';
const NOT_FISCAL = 'Este documento não é um documento fiscal.';

/** The printable area of an A4 page with the sheets' 10 mm margins, in CSS pixels (96 per inch). */
const MM = 96 / 25.4;
const PRINTABLE = { width: Math.floor(190 * MM), height: Math.floor(277 * MM) };

/** The real api and web, with the shop's details filled in as a shop would configure them. */
function startPrintSystem(): Promise<RunningSystem> {
  return startSystem({
    webEnv: {
      SHOP_NAME: 'Bancada Assistência Técnica em Eletrônicos Ltda.',
      SHOP_PHONES: '(11) 3333-4444 / (11) 98888-7777 (WhatsApp)',
      SHOP_STREET: 'Rua Vinte e Cinco de Março, 1234 - sala 56',
      SHOP_DISTRICT: 'Centro Histórico',
      SHOP_CITY: 'São Paulo',
      SHOP_STATE: 'SP',
    },
  });
}

/** Pages of a PDF: its page objects (/Type /Page, not the /Pages tree). */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** Long text of about `n` characters, made of words (so it wraps like real writing). */
function long(start: string, n: number): string {
  const words = ['tela', 'trincada', 'no', 'canto', 'superior', 'esquerdo', 'e', 'bateria', 'estufada,'];
  let text = start;
  for (let i = 0; text.length < n; i++) text += ` ${words[i % words.length]}`;
  return text.slice(0, n).trim();
}

/** A box of the page, in CSS pixels. */
type Box = { x: number; y: number; w: number; h: number; label: string };

/**
 * Under print media: the tickets (or the sheet's blocks) and whether anything in them is cut off — an
 * element whose box ends outside its ticket — and the smallest font size of any text on the sheet.
 */
async function layoutOf(page: Page) {
  return page.evaluate(() => {
    const boxOf = (el: Element, label: string) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height, label };
    };
    const tickets = [...document.querySelectorAll('.ticket')].map((t, i) =>
      boxOf(t, `ticket ${i + 1} ${t.querySelector('.sheet-title')?.textContent ?? ''}`),
    );
    const clipped: string[] = [];
    for (const ticket of document.querySelectorAll('.ticket')) {
      for (const el of ticket.querySelectorAll('p, dt, dd, img, strong')) {
        // Each element against what would clip it: the ticket, or the block of lines inside it.
        const frame = (el.closest('.ticket-rows') ?? ticket).getBoundingClientRect();
        const r = el.getBoundingClientRect();
        if (r.height === 0) continue;
        if (r.bottom > frame.bottom + 0.5 || r.right > frame.right + 0.5) {
          clipped.push(
            `${ticket.querySelector('.sheet-title')?.textContent}: ${el.textContent?.slice(0, 60)}`,
          );
        }
      }
    }
    let smallest = Number.POSITIVE_INFINITY;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || !n.textContent?.trim()) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || parent.closest('.screen-only')) continue;
      smallest = Math.min(smallest, Number.parseFloat(style.fontSize));
    }
    const sheets = [...document.querySelectorAll('.sheet')].map((s, i) => boxOf(s, `sheet ${i + 1}`));
    return {
      tickets,
      clipped,
      smallest,
      sheets,
      scrollWidth: document.documentElement.scrollWidth,
      // The text as written (textContent), not as styled: the label's headings are upper-cased by CSS.
      bodyText: document.body.textContent ?? '',
    };
  });
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

describe('printouts in Chromium', () => {
  let system: RunningSystem;
  let browser: Browser;
  let token: string;
  let page: TestPage;
  const ids: Record<string, number> = {};

  async function api<T>(method: string, path: string, body?: unknown, as = token): Promise<T> {
    const res = await fetch(`${system.api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${as}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /**
   * Prints the sheet at `path`: the PDF (A4, backgrounds) and a full-page PNG at the printable width,
   * both kept under test-output/print/; returns the PDF's page count and the layout under print media.
   */
  async function print(path: string, name: string) {
    await page.setViewportSize(PRINTABLE);
    await page.goto(`${system.url}${path}`);
    expect(new URL(page.url()).pathname, `${name} did not open`).toBe(path.split('?')[0]);
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => document.fonts.ready);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, `${name}.pdf`), pdf);
    await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
    const layout = await layoutOf(page);
    await page.emulateMedia({ media: 'screen' });
    return { pages: pdfPageCount(pdf), layout };
  }

  function expectTicketsSound(layout: Awaited<ReturnType<typeof layoutOf>>, expected: number) {
    expect(layout.tickets).toHaveLength(expected);
    for (const [i, a] of layout.tickets.entries()) {
      for (const b of layout.tickets.slice(i + 1))
        expect(overlaps(a, b), `${a.label} / ${b.label}`).toBe(false);
      expect(a.x + a.w, `${a.label} past the right edge`).toBeLessThanOrEqual(PRINTABLE.width + 0.5);
    }
    expect(layout.clipped, 'text cut off at the bottom or right of a ticket').toEqual([]);
  }

  beforeAll(async () => {
    [system, browser] = await Promise.all([startPrintSystem(), launchBrowser()]);
    token = (await apiLogin(system.api, MANAGER.username, MANAGER.password)).token;
    const staff = await createEmployee(system.api, 'balcao.print', 'senha-do-balcao');
    const staffToken = (await apiLogin(system.api, staff.username, staff.password)).token;

    // A client with every field long, and an order with every field long.
    const client = await api<{ id: number }>('POST', '/clients', {
      name: long('Maria Aparecida dos Santos Oliveira Pereira', 120),
      cpf: '529.982.247-25',
      cnpj: '11.222.333/0001-81',
      email: 'maria.aparecida.dos.santos.oliveira@exemplo-de-dominio-longo.com.br',
      phone1: '(11) 91234-5678 ramal 1234 falar com a secretária',
      phone2: '(11) 3456-7890 somente após as 18h, exceto sábados',
      phone3: '(11) 99999-0000 (vizinha, Dona Cida, deixar recado)',
      zip_code: '01001000',
      address: long('Avenida Brigadeiro Faria Lima', 150),
      number: '1234 bloco B',
      complement: long('Apartamento 152, torre norte', 120),
      neighborhood: long('Jardim Paulistano', 80),
      city: 'São Paulo',
      state: 'SP',
    });
    ids.client = client.id;
    const longOrder = await api<{ id: number; number: string }>('POST', '/service-orders/normal', {
      client_id: client.id,
      product_name: long('Notebook gamer com placa de vídeo dedicada', 120),
      product_model: long('Inspiron 15 Série 5000 edição especial', 120),
      product_brand: long('Dell Computadores do Brasil', 120),
      product_serial: long('SN-ABCDEFGH-1234567890-XYZ', 120),
      product_accessories: long('Carregador original, mochila, mouse sem fio, cabo HDMI,', 1500),
      product_details: long('Não liga depois de uma queda da mesa;', 2000),
    });
    ids.longOrder = longOrder.id;
    await api('PUT', `/service-orders/normal/${longOrder.id}`, {
      status: 104,
      product_name: long('Notebook gamer com placa de vídeo dedicada', 120),
      product_model: long('Inspiron 15 Série 5000 edição especial', 120),
      product_brand: long('Dell Computadores do Brasil', 120),
      product_serial: long('SN-ABCDEFGH-1234567890-XYZ', 120),
      product_accessories: long('Carregador original, mochila, mouse sem fio, cabo HDMI,', 1500),
      product_details: long('Não liga depois de uma queda da mesa;', 2000),
      fix_technician_name: long('João Carlos da Silva Técnico Sênior', 120),
      fix_date: '2026-03-10',
      fix_description: Array.from({ length: 30 }, (_, i) => `Peça número ${i + 1} substituída`).join('\n'),
      fix_value_pieces: 1234.56,
      fix_value_labor: 250,
      fix_value_final: 1484.56,
      fix_payment_method: 'Cartão de Crédito',
    });
    for (const value of [100, 50.25]) {
      await api('POST', '/transactions/upfront-payment/service-order', {
        service_order_id: longOrder.id,
        value,
        description: 'Sinal',
        payment_method: 'Pix',
        date: todayInShop(TZ),
      });
    }

    // An ordinary order opened by a filial employee (the other ticket colour), a return, an external.
    const plain = await api<{ id: number }>(
      'POST',
      '/service-orders/normal',
      {
        client_id: client.id,
        product_name: 'Celular',
        product_brand: 'Samsung',
        product_details: 'Tela quebrada',
      },
      staffToken,
    );
    ids.plain = plain.id;
    const returned = await api<{ id: number }>('POST', '/service-orders/returned', {
      original_service_order_id: longOrder.id,
      return_motive: long('O aparelho voltou a desligar sozinho depois de dois dias de uso;', 1500),
    });
    ids.returned = returned.id;
    const external = await api<{ id: number }>('POST', '/service-orders/external', {
      client_id: client.id,
      product_name: 'Ar-condicionado Split 12000 BTUs',
      product_brand: 'LG',
      product_details: long('Pingando água na sala e fazendo barulho;', 1200),
      service_type: 'Manutenção preventiva',
      service_date: '2026-04-15',
      service_period: 'Manhã',
      service_value: 250,
      service_payment_method: 'Dinheiro',
      service_details: long('Levar escada grande e gás R410A;', 1500),
    });
    ids.external = external.id;

    // A parts order with long fields.
    const order = await api<{ id: number }>('POST', '/orders', {
      client_id: client.id,
      piece_name: long('Tela LCD 15,6 polegadas Full HD IPS 30 pinos', 120),
      piece_code: long('LP156WF6-SPB1-ORIGINAL', 120),
      piece_value: 1450.9,
      product_model: long('Inspiron 15 Série 5000 edição especial', 120),
    });
    ids.partsOrder = order.id;

    // The day's cash, with many entries (the list runs onto more pages as needed).
    for (let i = 1; i <= 8; i++) {
      await api('POST', '/transactions', {
        type: i % 3 === 0 ? 201 : 103,
        value: 10 * i + 0.5,
        description: long(`Lançamento ${i}:`, 90),
        payment_method: 'Dinheiro',
        date: todayInShop(TZ),
      });
    }
    await api('POST', '/transactions', {
      type: 103,
      value: 99,
      description: 'Venda de março',
      payment_method: 'Pix',
      date: '2026-03-10',
    });

    page = await newPage(browser, { javaScriptEnabled: true });
    await login(page, system.url, MANAGER.username, MANAGER.password);
  });
  afterAll(async () => {
    await page?.context().close();
    await browser?.close();
    await system?.stop();
  });

  it('the order sheet is one A4 page with four tickets, even with long texts in every field', async () => {
    const { pages, layout } = await print(`/os/${ids.longOrder}/imprimir`, 'os-long');
    expect(pages).toBe(1);
    expectTicketsSound(layout, 4);
    expect(layout.smallest, 'smallest text (px)').toBeGreaterThanOrEqual(9);
    // The two full copies still say the warranty, the payments and the notice.
    expect(
      layout.bodyText.match(new RegExp(WARRANTY.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g')),
    ).toHaveLength(2);
    expect(layout.bodyText).toContain('Pagamento(s): R$ 150,25');
    expect(layout.bodyText.split(NOT_FISCAL).length - 1).toBe(4);
    // The four tickets fill the page as a 2 x 2 grid inside the printable area.
    const [a, b, c] = layout.tickets;
    expect(Math.abs((a?.y ?? 0) - (b?.y ?? 1))).toBeLessThan(1);
    expect(c?.y ?? 0).toBeGreaterThan((a?.y ?? 0) + (a?.h ?? 0));
    expect(layout.scrollWidth).toBeLessThanOrEqual(PRINTABLE.width);
  });

  it('an ordinary order: one page; two copies: two pages of four tickets each', async () => {
    const one = await print(`/os/${ids.plain}/imprimir`, 'os-plain');
    expect(one.pages).toBe(1);
    expectTicketsSound(one.layout, 4);
    const two = await print(`/os/${ids.plain}/imprimir?vias=2`, 'os-plain-2-vias');
    expect(two.pages).toBe(2);
    expect(two.layout.tickets).toHaveLength(8);
    expect(two.layout.clipped).toEqual([]);
    expect(two.layout.sheets).toHaveLength(2);
  });

  it('a return and an external service: one page each, nothing cut off', async () => {
    const ret = await print(`/os/${ids.returned}/imprimir`, 'os-return');
    expect(ret.pages).toBe(1);
    expectTicketsSound(ret.layout, 4);
    const twoReturn = await print(`/os/${ids.returned}/imprimir?vias=2`, 'os-return-2-vias');
    expect(twoReturn.pages).toBe(2);
    const ext = await print(`/os/${ids.external}/imprimir`, 'os-external');
    expect(ext.pages).toBe(1);
    expectTicketsSound(ext.layout, 4);
  });

  it('the delivery sheet is one page with the warranty and the signature line', async () => {
    const { pages, layout } = await print(`/os/${ids.longOrder}/entrega`, 'delivery-long');
    expect(pages).toBe(1);
    expect(layout.bodyText).toContain(WARRANTY);
    expect(layout.bodyText).toContain('Assinatura do cliente');
    expect(layout.scrollWidth).toBeLessThanOrEqual(PRINTABLE.width);
    expect(layout.smallest).toBeGreaterThanOrEqual(9);
    const plain = await print(`/os/${ids.plain}/entrega`, 'delivery-plain');
    expect(plain.pages).toBe(1);
  });

  it('the parts order sheet and the address label are one page each', async () => {
    const sheet = await print(`/pedido/${ids.partsOrder}/imprimir`, 'parts-order');
    expect(sheet.pages).toBe(1);
    expect(sheet.layout.scrollWidth).toBeLessThanOrEqual(PRINTABLE.width);
    const label = await print(`/pedido/${ids.partsOrder}/etiqueta`, 'parts-order-label');
    expect(label.pages).toBe(1);
    expect(label.layout.bodyText).toContain('Destinatário');
    expect(label.layout.bodyText).toContain('Remetente');
    expect(label.layout.scrollWidth).toBeLessThanOrEqual(PRINTABLE.width);
    expect(label.layout.smallest).toBeGreaterThanOrEqual(9);
  });

  it('the cash sheets (day and period) print once the cash is unlocked', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${system.url}/caixa-hoje`);
    const unlock = page.getByRole('dialog', { name: 'Acessar Caixa' });
    await unlock.getByLabel('Usuário').fill(MANAGER.username);
    await unlock.getByLabel('Senha').fill(MANAGER.password);
    await Promise.all([page.waitForEvent('load'), unlock.getByRole('button', { name: 'Entrar' }).click()]);
    await page.waitForURL(`${system.url}/caixa-hoje`);
    // Ten entries, some with long order texts: the list may run onto a second page, never more.
    const day = await print('/caixa-hoje/imprimir', 'cash-day');
    expect(day.pages).toBeGreaterThanOrEqual(1);
    expect(day.pages).toBeLessThanOrEqual(2);
    expect(day.layout.bodyText).toMatch(/Total: R\$ \d/);
    expect(day.layout.scrollWidth).toBeLessThanOrEqual(PRINTABLE.width);
    const period = await print('/caixa-periodo/imprimir?de=01%2F03%2F2026&ate=31%2F03%2F2026', 'cash-period');
    expect(period.pages).toBe(1);
    expect(period.layout.bodyText).toContain('Balanço: R$ 99,00');
  });

  it('the print buttons open the sheet in a new tab', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const check = async (from: string, link: string, sheet: string) => {
      await page.goto(`${system.url}${from}`);
      const a = page.getByRole('link', { name: link, exact: true });
      expect(await a.getAttribute('target')).toBe('_blank');
      const [tab] = await Promise.all([page.context().waitForEvent('page'), a.click()]);
      await tab.waitForLoadState();
      expect(tab.url()).toBe(`${system.url}${sheet}`);
      expect(page.url()).toBe(`${system.url}${from}`);
      await tab.close();
    };
    await check(`/os/${ids.plain}`, 'Imprimir O.S.', `/os/${ids.plain}/imprimir`);
    await check(`/os/${ids.plain}`, 'Imprimir 2 vias', `/os/${ids.plain}/imprimir?vias=2`);
    await check(`/pedido/${ids.partsOrder}`, 'Imprimir Pedido', `/pedido/${ids.partsOrder}/imprimir`);
    await check(`/pedido/${ids.partsOrder}`, 'Imprimir Etiqueta', `/pedido/${ids.partsOrder}/etiqueta`);
    await check('/caixa-hoje', 'Imprimir', '/caixa-hoje/imprimir');
  });

  it('a page with print buttons fetches ahead the stylesheet and the script every sheet loads', async () => {
    await page.goto(`${system.url}/os/${ids.plain}`);
    const prefetched = await page.$$eval('link[rel=prefetch]', (links) =>
      links.map((l) => (l as HTMLLinkElement).href),
    );
    await page.goto(`${system.url}/os/${ids.plain}/imprimir`);
    const sheetNeeds = await page.evaluate(() => [
      ...[...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((l) => l.href),
      ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
    ]);
    expect(sheetNeeds.length).toBe(2);
    expect(prefetched.sort()).toEqual(sheetNeeds.sort());
    // Consulta links to no sheet: it fetches nothing ahead.
    await page.goto(`${system.url}/consulta`);
    expect(await page.locator('link[rel=prefetch]').count()).toBe(0);
  });

  it('?imprimir=1 opens the print dialog by itself; the sheet’s Imprimir button opens it too', async () => {
    const tab = await newPage(browser, { javaScriptEnabled: true });
    try {
      await tab.context().addInitScript(() => {
        const w = window as unknown as { __printCalls: number };
        w.__printCalls = 0;
        window.print = () => {
          w.__printCalls += 1;
        };
      });
      await login(tab, system.url, MANAGER.username, MANAGER.password);
      const calls = () => tab.evaluate(() => (window as unknown as { __printCalls: number }).__printCalls);

      await tab.goto(`${system.url}/os/${ids.plain}/imprimir?imprimir=1`);
      await expect.poll(calls).toBe(1);
      await tab.goto(`${system.url}/os/${ids.plain}/imprimir`);
      await tab.getByRole('button', { name: 'Imprimir' }).waitFor();
      expect(await calls()).toBe(0);
      await tab.getByRole('button', { name: 'Imprimir' }).click();
      expect(await calls()).toBe(1);
      // The on-screen bar never prints.
      await tab.emulateMedia({ media: 'print' });
      expect(await tab.locator('.print-bar').isVisible()).toBe(false);
      expect(tab.problems.pageErrors).toEqual([]);
      expect(tab.problems.cspViolations).toEqual([]);
    } finally {
      await tab.context().close();
    }
  });

  // Sent to a print server, the job's state on the sheet follows it without a reload.
  it('a sheet sent to a print server shows its job go from na fila to impresso without a reload', async () => {
    const { key } = await api<{ key: string }>('POST', '/printers', { name: 'Vitrine', paper: 'a4' });
    const tab = await newPage(browser, { javaScriptEnabled: true });
    try {
      await login(tab, system.url, MANAGER.username, MANAGER.password);
      await tab.goto(`${system.url}/pedido/${ids.partsOrder}/imprimir`);
      await tab.getByRole('combobox', { name: 'Impressora' }).selectOption({ label: 'Vitrine' });
      await Promise.all([
        tab.waitForEvent('load'),
        tab.getByRole('button', { name: 'Enviar para a impressora' }).click(),
      ]);
      const jobs = tab.getByRole('list', { name: 'Enviados desta folha' });
      expect(await jobs.textContent()).toMatch(/Vitrine · 1 cópia · .* · na fila/);
      // The page the person has: marked, to tell a reload apart.
      await tab.evaluate(() => {
        (window as unknown as { __same: boolean }).__same = true;
      });
      const door = (path: string, init: RequestInit = {}) =>
        fetch(`${system.url}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        });
      const [job] = (await (await door('/impressao/fila?espera=0')).json()) as { id: string }[];
      const printed = await door(`/impressao/fila/${job?.id}`, {
        method: 'POST',
        body: JSON.stringify({ status: 'impresso' }),
      });
      expect(printed.status).toBe(200);
      await expect
        .poll(() => jobs.textContent(), { timeout: 10_000 })
        .toMatch(/Vitrine · 1 cópia · .* · impresso/);
      expect(await tab.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
      expect(tab.problems.pageErrors).toEqual([]);
      expect(tab.problems.cspViolations).toEqual([]);
    } finally {
      await tab.context().close();
    }
  });
});
