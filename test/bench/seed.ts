/**
 * The bench's data, written through the api as the shop would: clients (a score of them sharing the
 * surname the search looks for), 50 normal service orders in status 100 (Aberto), one upfront payment,
 * a parts order, and today's cash with 200 entries (the upfront payment and 199 manual entries).
 */
import { cpf as cpfLib } from 'cpf-cnpj-validator';
import { MANAGER } from './stack.ts';
import { eachLimited } from './util.ts';

export const SEARCH_WORD = 'Oliveira';
/** New normal orders start at 100 (Aberto): the list shows all of them. */
export const LIST_STATUS = 100;
const CLIENTS = 60;
const MATCHING = 20;
const ORDERS = 50;
const CASH_ENTRIES = 200;

export type Seed = {
  /** A manager's access token (15 minutes), for the seeding and the 'same api call' baseline. */
  token: string;
  clientIds: number[];
  /** Clients whose name holds SEARCH_WORD. */
  matchingNames: string[];
  orderIds: number[];
  order: { id: number; number: string; productName: string };
  partsOrderId: number;
  listRows: number;
  cashEntries: number;
};

const FIRST = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Francisca',
  'Antônio',
  'Adriana',
  'Carlos',
  'Juliana',
  'Paulo',
];
const LAST = ['Silva', 'Santos', 'Souza', 'Lima', 'Pereira', 'Gonçalves', 'Costa', 'Ribeiro', 'Almeida'];
const PRODUCTS = ['Notebook', 'Televisor', 'Celular', 'Micro-ondas', 'Caixa de som', 'Videogame'];
const BRANDS = ['Dell', 'Samsung', 'LG', 'Motorola', 'Apple', 'Philips', 'Sony'];
const METHODS = ['Dinheiro', 'Pix', 'Cartão de crédito', 'Cartão de débito'];

/**
 * The api limits sign-ins to 100 a minute per address; the web's 50 sign-ins and 50 cash unlocks all come
 * from its own address, so the bench's own sign-in is counted as another loopback address (the api trusts
 * X-Forwarded-For from loopback, as behind the shop's proxy).
 */
export async function apiSignIn(apiUrl: string): Promise<string> {
  const res = await fetch(`${apiUrl}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.2' },
    body: JSON.stringify(MANAGER),
  });
  if (!res.ok) throw new Error(`api sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function post<T>(apiUrl: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  }
  return (await res.json()) as T;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export async function seed(apiUrl: string): Promise<Seed> {
  const token = await apiSignIn(apiUrl);
  const cpfs = new Set<string>();
  const clients = await eachLimited(range(CLIENTS), 4, async (i) => {
    let cpf = cpfLib.generate();
    while (cpfs.has(cpf)) cpf = cpfLib.generate();
    cpfs.add(cpf);
    const last = i < MATCHING ? SEARCH_WORD : LAST[i % LAST.length];
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${last} ${i + 1}`;
    const created = await post<{ id: number }>(apiUrl, token, '/clients', {
      name,
      cpf,
      email: `cliente${i + 1}@exemplo.com.br`,
      phone1: `(11) 9${String(10_000_000 + i * 7919).slice(0, 4)}-${String(1000 + i).slice(-4)}`,
      zip_code: '01310-100',
      address: 'Avenida Paulista',
      number: String(100 + i),
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
    return { id: created.id, name };
  });

  const orders = await eachLimited(range(ORDERS), 4, async (i) => {
    const productName = `${PRODUCTS[i % PRODUCTS.length]} ${i + 1}`;
    const created = await post<{ id: number; number: string }>(apiUrl, token, '/service-orders/normal', {
      // The searched clients first, so the search results carry their orders too.
      client_id: clients[i % CLIENTS]?.id,
      product_name: productName,
      product_brand: BRANDS[i % BRANDS.length],
      product_model: `MX-${100 + i}`,
      product_serial: `SN${String(1_000_000 + i * 37)}`,
      product_accessories: 'Carregador e cabo',
      product_details: 'Não liga. Cliente relata queda de energia na semana passada.',
    });
    return { ...created, productName };
  });
  const first = orders[0];
  if (!first) throw new Error('no service order created');
  await post(apiUrl, token, '/transactions/upfront-payment/service-order', {
    service_order_id: first.id,
    value: 150,
    description: 'Sinal do conserto',
    payment_method: 'Pix',
  });
  const parts = await post<{ id: number }>(apiUrl, token, '/orders', {
    client_id: clients[0]?.id,
    piece_name: 'Tela 15.6" LED',
    piece_code: 'LP156WH4',
    piece_value: 420.5,
    product_model: 'Inspiron 15',
  });
  // Today's cash: the upfront payment above and 199 manual entries.
  await eachLimited(range(CASH_ENTRIES - 1), 4, (i) =>
    post(apiUrl, token, '/transactions', {
      type: i % 5 === 4 ? 201 : 103,
      value: Math.round((10 + ((i * 37) % 900) + (i % 100) / 100) * 100) / 100,
      description: i % 5 === 4 ? `Compra de material ${i + 1}` : `Venda balcão ${i + 1}`,
      payment_method: METHODS[i % METHODS.length],
    }),
  );
  return {
    token,
    clientIds: clients.map((c) => c.id),
    matchingNames: clients.slice(0, MATCHING).map((c) => c.name),
    orderIds: orders.map((o) => o.id),
    order: { id: first.id, number: first.number, productName: first.productName },
    partsOrderId: parts.id,
    listRows: ORDERS,
    cashEntries: CASH_ENTRIES,
  };
}
