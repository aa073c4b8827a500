/**
 * Caixa do dia and Caixa por período (SPEC §2 Cash, §5 cash forms, §6, §8 Cash and manager checks, §9
 * balance and colours) against the real api: the manager's unlock and its expiry, the day's title and
 * total with every entry type, Criar/Editar/Excluir Lançamento, the period search, and a long period
 * shown and printed one page at a time with the balance of all of it (also against a backend that
 * follows only SPEC §7: no summary, no paging).
 * Every entry is written through the api's own endpoints (orders' upfront, close and cancel included),
 * except the thousand entries of the long period, written straight into the api's database.
 */
import { sql } from 'kysely';
import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { formatBRL } from '../../domain/money.ts';
import { balanceInCents } from '../../domain/transactions.ts';
import { apiLogin, createEmployee, MANAGER } from '../support/api.ts';
import { dialogOpen } from '../support/html.ts';
import { forwardTo, listenRelay } from '../support/http-relay.ts';
import {
  type Agent,
  csrfOf,
  decodeEntities,
  fieldErrorOf,
  postForm,
  refusedPage,
  signIn,
  startTestWeb,
  type TestWeb,
  toastsOf,
  unlockCash,
} from '../support/web.ts';

const TZ = 'America/Sao_Paulo';

const TEXT = {
  locked: 'Acesso não autorizado',
  userRequired: 'Usuário obrigatório',
  passwordRequired: 'Senha obrigatória',
  unlockFailed: 'Ocorreu um erro ao fazer login. Digite credenciais válidas para um(a) gerente',
  notManager: 'Digite uma credencial de gerente válida',
  createFailed: 'Ocorreu um erro ao criar a transação. Cheque os valores.',
  editFailed: 'Ocorreu um erro ao editar a transação. Cheque os valores.',
  deleteFailed: 'Ocorreu um erro ao excluir a transação. Cheque os valores.',
  lockedBeforeSave: 'O acesso ao caixa expirou antes de salvar. Nada foi salvo: confira e salve de novo.',
  typeRequired: 'Tipo obrigatório',
  descriptionRequired: 'Descrição obrigatória',
  valueRequired: 'Valor obrigatório',
  beforeSearch: 'Selecione a data e clique em Buscar',
  emptyDay: 'Nenhuma transação foi encontrada para a data.',
  badDate: 'Data inválida. Use o formato dd/mm/aaaa',
  periodTooLong: 'O período pode ter no máximo 400 dias',
  methodOffList: 'Selecione uma forma de pagamento da lista',
};

type Entry = {
  id: number;
  type: number;
  value: number;
  description: string;
  date: string;
  payment_method?: string | null;
};

/** The page's text without tags or React's text separators, entities decoded and spaces folded. */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

const h1 = (html: string) => textOf(/<h1>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
const isLocked = (html: string) => html.includes(`<p class="locked">${TEXT.locked}</p>`);
/** 'Total: R$ …' (or 'Balanço: R$ …') as shown, and the class of its figure. */
function totalOf(html: string, label = 'Total') {
  const m = new RegExp(`${label}:\\s*(?:<!-- -->)?\\s*<strong class="([^"]*)">([^<]*)</strong>`).exec(html);
  return m ? { cls: m[1], text: decodeEntities(m[2] ?? '') } : null;
}

type Row = { cells: string[]; valueClass: string; value: string; html: string };
/** The rows of the cash table: their cells' texts, the value's flow class and text. */
function rowsOf(html: string): Row[] {
  const body = /<table class="cash">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => {
    const row = m[1] ?? '';
    const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => textOf(c[1] ?? ''));
    const value = /<span class="money (flow-[a-z]+)">([^<]*)<\/span>/.exec(row);
    return { cells, valueClass: value?.[1] ?? '', value: decodeEntities(value?.[2] ?? ''), html: row };
  });
}
const rowOf = (html: string, description: string) => rowsOf(html).find((r) => r.cells[2] === description);

