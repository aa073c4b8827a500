/**
 * Caixa do dia's totals per payment method beside the Total: each method's inflows less its purchases,
 * cancellations left out (SPEC §9's balance, split). Against the real api.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInShop } from '../../domain/dates.ts';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import {
  type Agent,
  decodeEntities,
  signIn,
  startTestWeb,
  type TestWeb,
  unlockCash,
} from '../support/web.ts';

const TZ = 'America/Sao_Paulo';

/** The per-method totals as shown: [method, value]. */
function methodTotals(html: string): [string, string][] {
  const block = /<dl class="method-totals"[^>]*>([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? '';
  return [...block.matchAll(/<dt>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => [
    decodeEntities(m[1] ?? ''),
    decodeEntities(m[2] ?? ''),
  ]);
}

describe('Caixa do dia: totals per payment method', () => {
  let web: TestWeb;
  let token: string;
  let agent: Agent;

  async function api<T = { id: number }>(method: string, path: string, body?: unknown) {
    const res = await apiCall<T>(web.api, method, path, token, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const entry = (type: number, value: number, payment_method: string) =>
    api('POST', '/transactions', {
      type,
      value,
      description: `${type} ${payment_method}`,
      date: todayInShop(TZ),
      payment_method,
    });

  beforeAll(async () => {
    web = await startTestWeb();
    token = (await apiLogin(web.api, MANAGER.username, MANAGER.password)).token;
    agent = await signIn(web);
    const res = await unlockCash(agent);
    expect(res.status).toBe(303);
  });
  afterAll(async () => {
    await web?.stop();
  });

  it('an empty day shows no totals per method', async () => {
    expect(methodTotals((await agent.get('/caixa-hoje')).text)).toEqual([]);
  });

  it('sums each method: inflows less purchases, cancellations not counted, in the usual order', async () => {
    await entry(103, 100, 'Pix');
    await entry(103, 50.25, 'Dinheiro');
    await entry(201, 80, 'Dinheiro');
    await entry(103, 30, 'Cartão de Crédito');
    await entry(103, 20, 'Pix');
    // An upfront payment on an order, then the order cancelled: the payment counts, the cancellation not.
    const client = await api('POST', '/clients', { name: 'Cliente das Formas' });
    const order = await api('POST', '/service-orders/normal', {
      client_id: client.id,
      product_name: 'Rádio',
    });
    await api('POST', '/transactions/upfront-payment/service-order', {
      service_order_id: order.id,
      value: 15,
      description: 'Sinal',
      date: todayInShop(TZ),
      payment_method: 'Cartão de Débito',
    });
    await api('POST', '/transactions/cancel/service-order', {
      service_order_id: order.id,
      cancel_motive: 'Desistiu',
      date: todayInShop(TZ),
    });

    const html = (await agent.get('/caixa-hoje')).text;
    expect(methodTotals(html)).toEqual([
      ['Dinheiro', '-R$ 29,75'],
      ['Pix', 'R$ 120,00'],
      ['Cartão de Débito', 'R$ 15,00'],
      ['Cartão de Crédito', 'R$ 30,00'],
    ]);
    // Beside the Total, which they add up to.
    expect(html).toMatch(/Total:[\s\S]*?R\$ 135,25[\s\S]*?class="method-totals"/);
  });
});