/** The value an input of the page holds. */
function inputValue(html: string, id: string): string | undefined {
  const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  return input ? decodeEntities(/value="([^"]*)"/.exec(input)?.[1] ?? '') : undefined;
}
/** The selected option's value of a select. */
function selectedOf(html: string, id: string): string | undefined {
  const select = new RegExp(`<select[^>]*id="${id}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '';
  return /<option value="([^"]*)" selected=""/.exec(select)?.[1];
}

describe('cash (web cash router)', () => {
  let web: TestWeb;
  let token: string;
  let employee: { username: string; password: string };
  let clientId: number;

  async function api<T>(method: string, path: string, body?: unknown, as = token): Promise<T> {
    const res = await fetch(`${web.api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${as}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  const today = () => todayInShop(TZ);
  const dayEntries = () => api<Entry[]>('GET', `/transactions/day?date=${today()}`);

  /** A signed-in browser with the cash unlocked by the manager (on this web, or another one). */
  async function unlocked(on: { app: TestWeb['app'] } = web): Promise<Agent> {
    const agent = await signIn(on);
    const res = await unlockCash(agent);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/caixa-hoje');
    return agent;
  }

  /** A second web on the same api through a relay that notes the path of every call it makes. */
  async function webCountingCalls() {
    const to = new URL(web.api.url);
    const paths: string[] = [];
    const relay = await listenRelay((req, res) => {
      paths.push(req.url ?? '/');
      forwardTo(to, req, res);
    });
    const counted = await startTestWeb({ api: web.api, apiUrl: relay.url });
    return {
      web: counted,
      paths,
      async stop() {
        await counted.stop();
        await relay.stop();
      },
    };
  }

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    employee = await createEmployee(web.api, 'caixa.func', 'senha-da-func');
    clientId = (await api<{ id: number }>('POST', '/clients', { name: 'Cliente do Caixa' })).id;
  });
  afterAll(async () => {
    await web?.stop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('the manager unlock', () => {
    it('both screens are locked for a signed-in user: "Acesso não autorizado" and the "Acessar Caixa" dialog open', async () => {
      for (const who of [employee, MANAGER]) {
        const agent = await signIn(web, who.username, who.password);
        for (const path of ['/caixa-hoje', '/caixa-periodo']) {
          const page = await agent.get(path);
          expect(page.status).toBe(200);
          expect(isLocked(page.text)).toBe(true);
          expect(dialogOpen(page.text, 'acessar-caixa')).toBe(true);
          expect(page.text).toContain('<h2 id="acessar-caixa-title">Acessar Caixa</h2>');
          expect(page.text).toContain(`<input type="hidden" name="voltar" value="${path}"/>`);
          // Nothing of the cash leaks out.
          expect(page.text).not.toContain('<table class="cash">');
          expect(page.text).not.toContain('Criar Lançamento');
        }
        // The printouts and the entry forms are locked too.
        const print = await agent.get('/caixa-hoje/imprimir');
        expect(print.status).toBe(303);
        expect(print.headers.location).toBe('/caixa-hoje');
        const forged = await postForm(
          agent,
          '/caixa-hoje/lancamentos',
          { type: '103', description: 'x', value: '1,00', payment_method: 'Pix' },
          '/caixa-hoje',
        );
        // Locked: nothing booked; the typing waits for an unlock (which an employee can't give).
        expect(forged.status).toBe(303);
        expect(forged.headers.location).toMatch(/^\/caixa-hoje\?rascunho=[\w-]{22}$/);
        const locked = await agent.get(forged.headers.location ?? '');
        expect(isLocked(locked.text)).toBe(true);
        expect(locked.text).not.toContain('Criar Lançamento');
      }
      expect((await dayEntries()).filter((e) => e.description === 'x')).toEqual([]);
    });

    it('with the api out of reach, Acessar Caixa says so on the dialog, not a silent lock page', async () => {
      const to = new URL(web.api.url);
      let down = false;
      const relay = await listenRelay((req, res) => {
        if (down) res.destroy();
        else forwardTo(to, req, res);
      });
      const cut = await startTestWeb({ api: web.api, apiUrl: relay.url });
      try {
        const agent = await signIn(cut);
        down = true;
        const res = await unlockCash(agent);
        expect(res.status).toBe(503);
        expect(isLocked(res.text)).toBe(true);
        expect(dialogOpen(res.text, 'acessar-caixa')).toBe(true);
        expect(toastsOf(res.text)).toEqual([
          'Não foi possível falar com o servidor da Bancada. Tente de novo em instantes; se continuar, avise quem cuida do sistema.',
        ]);
      } finally {
        await cut.stop();
        await relay.stop();
      }
    });

    it('asks for the user and the password (SPEC §5), each under its field, the dialog staying open', async () => {
      const agent = await signIn(web);
      const res = await postForm(
        agent,
        '/caixa/acessar',
        { username: '  ', password: '', voltar: '/caixa-periodo' },
        '/caixa-periodo',
      );
      expect(res.status).toBe(400);
      expect(fieldErrorOf(res.text, 'cx-username')).toBe(TEXT.userRequired);
      expect(fieldErrorOf(res.text, 'cx-password')).toBe(TEXT.passwordRequired);
      expect(dialogOpen(res.text, 'acessar-caixa')).toBe(true);
      expect(isLocked(res.text)).toBe(true);
      expect(h1(res.text)).toBe('Caixa por período');
      expect(toastsOf(res.text)).toEqual([]);
    });

    it('a wrong password: the §8 manager-login text, the dialog open with the user kept, still locked', async () => {
      const agent = await signIn(web);
      const res = await postForm(
        agent,
        '/caixa/acessar',
        { username: MANAGER.username, password: 'senha-errada', voltar: '/caixa-hoje' },
        '/caixa-hoje',
      );
      expect(res.status).toBe(401);
      expect(toastsOf(res.text)).toEqual([TEXT.unlockFailed]);
      expect(dialogOpen(res.text, 'acessar-caixa')).toBe(true);
      expect(inputValue(res.text, 'cx-username')).toBe(MANAGER.username);
      expect(res.text).not.toMatch(/id="cx-password"[^>]*value="/);
      expect(isLocked((await agent.get('/caixa-hoje')).text)).toBe(true);
    });

    it('too many wrong passwords: the manager-login text and how long to wait, still locked', async () => {
      const agent = await signIn(web);
      const attempt = () =>
        postForm(
          agent,
          '/caixa/acessar',
          { username: 'gerente-de-outra-loja', password: 'senha-errada', voltar: '/caixa-hoje' },
          '/caixa-hoje',
        );
      for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
      const res = await attempt();
      expect(res.status).toBe(429);
      expect(toastsOf(res.text)).toEqual([
        TEXT.unlockFailed,
        'Muitas tentativas. Aguarde 5 minutos e tente de novo.',
      ]);
      expect(dialogOpen(res.text, 'acessar-caixa')).toBe(true);
      expect(isLocked((await agent.get('/caixa-hoje')).text)).toBe(true);
    });

    it("an employee's right credentials leave it locked, the dialog closed and no message (SPEC §5)", async () => {
      const agent = await signIn(web, employee.username, employee.password);
      const res = await postForm(
        agent,
        '/caixa/acessar',
        { username: employee.username, password: employee.password, voltar: '/caixa-hoje' },
        '/caixa-hoje',
      );
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/caixa-hoje?acesso=negado');
      const page = await agent.get(res.headers.location ?? '');
      expect(page.status).toBe(200);
      expect(isLocked(page.text)).toBe(true);
      expect(dialogOpen(page.text, 'acessar-caixa')).toBe(false);
      expect(toastsOf(page.text)).toEqual([]);
      expect(page.text).not.toContain('class="field-error"');
      // Still locked on the next visit, where the dialog offers itself again.
      const again = await agent.get('/caixa-hoje');
      expect(isLocked(again.text)).toBe(true);
      expect(dialogOpen(again.text, 'acessar-caixa')).toBe(true);
    });

    it('a manager unlocks both screens of this browser (even signed in as an employee), until Fechar caixa', async () => {
      const agent = await signIn(web, employee.username, employee.password);
      const res = await postForm(
        agent,
        '/caixa/acessar',
        { username: MANAGER.username, password: MANAGER.password, voltar: '/caixa-periodo' },
        '/caixa-periodo',
      );
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/caixa-periodo');
      const period = await agent.get('/caixa-periodo');
      expect(isLocked(period.text)).toBe(false);
      expect(h1(period.text)).toBe('Caixa por período');
      const day = await agent.get('/caixa-hoje');
      expect(isLocked(day.text)).toBe(false);
      expect(h1(day.text)).toBe(`Caixa do dia ${formatDisplayDate(today())}`);
      // Another browser is not unlocked by this one.
      expect(isLocked((await (await signIn(web)).get('/caixa-hoje')).text)).toBe(true);
      // Fechar caixa locks it again.
      const close = await postForm(agent, '/caixa/sair', {}, '/caixa-hoje');
      expect(close.status).toBe(303);
      expect(isLocked((await agent.get('/caixa-hoje')).text)).toBe(true);
    });

    it('the unlock lasts 10 minutes: 11 minutes later both screens are locked again', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date());
      const agent = await unlocked();
      expect(isLocked((await agent.get('/caixa-hoje')).text)).toBe(false);
      vi.setSystemTime(Date.now() + 9 * 60_000);
      expect(isLocked((await agent.get('/caixa-periodo')).text)).toBe(false);
      vi.setSystemTime(Date.now() + 2 * 60_000);
      const day = await agent.get('/caixa-hoje');
      expect(isLocked(day.text)).toBe(true);
      expect(dialogOpen(day.text, 'acessar-caixa')).toBe(true);
      expect(isLocked((await agent.get('/caixa-periodo')).text)).toBe(true);
      expect((await agent.get('/caixa-hoje/imprimir')).status).toBe(303);
    });

    it('the unlock runs out with a dialog open: nothing booked, the typing back after the next unlock, then saved once', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date());
      const agent = await unlocked();
      const from = '/caixa-hoje?dialogo=criar-lancamento';
      const typed = {
        type: '103',
        description: 'Digitado antes de expirar',
        value: '12,34',
        payment_method: 'Pix',
      };
      vi.setSystemTime(Date.now() + 11 * 60_000);
      const sent = await postForm(agent, '/caixa-hoje/lancamentos', typed, from);
      expect(sent.status).toBe(303);
      expect(sent.headers.location).toMatch(/^\/caixa-hoje\?rascunho=[\w-]{22}$/);
      const lock = await agent.get(sent.headers.location ?? '');
      expect(isLocked(lock.text)).toBe(true);
      const draft = /<input type="hidden" name="rascunho" value="([\w-]{22})"\/>/.exec(lock.text)?.[1];
      expect(draft).toBeDefined();
      expect((await dayEntries()).filter((e) => e.description === typed.description)).toEqual([]);
      const again = await postForm(
        agent,
        '/caixa/acessar',
        {
          username: MANAGER.username,
          password: MANAGER.password,
          voltar: '/caixa-hoje',
          rascunho: draft ?? '',
        },
        sent.headers.location ?? '',
      );
      expect(again.headers.location).toBe(`/caixa-hoje?rascunho=${draft}`);
      const back = await agent.get(again.headers.location ?? '');
      expect(dialogOpen(back.text, 'criar-lancamento')).toBe(true);
      expect(toastsOf(back.text)).toEqual([TEXT.lockedBeforeSave]);
      expect(inputValue(back.text, 'criar-lancamento-description')).toBe(typed.description);
      expect(inputValue(back.text, 'criar-lancamento-value')).toBe('12,34');
      const saved = await postForm(agent, '/caixa-hoje/lancamentos', typed, again.headers.location ?? '');
      expect(saved.headers.location).toBe('/caixa-hoje');
      const booked = (await dayEntries()).filter((e) => e.description === typed.description);
      expect(booked).toHaveLength(1);
      // The day's other tests sum the day: this entry goes again.
      await api('DELETE', `/transactions/${booked[0]?.id}`, {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
    });

    it("the title carries today's date in the shop's time zone, not the server's (UTC) one", async () => {
      // 01:30 UTC is still the evening before in São Paulo.
      const now = new Date();
      const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 1, 30));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at);
      const shopDay = formatDisplayDate(todayInShop(TZ, at));
      const utcDay = formatDisplayDate(at.toISOString().slice(0, 10));
      expect(shopDay).not.toBe(utcDay);
      const agent = await unlocked();
      const page = await agent.get('/caixa-hoje');
      expect(h1(page.text)).toBe(`Caixa do dia ${shopDay}`);
    });
  });

  describe('Caixa do dia', () => {
    /** Every entry kind of the day, each written the way the product writes it. */
    async function everyType() {
      const normal = (name: string) =>
        api<{ id: number; number: string }>('POST', '/service-orders/normal', {
          client_id: clientId,
          product_name: name,
          product_brand: 'Marca X',
        });
      const upfrontSO = (id: number, value: number) =>
        api('POST', '/transactions/upfront-payment/service-order', {
          service_order_id: id,
          value,
          description: 'Sinal',
          date: today(),
          payment_method: 'Pix',
        });
      // 101 (50) then 102 (300 less the 50 paid = 250)
      const closed = await normal('Notebook');
      await upfrontSO(closed.id, 50);
      await api('PUT', `/service-orders/normal/${closed.id}`, {
        status: 104,
        product_name: 'Notebook',
        product_brand: 'Marca X',
        fix_value_final: 300,
        fix_payment_method: 'Dinheiro',
      });
      await api('POST', '/transactions/close/service-order', {
        service_order_id: closed.id,
        date: today(),
        description: '',
      });
      // 101 (20) then 301 (carries the 20 paid, does not count)
      const cancelled = await normal('Celular');
      await upfrontSO(cancelled.id, 20);
      await api('POST', '/transactions/cancel/service-order', {
        service_order_id: cancelled.id,
        cancel_motive: 'Desistiu',
        date: today(),
      });
      // Parts orders: 101 (10) then 104 (80 less 10 = 70); 101 (5) then 302 (does not count)
      const order = (piece: string) =>
        api<{ id: number; number: string }>('POST', '/orders', {
          client_id: clientId,
          piece_name: piece,
          piece_value: 80,
        });
      const upfrontOrder = (id: number, value: number) =>
        api('POST', '/transactions/upfront-payment/order', {
          order_id: id,
          value,
          description: 'Sinal do pedido',
          date: today(),
          payment_method: 'Pix',
        });
      const sold = await order('Tela');
      await upfrontOrder(sold.id, 10);
      await api('PUT', `/orders/${sold.id}`, {
        status: 100,
        piece_name: 'Tela',
        piece_value: 80,
        payment_method: 'Cartão de crédito',
      });
      await api('POST', '/transactions/close/order', { order_id: sold.id, date: today(), description: '' });
      const dropped = await order('Bateria');
      await upfrontOrder(dropped.id, 5);
      await api('POST', '/transactions/cancel/order', {
        order_id: dropped.id,
        cancel_motive: 'Sem estoque',
        date: today(),
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
      // Manual entries: 103 and 201
      await api('POST', '/transactions', {
        type: 103,
        value: 100.1,
        description: 'Venda de cabo',
        payment_method: 'Dinheiro',
        date: today(),
      });
      await api('POST', '/transactions', {
        type: 201,
        value: 30.05,
        description: 'Compra de solda',
        payment_method: 'Dinheiro',
        date: today(),
      });
      return { closed, sold };
    }

    let agent: Agent;

    beforeAll(async () => {
      await everyType();
      agent = await unlocked();
    });

    it('the total is 101+102+103+104 − 201, cancellations left out (SPEC §9), shown as "Total: R$ …"', async () => {
      const entries = await dayEntries();
      expect(new Set(entries.map((e) => e.type))).toEqual(new Set([101, 102, 103, 104, 201, 301, 302]));
      // 50 + 20 + 10 + 5 (101) + 250 (102) + 100,10 (103) + 70 (104) − 30,05 (201) = 475,05
      const cents = (e: Entry) => Math.round(e.value * 100);
      const sum = (types: number[]) =>
        entries.filter((e) => types.includes(e.type)).reduce((s, e) => s + cents(e), 0);
      expect(sum([101, 102, 103, 104]) - sum([201])).toBe(47505);
      expect(sum([301, 302])).toBe(2500);

      const page = await agent.get('/caixa-hoje');
      expect(page.status).toBe(200);
      expect(h1(page.text)).toBe(`Caixa do dia ${formatDisplayDate(today())}`);
      expect(totalOf(page.text)).toEqual({ cls: 'flow-in', text: 'R$ 475,05' });
      expect(textOf(page.text)).toContain('Total: R$ 475,05');
      expect(rowsOf(page.text)).toHaveLength(entries.length);
    });

    it('lists 9 columns in a scrolling box; 201 red with a minus, inflows green, cancellations neutral', async () => {
      const html = (await agent.get('/caixa-hoje')).text;
      expect(html).toContain('<div class="cash-scroll"><table class="cash">');
      const head = [
        ...(/<thead>([\s\S]*?)<\/thead>/.exec(html)?.[1] ?? '').matchAll(/<th[^>]*>([^<]*)<\/th>/g),
      ]
        .map((m) => decodeEntities(m[1] ?? ''))
        .filter((h) => h !== 'Ações');
      expect(head).toEqual([
        'Data',
        'Tipo',
        'Descrição',
        'Valor',
        'Forma de pagamento',
        'O.S./Pedido',
        'Produto',
        'Marca',
        'Cliente',
      ]);
      const rows = rowsOf(html);
      const byType = (label: string) => rows.filter((r) => r.cells[1] === label);
      const purchase = byType('COMPRA')[0];
      expect(purchase?.valueClass).toBe('flow-out');
      expect(purchase?.value).toBe('-R$ 30,05');
      for (const label of ['PAGAMENTO ADIANTADO', 'O.S. FINALIZADA', 'VENDA', 'PEDIDO FINALIZADO']) {
        expect(byType(label).length, label).toBeGreaterThan(0);
        for (const r of byType(label)) {
          expect(r.valueClass, label).toBe('flow-in');
          expect(r.value, label).toMatch(/^R\$ \d/);
        }
      }
      for (const label of ['O.S. CANCELADA', 'PEDIDO CANCELADO']) {
        expect(byType(label)).toHaveLength(1);
        expect(byType(label)[0]?.valueClass, label).toBe('flow-cancelled');
      }
      // A service order's entry names its order, product, brand and client.
      const closed = byType('O.S. FINALIZADA')[0];
      expect(closed?.cells[0]).toBe(formatDisplayDate(today()));
      expect(closed?.cells[3]).toBe('R$ 250,00');
      expect(closed?.cells[4]).toBe('Dinheiro');
      expect(closed?.cells[5]).toMatch(/^[MF]\d{5}$/);
      expect(closed?.cells.slice(6, 9)).toEqual(['Notebook', 'Marca X', 'Cliente do Caixa']);
      expect(byType('PEDIDO FINALIZADO')[0]?.cells[3]).toBe('R$ 70,00');
    });

    it('offers the edit link only on sales and purchases (103/201), the delete link on every entry', async () => {
      const html = (await agent.get('/caixa-hoje')).text;
      const entries = await dayEntries();
      for (const e of entries) {
        const editable = e.type === 103 || e.type === 201;
        expect(html.includes(`href="/caixa-hoje?editar=${e.id}"`), `edit of ${e.type}`).toBe(editable);
        expect(html, `delete of ${e.type}`).toContain(`href="/caixa-hoje?deletar=${e.id}"`);
      }
      // Asking to edit a non-manual entry opens nothing.
      const upfront = entries.find((e) => e.type === 101);
      const page = await agent.get(`/caixa-hoje?editar=${upfront?.id}`);
      expect(page.text).not.toContain('id="editar-lancamento"');
    });

    it('has Imprimir (a new tab), and Criar Lançamento as a link that opens its dialog without JavaScript', async () => {
      const html = (await agent.get('/caixa-hoje')).text;
      expect(html).toMatch(
        /<a class="button" href="\/caixa-hoje\/imprimir" target="_blank"[^>]*>Imprimir<\/a>/,
      );
      expect(html).toContain('href="/caixa-hoje?dialogo=criar-lancamento"');
      expect(dialogOpen(html, 'criar-lancamento')).toBe(false);
      const open = (await agent.get('/caixa-hoje?dialogo=criar-lancamento')).text;
      expect(dialogOpen(open, 'criar-lancamento')).toBe(true);
      const options = [
        ...(
          /<select[^>]*id="criar-lancamento-type"[^>]*>([\s\S]*?)<\/select>/.exec(open)?.[1] ?? ''
        ).matchAll(/<option value="(\d+)">([^<]*)<\/option>/g),
      ].map((m) => [m[1], m[2]]);
      expect(options).toEqual([
        ['103', 'Entrada'],
        ['201', 'Saida'],
      ]);
    });

    it('Criar Lançamento asks for type, description, value and payment method (SPEC §5), all at once', async () => {
      const res = await refusedPage(
        agent,
        await postForm(
          agent,
          '/caixa-hoje/lancamentos',
          { type: '', description: ' ', value: '', payment_method: '' },
          '/caixa-hoje',
        ),
        '/caixa-hoje',
      );
      expect(dialogOpen(res.text, 'criar-lancamento')).toBe(true);
      expect(fieldErrorOf(res.text, 'criar-lancamento-type')).toBe(TEXT.typeRequired);
      expect(fieldErrorOf(res.text, 'criar-lancamento-description')).toBe(TEXT.descriptionRequired);
      expect(fieldErrorOf(res.text, 'criar-lancamento-value')).toBe(TEXT.valueRequired);
      expect(fieldErrorOf(res.text, 'criar-lancamento-payment_method')).toBe(TEXT.valueRequired);
      expect(toastsOf(res.text)).toEqual([]);
      // What was typed stays.
      const partial = await refusedPage(
        agent,
        await postForm(
          agent,
          '/caixa-hoje/lancamentos',
          { type: '201', description: 'Parafusos', value: 'abc', payment_method: 'Pix' },
          '/caixa-hoje',
        ),
        '/caixa-hoje',
      );
      expect(selectedOf(partial.text, 'criar-lancamento-type')).toBe('201');
      expect(inputValue(partial.text, 'criar-lancamento-description')).toBe('Parafusos');
      expect(fieldErrorOf(partial.text, 'criar-lancamento-value')).toBeTruthy();
    });

    it('creates an Entrada and a Saida with today’s date; the total follows', async () => {
      const before = (await dayEntries()).length;
      const entrada = await postForm(
        agent,
        '/caixa-hoje/lancamentos',
        { type: '103', description: 'Venda de película', value: '1.234,56', payment_method: 'Pix' },
        '/caixa-hoje',
      );
      expect(entrada.status).toBe(303);
      expect(entrada.headers.location).toBe('/caixa-hoje');
      const page = await agent.get('/caixa-hoje');
      expect(toastsOf(page.text)).toEqual(['Lançamento criado com sucesso!']);
      expect(rowOf(page.text, 'Venda de película')?.value).toBe('R$ 1.234,56');
      expect(totalOf(page.text)?.text).toBe('R$ 1.709,61');

      const saida = await postForm(
        agent,
        '/caixa-hoje/lancamentos',
        { type: '201', description: 'Compra de fita', value: '9,61', payment_method: 'Dinheiro' },
        '/caixa-hoje',
      );
      expect(saida.status).toBe(303);
      const after = await agent.get('/caixa-hoje');
      const row = rowOf(after.text, 'Compra de fita');
      expect(row?.value).toBe('-R$ 9,61');
      expect(row?.cells[0]).toBe(formatDisplayDate(today()));
      expect(totalOf(after.text)?.text).toBe('R$ 1.700,00');
      const entries = await dayEntries();
      expect(entries).toHaveLength(before + 2);
      expect(entries.find((e) => e.description === 'Compra de fita')).toMatchObject({
        type: 201,
        value: 9.61,
        date: today(),
      });
    });

    it('an entry the api refuses: the §8 create failure text, the dialog open with what was typed', async () => {
      // A real refusal: the database will not take this description.
      await sql`ALTER TABLE transactions ADD CONSTRAINT web_test_refuse CHECK (description <> 'Recusada') NOT VALID`.execute(
        web.api.deps.db,
      );
      try {
        const res = await refusedPage(
          agent,
          await postForm(
            agent,
            '/caixa-hoje/lancamentos',
            { type: '103', description: 'Recusada', value: '10,00', payment_method: 'Pix' },
            '/caixa-hoje',
          ),
          '/caixa-hoje',
        );
        expect(toastsOf(res.text)).toEqual([TEXT.createFailed]);
        expect(dialogOpen(res.text, 'criar-lancamento')).toBe(true);
        expect(inputValue(res.text, 'criar-lancamento-description')).toBe('Recusada');
        expect(inputValue(res.text, 'criar-lancamento-value')).toBe('10,00');
        expect(isLocked(res.text)).toBe(false);
      } finally {
        await sql`ALTER TABLE transactions DROP CONSTRAINT web_test_refuse`.execute(web.api.deps.db);
      }
    });

    it('Criar Lançamento takes only a payment method of the list: a forged "Bitcoin" is refused under its field', async () => {
      const before = (await dayEntries()).length;
      const res = await refusedPage(
        agent,
        await postForm(
          agent,
          '/caixa-hoje/lancamentos',
          { type: '103', description: 'Venda em cripto', value: '10,00', payment_method: 'Bitcoin' },
          '/caixa-hoje',
        ),
        '/caixa-hoje',
      );
      expect(dialogOpen(res.text, 'criar-lancamento')).toBe(true);
      expect(fieldErrorOf(res.text, 'criar-lancamento-payment_method')).toBe(TEXT.methodOffList);
      expect(inputValue(res.text, 'criar-lancamento-description')).toBe('Venda em cripto');
      expect((await dayEntries()).length).toBe(before);
      expect(textOf((await agent.get('/caixa-hoje')).text)).not.toContain('Bitcoin');
    });

    it("an entry with an older backend's free-text method can still be edited keeping it, but not changed to another", async () => {
      const [row] = await sql<{
        id: number;
      }>`INSERT INTO transactions (type, value_cents, description, date, payment_method)
        VALUES (103, 1000, 'Venda antiga', ${today()}::date, 'Fiado') RETURNING id`
        .execute(web.api.deps.db)
        .then((r) => r.rows);
      const id = row?.id ?? 0;
      try {
        const from = `/caixa-hoje?editar=${id}`;
        const form = (await agent.get(from)).text;
        expect(selectedOf(form, 'editar-lancamento-payment_method')).toBe('Fiado');
        const edit = (payment_method: string, description: string) =>
          postForm(
            agent,
            `/caixa-hoje/lancamentos/${id}`,
            {
              type: '103',
              description,
              value: '10,00',
              payment_method,
              confirm_username: MANAGER.username,
              confirm_password: MANAGER.password,
            },
            from,
          );
        const forged = await refusedPage(agent, await edit('Bitcoin', 'Venda antiga'), '/caixa-hoje');
        expect(fieldErrorOf(forged.text, 'editar-lancamento-payment_method')).toBe(TEXT.methodOffList);
        const saved = await edit('Fiado', 'Venda antiga, editada');
        expect(saved.status).toBe(303);
        expect(saved.headers.location).toBe('/caixa-hoje');
        expect((await dayEntries()).find((e) => e.id === id)).toMatchObject({
          description: 'Venda antiga, editada',
          payment_method: 'Fiado',
        });
      } finally {
        await sql`DELETE FROM transactions WHERE id = ${id}`.execute(web.api.deps.db);
      }
    });

    it('edits an entry with a manager’s login; an employee’s is refused with "Digite uma credencial de gerente válida"', async () => {
      const entry = (await dayEntries()).find((e) => e.description === 'Venda de cabo');
      if (!entry) throw new Error('no sale');
      const form = (await agent.get(`/caixa-hoje?editar=${entry.id}`)).text;
      expect(dialogOpen(form, 'editar-lancamento')).toBe(true);
      expect(form).toContain(`action="/caixa-hoje/lancamentos/${entry.id}"`);
      expect(selectedOf(form, 'editar-lancamento-type')).toBe('103');
      expect(inputValue(form, 'editar-lancamento-description')).toBe('Venda de cabo');
      expect(inputValue(form, 'editar-lancamento-value')).toBe('100,10');
      expect(selectedOf(form, 'editar-lancamento-payment_method')).toBe('Dinheiro');
      expect(form).toContain('Confirme login do gerente');

      const fields = {
        type: '103',
        description: 'Venda de cabo USB',
        value: '120,00',
        payment_method: 'Pix',
      };
      const path = `/caixa-hoje/lancamentos/${entry.id}`;
      const from = `/caixa-hoje?editar=${entry.id}`;

      const missing = await refusedPage(
        agent,
        await postForm(agent, path, { ...fields, confirm_username: '', confirm_password: '' }, from),
        '/caixa-hoje',
      );
      expect(fieldErrorOf(missing.text, 'editar-lancamento-confirm_username')).toBe(TEXT.userRequired);
      expect(fieldErrorOf(missing.text, 'editar-lancamento-confirm_password')).toBe(TEXT.passwordRequired);

      const empty = await refusedPage(
        agent,
        await postForm(
          agent,
          path,
          {
            type: '',
            description: '',
            value: '',
            payment_method: '',
            confirm_username: 'x',
            confirm_password: 'y',
          },
          from,
        ),
        '/caixa-hoje',
      );
      expect(fieldErrorOf(empty.text, 'editar-lancamento-type')).toBe(TEXT.typeRequired);
      expect(fieldErrorOf(empty.text, 'editar-lancamento-description')).toBe(TEXT.descriptionRequired);
      expect(fieldErrorOf(empty.text, 'editar-lancamento-value')).toBe(TEXT.valueRequired);
      expect(fieldErrorOf(empty.text, 'editar-lancamento-payment_method')).toBe(TEXT.valueRequired);

      const byEmployee = await refusedPage(
        agent,
        await postForm(
          agent,
          path,
          { ...fields, confirm_username: employee.username, confirm_password: employee.password },
          from,
        ),
        '/caixa-hoje',
      );
      expect(toastsOf(byEmployee.text)).toEqual([TEXT.notManager]);
      expect(dialogOpen(byEmployee.text, 'editar-lancamento')).toBe(true);
      expect(inputValue(byEmployee.text, 'editar-lancamento-description')).toBe('Venda de cabo USB');
      expect((await dayEntries()).find((e) => e.id === entry.id)?.description).toBe('Venda de cabo');

      // A manager's name with a wrong password: SPEC §8's manager login failure, the typing kept.
      const wrongPassword = await refusedPage(
        agent,
        await postForm(
          agent,
          path,
          { ...fields, confirm_username: MANAGER.username, confirm_password: 'senha-errada-123' },
          from,
        ),
        '/caixa-hoje',
      );
      expect(toastsOf(wrongPassword.text)).toEqual([TEXT.unlockFailed]);
      expect(fieldErrorOf(wrongPassword.text, 'editar-lancamento-confirm_username')).toBeUndefined();
      expect(inputValue(wrongPassword.text, 'editar-lancamento-description')).toBe('Venda de cabo USB');
      expect((await dayEntries()).find((e) => e.id === entry.id)?.description).toBe('Venda de cabo');

      const byManager = await postForm(
        agent,
        path,
        { ...fields, type: '201', confirm_username: MANAGER.username, confirm_password: MANAGER.password },
        from,
      );
      expect(byManager.status).toBe(303);
      expect(byManager.headers.location).toBe('/caixa-hoje');
      const page = await agent.get('/caixa-hoje');
      expect(toastsOf(page.text)).toEqual(['Lançamento editado com sucesso!']);
      const row = rowOf(page.text, 'Venda de cabo USB');
      expect(row?.cells[1]).toBe('COMPRA');
      expect(row?.value).toBe('-R$ 120,00');
      expect(row?.valueClass).toBe('flow-out');
      // 1.700,00 − 100,10 − 120,00
      expect(totalOf(page.text)?.text).toBe('R$ 1.479,90');
    });

    it('two managers edit one entry: the later save is refused, both shown; saving over takes it', async () => {
      const created = await api<{ id: number }>('POST', '/transactions', {
        type: 103,
        value: 10,
        description: 'Película disputada',
        payment_method: 'Pix',
        date: today(),
      });
      const hidden = (html: string) =>
        Object.fromEntries(
          [
            ...(/<dialog\b[^>]*id="editar-lancamento"[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? '').matchAll(
              /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
            ),
          ].map((m) => [m[1], decodeEntities(m[2] ?? '')]),
        );
      const loaded = hidden((await agent.get(`/caixa-hoje?editar=${created.id}`)).text);
      expect(loaded._version).toBe('1');
      expect(loaded._loaded).toBeTruthy();
      // Another manager saves first.
      await api('PUT', `/transactions/${created.id}`, {
        type: 103,
        value: 25,
        description: 'Película 3D',
        payment_method: 'Pix',
      });
      const typed = {
        type: '103',
        description: 'Película fosca',
        value: '12,00',
        payment_method: 'Dinheiro',
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      };
      const path = `/caixa-hoje/lancamentos/${created.id}`;
      const posted = await agent
        .post(path)
        .type('form')
        .send({ ...loaded, ...typed });
      const page = await refusedPage(agent, posted, '/caixa-hoje');
      const dialog = /<dialog\b[^>]*id="editar-lancamento"[\s\S]*?<\/dialog>/.exec(page.text)?.[0] ?? '';
      expect(dialogOpen(page.text, 'editar-lancamento')).toBe(true);
      expect(decodeEntities(dialog)).toContain('Outra pessoa alterou este lançamento enquanto você editava.');
      expect(dialog).toMatch(
        /<th scope="row">Descrição<\/th><td class="pre-line">Película 3D<\/td><td class="pre-line">Película fosca<\/td>/,
      );
      expect(dialog).toMatch(
        /<th scope="row">Valor<\/th><td class="pre-line">25,00<\/td><td class="pre-line">12,00<\/td>/,
      );
      expect(dialog).toMatch(
        /<th scope="row">Forma de pagamento<\/th><td class="pre-line">Pix<\/td><td class="pre-line">Dinheiro<\/td>/,
      );
      expect(dialog).toContain(`href="/caixa-hoje?editar=${created.id}">Descartar o meu</a>`);
      expect(dialog).toContain('>Salvar por cima</button>');
      // The password is never kept: it is typed again to save over.
      expect(page.text).not.toContain(MANAGER.password);
      const now = (await dayEntries()).find((e) => e.id === created.id);
      expect(now).toMatchObject({ description: 'Película 3D', value: 25 });

      const again = hidden(page.text);
      expect(again._version).toBe('2');
      const over = await agent
        .post(path)
        .type('form')
        .send({ ...again, ...typed });
      expect(over.status).toBe(303);
      expect(over.headers.location).toBe('/caixa-hoje');
      expect((await dayEntries()).find((e) => e.id === created.id)).toMatchObject({
        description: 'Película fosca',
        value: 12,
        payment_method: 'Dinheiro',
      });
      expect(toastsOf((await agent.get('/caixa-hoje')).text)).toEqual(['Lançamento editado com sucesso!']);
      // The same save sent again (Back, a double click): saved already, not someone else's change.
      const resent = await agent
        .post(path)
        .type('form')
        .send({ ...again, ...typed });
      expect(resent.headers.location).toBe('/caixa-hoje');
      expect(toastsOf((await agent.get('/caixa-hoje')).text)).toEqual([
        'O que você digitou já está salvo: nada foi alterado.',
      ]);
      // The day's total the next tests read stays as it was.
      await api('DELETE', `/transactions/${created.id}`, {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
    });

    it('a save that finds another manager’s, when this one changed nothing: the entry as saved, no comparison', async () => {
      const created = await api<{ id: number }>('POST', '/transactions', {
        type: 103,
        value: 10,
        description: 'Capinha',
        payment_method: 'Pix',
        date: today(),
      });
      const dialogOf = (html: string) =>
        /<dialog\b[^>]*id="editar-lancamento"[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? '';
      const form = dialogOf((await agent.get(`/caixa-hoje?editar=${created.id}`)).text);
      const hidden = Object.fromEntries(
        [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
          m[1],
          decodeEntities(m[2] ?? ''),
        ]),
      );
      await api('PUT', `/transactions/${created.id}`, {
        type: 103,
        value: 15,
        description: 'Capinha azul',
        payment_method: 'Pix',
      });
      // Saved as loaded: this person only confirmed.
      const posted = await agent
        .post(`/caixa-hoje/lancamentos/${created.id}`)
        .type('form')
        .send({
          ...hidden,
          type: '103',
          description: 'Capinha',
          value: '10,00',
          payment_method: 'Pix',
          confirm_username: MANAGER.username,
          confirm_password: MANAGER.password,
        });
      const page = await refusedPage(agent, posted, '/caixa-hoje');
      const dialog = dialogOf(page.text);
      expect(dialogOpen(page.text, 'editar-lancamento')).toBe(true);
      expect(dialog).not.toContain('Salvar por cima');
      expect(decodeEntities(dialog)).toContain('value="Capinha azul"');
      expect(toastsOf(page.text)).toEqual([
        'Outra pessoa salvou enquanto você editava, e você não tinha mudado nada: abrimos como está salvo agora.',
      ]);
      expect((await dayEntries()).find((e) => e.id === created.id)).toMatchObject({ value: 15 });
      await api('DELETE', `/transactions/${created.id}`, {
        confirm_username: MANAGER.username,
        confirm_password: MANAGER.password,
      });
    });

    it('an edit the api refuses (an order’s entry, not a sale or purchase): the §8 edit failure text', async () => {
      const upfront = (await dayEntries()).find((e) => e.type === 101);
      const posted = await postForm(
        agent,
        `/caixa-hoje/lancamentos/${upfront?.id}`,
        {
          type: '103',
          description: 'Forjado',
          value: '1,00',
          payment_method: 'Pix',
          confirm_username: MANAGER.username,
          confirm_password: MANAGER.password,
        },
        '/caixa-hoje',
      );
      const res = await refusedPage(agent, posted, '/caixa-hoje');
      expect(toastsOf(res.text)).toEqual([TEXT.editFailed]);
      expect((await dayEntries()).find((e) => e.id === upfront?.id)?.type).toBe(101);
    });

    it('deletes an entry with a manager’s login; an employee’s is refused; a repeated delete says it was done already', async () => {
      const entry = (await dayEntries()).find((e) => e.description === 'Compra de fita');
      if (!entry) throw new Error('no purchase');
      const form = (await agent.get(`/caixa-hoje?deletar=${entry.id}`)).text;
      expect(dialogOpen(form, 'deletar-lancamento')).toBe(true);
      expect(form).toContain('Excluir Lançamento: Compra de fita');
      expect(form).toContain('Confirme login do gerente');
      const path = `/caixa-hoje/lancamentos/${entry.id}/deletar`;
      const from = `/caixa-hoje?deletar=${entry.id}`;

      const missing = await refusedPage(
        agent,
        await postForm(agent, path, { confirm_username: '', confirm_password: '' }, from),
        '/caixa-hoje',
      );
      expect(fieldErrorOf(missing.text, 'deletar-lancamento-confirm_username')).toBe(TEXT.userRequired);
      expect(fieldErrorOf(missing.text, 'deletar-lancamento-confirm_password')).toBe(TEXT.passwordRequired);

      const byEmployee = await refusedPage(
        agent,
        await postForm(
          agent,
          path,
          { confirm_username: employee.username, confirm_password: employee.password },
          from,
        ),
        '/caixa-hoje',
      );
      expect(toastsOf(byEmployee.text)).toEqual([TEXT.notManager]);
      expect(dialogOpen(byEmployee.text, 'deletar-lancamento')).toBe(true);

      const wrongPassword = await refusedPage(
        agent,
        await postForm(
          agent,
          path,
          { confirm_username: MANAGER.username, confirm_password: 'senha-errada-123' },
          from,
        ),
        '/caixa-hoje',
      );
      expect(toastsOf(wrongPassword.text)).toEqual([TEXT.unlockFailed]);
      expect(dialogOpen(wrongPassword.text, 'deletar-lancamento')).toBe(true);

      const byManager = await postForm(
        agent,
        path,
        { confirm_username: MANAGER.username, confirm_password: MANAGER.password },
        from,
      );
      expect(byManager.status).toBe(303);
      const page = await agent.get('/caixa-hoje');
      expect(toastsOf(page.text)).toEqual(['Lançamento excluído com sucesso!']);
      expect(rowOf(page.text, 'Compra de fita')).toBeUndefined();
      // 1.479,90 + 9,61
      expect(totalOf(page.text)?.text).toBe('R$ 1.489,51');

      const again = await postForm(
        agent,
        path,
        { confirm_username: MANAGER.username, confirm_password: MANAGER.password },
        '/caixa-hoje',
      );
      // Sent again (Back, a double click): it went through the first time, so it says so, not an error.
      expect(again.status).toBe(303);
      const repeated = await agent.get(again.headers.location ?? '');
      expect(toastsOf(repeated.text)).toEqual([
        'Este lançamento já tinha sido excluído: nada foi excluído de novo.',
      ]);
      expect(totalOf(repeated.text)?.text).toBe('R$ 1.489,51');
    });

    it('prints the day: the same entries and total on a sheet', async () => {
      const sheet = await agent.get('/caixa-hoje/imprimir');
      expect(sheet.status).toBe(200);
      const text = textOf(sheet.text);
      expect(text).toContain(`Caixa do dia ${formatDisplayDate(today())}`);
      expect(text).toContain('Total: R$ 1.489,51');
      expect(sheet.text).toContain('<span class="money flow-out">-R$ 120,00</span>');
    });

    // Decision 032: an order's close entry deleted reopens the order; its payment waits for that.
    it("deleting an order's close entry says first that it reopens the O.S., then that it did", async () => {
      const so = await api<{ id: number; number: string }>('POST', '/service-orders/normal', {
        client_id: clientId,
        product_name: 'Tablet',
      });
      const payment = await api<{ id: number }>('POST', '/transactions/upfront-payment/service-order', {
        service_order_id: so.id,
        value: 50,
        description: 'Sinal do tablet',
        payment_method: 'Pix',
      });
      await api('PUT', `/service-orders/normal/${so.id}`, {
        status: 104,
        product_name: 'Tablet',
        fix_value_final: 200,
        fix_payment_method: 'Pix',
      });
      const close = await api<{ id: number }>('POST', '/transactions/close/service-order', {
        service_order_id: so.id,
      });
      const agent = await unlocked();
      const dialog = await agent.get(`/caixa-hoje?deletar=${close.id}`);
      expect(textOf(dialog.text)).toContain(
        `Este lançamento é o envio da O.S. ${so.number} ao caixa. Excluí-lo reabre a O.S.: ela volta ao status em que estava e ao valor a receber.`,
      );
      const manager = { confirm_username: MANAGER.username, confirm_password: MANAGER.password };
      const paymentFirst = await refusedPage(
        agent,
        await postForm(agent, `/caixa-hoje/lancamentos/${payment.id}/deletar`, manager, '/caixa-hoje'),
        '/caixa-hoje',
      );
      expect(toastsOf(paymentFirst.text)).toEqual([
        'Este pagamento é de uma ordem já enviada ao caixa. Exclua antes o lançamento do envio ao caixa, que reabre a ordem, e depois o pagamento.',
      ]);
      const deleted = await postForm(
        agent,
        `/caixa-hoje/lancamentos/${close.id}/deletar`,
        manager,
        '/caixa-hoje',
      );
      expect(deleted.status).toBe(303);
      const day = await agent.get('/caixa-hoje');
      expect(toastsOf(day.text)).toEqual([
        'Lançamento excluído com sucesso!',
        `A O.S. ${so.number} foi reaberta (Consertada) e volta a ter o valor a receber.`,
      ]);
      const order = textOf((await agent.get(`/os/${so.id}`)).text);
      expect(order).toContain('Total pago R$ 50,00 Falta receber R$ 150,00');
      expect(order).toContain('Finalizar e Enviar para o caixa');
      expect(order).toContain(
        'Reabriu a O.S.: excluído do caixa o envio de R$ 150,00 Status: Finalizada → Consertada',
      );
      // Open again, its deposit can go (given back): the order's history keeps it.
      const refund = await postForm(
        agent,
        `/caixa-hoje/lancamentos/${payment.id}/deletar`,
        manager,
        '/caixa-hoje',
      );
      expect(refund.status).toBe(303);
      const refunded = textOf((await agent.get(`/os/${so.id}`)).text);
      expect(refunded).toContain('Total pago R$ 0,00 Falta receber R$ 200,00');
      expect(refunded).toContain(
        'Excluiu do caixa o lançamento PAGAMENTO ADIANTADO (R$ 50,00) Sinal do tablet',
      );
      // No order of its own, no hint: a sale's delete dialog asks only for the manager.
      const sale = await api<{ id: number }>('POST', '/transactions', {
        type: 103,
        value: 10,
        description: 'Venda sem ordem',
        payment_method: 'Pix',
        date: today(),
      });
      expect(textOf((await agent.get(`/caixa-hoje?deletar=${sale.id}`)).text)).not.toContain(
        'Excluí-lo reabre',
      );
      await api('DELETE', `/transactions/${sale.id}`, manager);
      // A cancellation's record: deleting it undoes no cancellation, and the dialog says so.
      const dropped = await api<{ id: number }>('POST', '/transactions/cancel/service-order', {
        service_order_id: so.id,
        cancel_motive: 'Desistiu',
      });
      expect(textOf((await agent.get(`/caixa-hoje?deletar=${dropped.id}`)).text)).toContain(
        `Este lançamento é o registro do cancelamento da O.S. ${so.number}. Excluí-lo não reabre a O.S., que continua cancelada.`,
      );
    });
  });

  describe('Caixa por período', () => {
    let agent: Agent;

    beforeAll(async () => {
      // Two days of a past month, and a day just outside the period.
      const entry = (date: string, type: number, value: number, description: string) =>
        api('POST', '/transactions', { type, value, description, payment_method: 'Pix', date });
      await entry('2025-03-10', 103, 200, 'Venda do dia 10');
      await entry('2025-03-10', 201, 50.5, 'Compra do dia 10');
      await entry('2025-03-11', 103, 75.25, 'Venda do dia 11');
      await entry('2025-03-12', 103, 999, 'Venda do dia 12');
      agent = await unlocked();
    });

    it('says "Selecione a data e clique em Buscar" before a search, with Do dia, Até o dia and Buscar', async () => {
      const page = await agent.get('/caixa-periodo');
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<p class="empty">${TEXT.beforeSearch}</p>`);
      expect(page.text).toContain('<label for="f-de">Do dia</label>');
      expect(page.text).toContain('<label for="f-ate">Até o dia</label>');
      expect(page.text).toMatch(/<button type="submit" class="primary">Buscar<\/button>/);
      expect(page.text).not.toContain('Balanço');
    });

    it('reads dates strictly: 31/02/2026 and 1/3/2025 are refused under their field', async () => {
      const bad = await agent.get('/caixa-periodo?de=31%2F02%2F2026&ate=01%2F03%2F2026');
      expect(bad.status).toBe(400);
      expect(fieldErrorOf(bad.text, 'f-de')).toBe('Data inválida: 31/02/2026 não existe no calendário');
      expect(inputValue(bad.text, 'f-de')).toBe('31/02/2026');
      expect(bad.text).not.toContain('Balanço');
      const loose = await agent.get('/caixa-periodo?de=10%2F03%2F2025&ate=1%2F3%2F2025');
      expect(loose.status).toBe(400);
      expect(fieldErrorOf(loose.text, 'f-ate')).toBe(TEXT.badDate);
      const blank = await agent.get('/caixa-periodo?de=&ate=');
      expect(blank.status).toBe(400);
      expect(fieldErrorOf(blank.text, 'f-de')).toBeTruthy();
      expect(fieldErrorOf(blank.text, 'f-ate')).toBeTruthy();
    });

    it('refuses a start after the end', async () => {
      const res = await agent.get('/caixa-periodo?de=11%2F03%2F2025&ate=10%2F03%2F2025');
      expect(res.status).toBe(400);
      expect(fieldErrorOf(res.text, 'f-ate')).toBe('A data final deve ser igual ou posterior à inicial');
      expect(res.text).not.toContain('Balanço');
    });

    it('refuses a period over 400 days under Até o dia, dates kept, without asking the api', async () => {
      const counted = await webCountingCalls();
      try {
        const browser = await unlocked(counted.web);
        const from = counted.paths.length;
        const long = await browser.get('/caixa-periodo?de=01%2F01%2F2025&ate=31%2F12%2F2026');
        expect(long.status).toBe(400);
        expect(fieldErrorOf(long.text, 'f-ate')).toBe(TEXT.periodTooLong);
        expect(inputValue(long.text, 'f-de')).toBe('01/01/2025');
        expect(inputValue(long.text, 'f-ate')).toBe('31/12/2026');
        expect(counted.paths.slice(from).filter((p) => p.startsWith('/transactions'))).toEqual([]);
        // 400 days, both ends counted, is the longest period taken; 401 is refused.
        const longest = await browser.get('/caixa-periodo?de=01%2F01%2F2025&ate=04%2F02%2F2026');
        expect(longest.status).toBe(200);
        expect(fieldErrorOf(longest.text, 'f-ate')).toBeUndefined();
        const over = await browser.get('/caixa-periodo?de=01%2F01%2F2025&ate=05%2F02%2F2026');
        expect(fieldErrorOf(over.text, 'f-ate')).toBe(TEXT.periodTooLong);
      } finally {
        await counted.stop();
      }
    });

    it('the sheet of a period over 400 days goes back to the form with the dates and the message', async () => {
      const sheet = await agent.get('/caixa-periodo/imprimir?de=01%2F01%2F2025&ate=31%2F12%2F2026');
      expect(sheet.status).toBe(303);
      expect(sheet.headers.location).toBe('/caixa-periodo?de=01%2F01%2F2025&ate=31%2F12%2F2026');
      const back = await agent.get(sheet.headers.location ?? '');
      expect(fieldErrorOf(back.text, 'f-ate')).toBe(TEXT.periodTooLong);
      expect(inputValue(back.text, 'f-de')).toBe('01/01/2025');
    });

    it("a backend's own refusal of the period (end_date, start_date) shows under Até o dia and Do dia", async () => {
      const to = new URL(web.api.url);
      const relay = await listenRelay((req, res) => {
        if ((req.url ?? '').startsWith('/transactions/period')) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              status: 'error',
              message: 'Dados inválidos',
              issues: {
                start_date: 'Data inicial fora do arquivo',
                end_date: 'O período pode ter no máximo 31 dias',
              },
            }),
          );
          return;
        }
        forwardTo(to, req, res);
      });
      const strict = await startTestWeb({ api: web.api, apiUrl: relay.url });
      try {
        const browser = await unlocked(strict);
        const res = await browser.get('/caixa-periodo?de=01%2F01%2F2025&ate=01%2F03%2F2025');
        expect(res.status).toBe(400);
        expect(fieldErrorOf(res.text, 'f-ate')).toBe('O período pode ter no máximo 31 dias');
        expect(fieldErrorOf(res.text, 'f-de')).toBe('Data inicial fora do arquivo');
        expect(inputValue(res.text, 'f-ate')).toBe('01/03/2025');
      } finally {
        await strict.stop();
        await relay.stop();
      }
    });

    it('an empty day: "Nenhuma transação foi encontrada para a data." and a zero balance', async () => {
      const res = await agent.get('/caixa-periodo?de=01%2F01%2F2020&ate=01%2F01%2F2020');
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<p class="empty">${TEXT.emptyDay}</p>`);
      expect(totalOf(res.text, 'Balanço')?.text).toBe('R$ 0,00');
    });

    it("two days' entries, oldest first, with the Balanço and a print link for the same period", async () => {
      const res = await agent.get('/caixa-periodo?de=10%2F03%2F2025&ate=11%2F03%2F2025');
      expect(res.status).toBe(200);
      const rows = rowsOf(res.text);
      expect(rows.map((r) => [r.cells[0], r.cells[2], r.value])).toEqual([
        ['10/03/2025', 'Venda do dia 10', 'R$ 200,00'],
        ['10/03/2025', 'Compra do dia 10', '-R$ 50,50'],
        ['11/03/2025', 'Venda do dia 11', 'R$ 75,25'],
      ]);
      // 200 − 50,50 + 75,25
      expect(totalOf(res.text, 'Balanço')).toEqual({ cls: 'flow-in', text: 'R$ 224,75' });
      expect(inputValue(res.text, 'f-de')).toBe('10/03/2025');
      expect(inputValue(res.text, 'f-ate')).toBe('11/03/2025');
      // The period list has no edit or delete.
      expect(res.text).not.toContain('?editar=');
      expect(res.text).not.toContain('?deletar=');
      const href = /<a class="button" href="([^"]*)" target="_blank"[^>]*>Imprimir<\/a>/.exec(res.text)?.[1];
      expect(decodeEntities(href ?? '')).toBe('/caixa-periodo/imprimir?de=10%2F03%2F2025&ate=11%2F03%2F2025');
      const sheet = await agent.get(decodeEntities(href ?? ''));
      expect(sheet.status).toBe(200);
      const text = textOf(sheet.text);
      expect(text).toContain('Caixa de 10/03/2025 a 11/03/2025');
      expect(text).toContain('Balanço: R$ 224,75');
      expect(text).not.toContain('Venda do dia 12');
      // One page: no pager on the list, no range on the sheet.
      expect(textOf(res.text)).not.toMatch(/Página|Lançamentos \d|Anterior|Próxima/);
      expect(text).not.toMatch(/Lançamentos \d/);
    });

    it('a balance below zero is shown in red', async () => {
      const res = await agent.get('/caixa-periodo?de=10%2F03%2F2025&ate=10%2F03%2F2025');
      expect(totalOf(res.text, 'Balanço')).toEqual({ cls: 'flow-in', text: 'R$ 149,50' });
      await api('POST', '/transactions', {
        type: 201,
        value: 500,
        description: 'Compra grande',
        payment_method: 'Pix',
        date: '2025-03-09',
      });
      const negative = await agent.get('/caixa-periodo?de=09%2F03%2F2025&ate=10%2F03%2F2025');
      expect(totalOf(negative.text, 'Balanço')).toEqual({ cls: 'flow-out', text: '-R$ 350,50' });
    });
  });

  describe('Caixa do dia, a busy day in pages of 100', () => {
    /** The entries of the day as our api lists them (date, id), and the whole day's totals. */
    let all: Entry[];
    const centsOf = (e: Entry) => Math.round(e.value * 100);
    /** 'Pix R$ …' per method, as the page shows them beside the Total. */
    const methodsOf = (html: string) =>
      textOf(/<dl class="method-totals"[\s\S]*?<\/dl>/.exec(html)?.[0] ?? '');

    beforeAll(async () => {
      await sql`INSERT INTO transactions (type, value_cents, description, date, payment_method)
        SELECT (array[103, 201])[1 + i % 2], 100 * i, 'Dia cheio ' || lpad(i::text, 3, '0'), ${today()}::date,
          (array['Pix', 'Dinheiro', 'Cartão de débito'])[1 + i % 3]
        FROM generate_series(1, 130) AS i`.execute(web.api.deps.db);
      all = await dayEntries();
    });
    afterAll(async () => {
      await sql`DELETE FROM transactions WHERE description LIKE 'Dia cheio %'`.execute(web.api.deps.db);
    });

    it("page 1 and 2 split the day; Total and the methods are the whole day's, on every page", async () => {
      expect(all.length).toBeGreaterThanOrEqual(130);
      const total = formatBRL(balanceInCents(all.map((e) => ({ type: e.type, valueCents: centsOf(e) }))));
      const pix = all.filter((e) => e.payment_method === 'Pix');
      const pixCents = pix.reduce((sum, e) => sum + (e.type === 201 ? -centsOf(e) : centsOf(e)), 0);
      const agent = await unlocked();
      const first = await agent.get('/caixa-hoje');
      const second = await agent.get('/caixa-hoje?pagina=2');
      for (const page of [first, second]) {
        expect(page.status).toBe(200);
        expect(totalOf(page.text, 'Total')?.text).toBe(total);
        expect(methodsOf(page.text)).toContain(`Pix ${formatBRL(pixCents)}`);
        expect(methodsOf(page.text)).toContain('Cartão de débito');
      }
      expect(methodsOf(second.text)).toBe(methodsOf(first.text));
      expect(rowsOf(first.text)).toHaveLength(100);
      expect(rowsOf(second.text)).toHaveLength(all.length - 100);
      const shown = [...rowsOf(first.text), ...rowsOf(second.text)].map((r) => r.cells[2]);
      // In the api's order, every entry once (an entry without a description is shown as '-').
      expect(shown).toEqual(all.map((e) => e.description || '-'));
      expect(textOf(first.text)).toContain(`Página 1 de 2`);
      expect(textOf(first.text)).toContain(`Lançamentos 1–100 de ${all.length}`);
      expect(textOf(second.text)).toContain(`Lançamentos 101–${all.length} de ${all.length}`);
      expect(first.text).toContain('href="/caixa-hoje?pagina=2" rel="next"');
      expect(second.text).toContain('href="/caixa-hoje" rel="prev"');
      // Imprimir prints the page being viewed.
      expect(second.text).toContain('href="/caixa-hoje/imprimir?pagina=2"');
    });

    it('asks our api for one page and the totals, never for the whole day', async () => {
      const counted = await webCountingCalls();
      try {
        const agent = await unlocked(counted.web);
        for (const path of ['/caixa-hoje', '/caixa-hoje?pagina=2', '/caixa-hoje/imprimir?pagina=2']) {
          expect((await agent.get(path)).status, path).toBe(200);
        }
        const paths = counted.paths.filter((p) => p.startsWith('/transactions'));
        expect(paths.some((p) => p.startsWith('/transactions/day'))).toBe(false);
        expect(
          paths.filter((p) => p.startsWith('/transactions/period?')).every((p) => p.includes('limit=100')),
        ).toBe(true);
        expect(
          paths.filter((p) => p.startsWith('/transactions/period/summary')).length,
        ).toBeGreaterThanOrEqual(3);
      } finally {
        await counted.stop();
      }
    });

    it('edits an entry of page 2 from page 2: the dialog, a refusal and the save all stay on it', async () => {
      const entry = all.slice(100).find((e) => e.type === 103 && e.description.startsWith('Dia cheio '));
      if (!entry) throw new Error('no sale on page 2');
      const agent = await unlocked();
      const second = await agent.get('/caixa-hoje?pagina=2');
      const link = `/caixa-hoje?editar=${entry.id}&amp;pagina=2`;
      expect(second.text).toContain(`href="${link}"`);
      const from = `/caixa-hoje?editar=${entry.id}&pagina=2`;
      const form = (await agent.get(from)).text;
      expect(dialogOpen(form, 'editar-lancamento')).toBe(true);
      expect(inputValue(form, 'editar-lancamento-description')).toBe(entry.description);
      expect(form).toContain(`action="/caixa-hoje/lancamentos/${entry.id}?pagina=2"`);
      // The page 1 does not open a dialog for an entry it does not list.
      expect((await agent.get(`/caixa-hoje?editar=${entry.id}`)).text).not.toContain(
        'id="editar-lancamento"',
      );

      const path = `/caixa-hoje/lancamentos/${entry.id}?pagina=2`;
      const fields = {
        type: '103',
        description: `${entry.description} editada`,
        value: '12,34',
        payment_method: 'Pix',
      };
      const refused = await refusedPage(
        agent,
        await postForm(
          agent,
          path,
          { ...fields, confirm_username: employee.username, confirm_password: employee.password },
          from,
        ),
        '/caixa-hoje',
      );
      expect(toastsOf(refused.text)).toEqual([TEXT.notManager]);
      expect(textOf(refused.text)).toContain('Página 2 de 2');
      expect(dialogOpen(refused.text, 'editar-lancamento')).toBe(true);
      expect(inputValue(refused.text, 'editar-lancamento-description')).toBe(`${entry.description} editada`);

      const saved = await postForm(
        agent,
        path,
        { ...fields, confirm_username: MANAGER.username, confirm_password: MANAGER.password },
        from,
      );
      expect(saved.status).toBe(303);
      expect(saved.headers.location).toBe('/caixa-hoje?pagina=2');
      const after = await agent.get(saved.headers.location ?? '');
      expect(toastsOf(after.text)).toEqual(['Lançamento editado com sucesso!']);
      expect(rowOf(after.text, `${entry.description} editada`)?.value).toBe('R$ 12,34');
    });

    it('an entry deleted by someone else while its dialog was open: nothing saved, and says so', async () => {
      const entry = all.slice(100).find((e) => e.type === 103 && !e.description.endsWith('editada'));
      if (!entry) throw new Error('no sale on page 2');
      const agent = await unlocked();
      const from = `/caixa-hoje?editar=${entry.id}&pagina=2`;
      const page = await agent.get(from);
      expect(dialogOpen(page.text, 'editar-lancamento')).toBe(true);
      await sql`UPDATE transactions SET deleted_at = now() WHERE id = ${entry.id}`.execute(web.api.deps.db);
      const version = /name="_version" value="(\d+)"/.exec(page.text)?.[1] ?? '';
      const loaded = /name="_loaded" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
      expect(version).not.toBe('');
      const posted = await agent
        .post(`/caixa-hoje/lancamentos/${entry.id}?pagina=2`)
        .type('form')
        .send({
          _csrf: csrfOf(page.text),
          _version: version,
          _loaded: loaded,
          type: '103',
          description: 'Tarde demais',
          value: '1,00',
          payment_method: 'Pix',
          confirm_username: MANAGER.username,
          confirm_password: MANAGER.password,
        });
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe('/caixa-hoje?pagina=2');
      const after = await agent.get('/caixa-hoje?pagina=2');
      expect(toastsOf(after.text)).toEqual([
        'Este lançamento foi excluído por outra pessoa enquanto você editava. Nada foi salvo.',
      ]);
      expect(after.text).not.toContain('Tarde demais');
      expect((await dayEntries()).some((e) => e.id === entry.id)).toBe(false);
    });

    it('prints page 2 of the day: its rows and their sum, the range, and the whole day’s Total, each named', async () => {
      const agent = await unlocked();
      const current = await dayEntries();
      expect(current.length).toBeGreaterThan(100);
      const cents = (entries: Entry[]) =>
        formatBRL(balanceInCents(entries.map((e) => ({ type: e.type, valueCents: centsOf(e) }))));
      const sheet = await agent.get('/caixa-hoje/imprimir?pagina=2');
      expect(sheet.status).toBe(200);
      const rows = current.slice(100);
      expect(rowsOf(sheet.text).map((r) => r.cells[2])).toEqual(rows.map((e) => e.description || '-'));
      const text = textOf(sheet.text);
      expect(text).toContain(`Lançamentos 101–${current.length} de ${current.length}`);
      // What the rows add up to, and the whole day's total: never one read as the other.
      expect(text).toContain(`Soma desta folha: ${cents(rows)}`);
      expect(text).toContain(`Total do dia: ${cents(current)}`);
    });
  });

  describe('Caixa por período, a long period in pages of 200', () => {
    const ENTRIES = 1_050;
    const PERIOD = { de: '01/02/2024', ate: '29/02/2024' };
    const at = (pagina?: string, path = '/caixa-periodo') =>
      `${path}?${new URLSearchParams({ ...PERIOD, ...(pagina === undefined ? {} : { pagina }) })}`;
    let agent: Agent;
    /** The whole period as the api lists it, and its balance by the entry-by-entry rule of SPEC §9. */
    let whole: Entry[];
    let balance: string;

    const descriptions = (html: string) => rowsOf(html).map((r) => r.cells[2]);
    const shown = (from: number, to: number) => whole.slice(from - 1, to).map((e) => e.description);
    const linkTo = (html: string, text: string) =>
      decodeEntities(
        new RegExp(`<a class="button" href="([^"]*)" rel="[a-z]+">${text}</a>`).exec(html)?.[1] ?? '',
      );

    beforeAll(async () => {
      // Every type over February 2024, values that differ from entry to entry, one deleted entry.
      await sql`INSERT INTO transactions (type, value_cents, description, date, payment_method)
        SELECT (array[101, 102, 103, 104, 201, 301, 302])[1 + i % 7], 100 + (i * 37) % 10000,
          'Lote ' || lpad(i::text, 4, '0'), DATE '2024-02-01' + ((i - 1) * 29 / ${ENTRIES})::int, 'Pix'
        FROM generate_series(1, ${ENTRIES}::int) AS i`.execute(web.api.deps.db);
      await sql`INSERT INTO transactions (type, value_cents, description, date, payment_method, deleted_at)
        VALUES (103, 999999, 'Apagado', DATE '2024-02-10', 'Pix', now())`.execute(web.api.deps.db);
      whole = await api<Entry[]>('GET', '/transactions/period?start_date=2024-02-01&end_date=2024-02-29');
      expect(whole).toHaveLength(ENTRIES);
      balance = formatBRL(
        balanceInCents(whole.map((e) => ({ type: e.type, valueCents: Math.round(e.value * 100) }))),
      );
      agent = await unlocked();
    });

    it('page 2: its 200 rows, the Balanço of the WHOLE period, "Página 2 de 6" and the range', async () => {
      const res = await agent.get(at('2'));
      expect(res.status).toBe(200);
      expect(descriptions(res.text)).toEqual(shown(201, 400));
      expect(totalOf(res.text, 'Balanço')?.text).toBe(balance);
      // Not the balance of the page's rows alone.
      const pageOnly = balanceInCents(
        whole.slice(200, 400).map((e) => ({ type: e.type, valueCents: Math.round(e.value * 100) })),
      );
      expect(formatBRL(pageOnly)).not.toBe(balance);
      const text = textOf(res.text);
      expect(text).toContain('Página 2 de 6');
      expect(text).toContain('Lançamentos 201–400 de 1.050');
      expect(text).not.toContain('Apagado');
      // Plain links that keep the dates; no script needed.
      expect(linkTo(res.text, 'Anterior')).toBe(at('1'));
      expect(linkTo(res.text, 'Próxima')).toBe(at('3'));
      expect(inputValue(res.text, 'f-de')).toBe(PERIOD.de);
      expect(inputValue(res.text, 'f-ate')).toBe(PERIOD.ate);
    });

    it('page 1 takes the count and the Balanço from the report it shows, asking no summary; page 2 asks the summary', async () => {
      const counted = await webCountingCalls();
      try {
        const browser = await unlocked(counted.web);
        const calls = async (path: string) => {
          const from = counted.paths.length;
          const page = await browser.get(path);
          expect(page.status).toBe(200);
          expect(totalOf(page.text, 'Balanço')?.text).toBe(balance);
          expect(textOf(page.text)).toContain('de 1.050');
          return counted.paths.slice(from).map((p) => p.split('?')[0]);
        };
        expect((await calls(at('1'))).sort()).toEqual(['/reports/cash', '/transactions/period']);
        expect((await calls(at('2'))).sort()).toEqual([
          '/transactions/period',
          '/transactions/period/summary',
        ]);
      } finally {
        await counted.stop();
      }
    });

    it('page 1 (as a search lands) has only Próxima; the last page only Anterior, with the last rows', async () => {
      for (const path of ['/caixa-periodo?de=01%2F02%2F2024&ate=29%2F02%2F2024', at('1')]) {
        const first = await agent.get(path);
        expect(descriptions(first.text)).toEqual(shown(1, 200));
        expect(textOf(first.text)).toContain('Página 1 de 6');
        expect(textOf(first.text)).toContain('Lançamentos 1–200 de 1.050');
        expect(first.text).not.toContain('>Anterior</a>');
        expect(linkTo(first.text, 'Próxima')).toBe(at('2'));
        expect(totalOf(first.text, 'Balanço')?.text).toBe(balance);
      }
      const last = await agent.get(at('6'));
      expect(descriptions(last.text)).toEqual(shown(1_001, 1_050));
      expect(textOf(last.text)).toContain('Página 6 de 6');
      expect(textOf(last.text)).toContain('Lançamentos 1.001–1.050 de 1.050');
      expect(linkTo(last.text, 'Anterior')).toBe(at('5'));
      expect(last.text).not.toContain('>Próxima</a>');
      expect(totalOf(last.text, 'Balanço')?.text).toBe(balance);
    });

    it('a page past the end shows the last page; a missing or invalid one the first', async () => {
      for (const pagina of ['7', '99', '2147483648', '9'.repeat(40)]) {
        const res = await agent.get(at(pagina));
        expect(res.status, pagina).toBe(200);
        expect(textOf(res.text), pagina).toContain('Página 6 de 6');
        expect(descriptions(res.text), pagina).toEqual(shown(1_001, 1_050));
        expect(totalOf(res.text, 'Balanço')?.text).toBe(balance);
      }
      for (const pagina of ['', '0', '-1', 'abc', '1.5', '2e1', ' 2']) {
        const res = await agent.get(at(pagina));
        expect(res.status, pagina).toBe(200);
        expect(textOf(res.text), pagina).toContain('Página 1 de 6');
        expect(descriptions(res.text), pagina).toEqual(shown(1, 200));
      }
    });

    it('prints the page being viewed: its rows and their sum, the range, and the Balanço of the whole period, each named', async () => {
      const page2 = await agent.get(at('2'));
      const href = decodeEntities(
        /<a class="button" href="([^"]*)" target="_blank"[^>]*>Imprimir<\/a>/.exec(page2.text)?.[1] ?? '',
      );
      expect(href).toBe(at('2', '/caixa-periodo/imprimir'));
      const sheet = await agent.get(href);
      expect(sheet.status).toBe(200);
      expect(descriptions(sheet.text)).toEqual(shown(201, 400));
      const text = textOf(sheet.text);
      expect(text).toContain('Caixa de 01/02/2024 a 29/02/2024');
      expect(text).toContain('Lançamentos 201–400 de 1.050');
      // Two sums an owner reconciling cannot mix up: this sheet's rows, and the whole period.
      const sheetSum = formatBRL(
        balanceInCents(
          whole.slice(200, 400).map((e) => ({ type: e.type, valueCents: Math.round(e.value * 100) })),
        ),
      );
      expect(text).toContain(`Soma desta folha: ${sheetSum}`);
      expect(text).toContain(`Balanço do período: ${balance}`);
      expect(text).not.toContain('Balanço:');
      // The sheet of a page past the end is the last page's.
      const beyond = await agent.get(at('50', '/caixa-periodo/imprimir'));
      expect(descriptions(beyond.text)).toEqual(shown(1_001, 1_050));
      expect(textOf(beyond.text)).toContain('Lançamentos 1.001–1.050 de 1.050');

      // The print server's link is a snapshot of that same page.
      const made = await agent
        .post('/impressao/links')
        .type('form')
        .send({ _csrf: csrfOf(sheet.text), path: href });
      expect(made.status).toBe(303);
      expect(made.headers.location).toMatch(/^\/caixa-periodo\/imprimir\?de=.*&pagina=2&link=/);
      const link = new URL(made.headers.location ?? '', 'http://x').searchParams.get('link');
      const snapshot = await supertest(web.app).get(`/impressao/${link}`);
      expect(snapshot.status).toBe(200);
      expect(descriptions(snapshot.text)).toEqual(shown(201, 400));
      expect(textOf(snapshot.text)).toContain('Lançamentos 201–400 de 1.050');
      expect(textOf(snapshot.text)).toContain(`Balanço do período: ${balance}`);
    });

    it.each([404, 500])(
      'against a backend that follows only SPEC §7 (summary %i, no paging): the same pages and balance',
      async (summaryStatus) => {
        const relay = await startSpecOnlyBackend(web.api.url, summaryStatus);
        const plain = await startTestWeb({ api: web.api, apiUrl: relay.url });
        try {
          const browser = await unlocked(plain);
          const page2 = await browser.get(at('2'));
          expect(page2.status).toBe(200);
          expect(descriptions(page2.text)).toEqual(shown(201, 400));
          expect(totalOf(page2.text, 'Balanço')?.text).toBe(balance);
          expect(textOf(page2.text)).toContain('Página 2 de 6');
          expect(textOf(page2.text)).toContain('Lançamentos 201–400 de 1.050');
          const beyond = await browser.get(at('99'));
          expect(descriptions(beyond.text)).toEqual(shown(1_001, 1_050));
          const sheet = await browser.get(at('3', '/caixa-periodo/imprimir'));
          expect(descriptions(sheet.text)).toEqual(shown(401, 600));
          expect(textOf(sheet.text)).toContain(`Balanço do período: ${balance}`);
          // The relay really played the part: the summary was asked for and refused, paging never reached the api.
          expect(relay.summaryCalls).toBeGreaterThan(0);
          expect(relay.pagedCalls).toBeGreaterThan(0);
          const small = await browser.get('/caixa-periodo?de=10%2F03%2F2025&ate=11%2F03%2F2025');
          expect(totalOf(small.text, 'Balanço')).toEqual({ cls: 'flow-in', text: 'R$ 224,75' });
          expect(textOf(small.text)).not.toContain('Página');
        } finally {
          await plain.stop();
          await relay.stop();
        }
      },
    );
  });
});

/**
 * A backend that follows only SPEC §7, played by a relay in front of the real api: it knows no
 * /transactions/period/summary (answering 404, or a 500 as some frameworks do for an unknown path) and
 * drops the paging parameters, answering the whole period.
 */
async function startSpecOnlyBackend(target: string, summaryStatus: number) {
  const to = new URL(target);
  const seen = { summaryCalls: 0, pagedCalls: 0 };
  const relay = await listenRelay((req, res) => {
    const url = new URL(req.url ?? '/', 'http://relay.local');
    if (url.pathname === '/transactions/period/summary') {
      seen.summaryCalls++;
      res.writeHead(summaryStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'error', message: 'Not found' }));
      return;
    }
    if (url.searchParams.has('limit') || url.searchParams.has('offset')) seen.pagedCalls++;
    url.searchParams.delete('limit');
    url.searchParams.delete('offset');
    forwardTo(to, req, res, `${url.pathname}${url.search}`);
  });
  return {
    url: relay.url,
    get summaryCalls() {
      return seen.summaryCalls;
    },
    get pagedCalls() {
      return seen.pagedCalls;
    },
    stop: relay.stop,
  };
}
