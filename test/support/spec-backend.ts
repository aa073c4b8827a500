/**
 * A backend written from SPEC §7 alone, in memory, and strict: it answers exactly §7's calls with the
 * shapes §7 and §3 imply, 404 to any other path, 400 to a body or query key §7 does not list and to a
 * value of the wrong type (null where §7 sends a string or a date), 401 without the bearer token where
 * §7 requires one. Access tokens live 15 minutes (shortened by tests), refresh tokens rotate.
 *
 * It stands for a shop's own backend: the web must work against it as it does against our api, making
 * only SPEC's calls. It knows nothing of our api (no paging, no summary, no edit of an external order).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
type User = { id: number; username: string; password: string; authority_level: number; origin: number };

/** How a key's value must look. 'date': 'yyyy-MM-dd' or '' (SPEC §5: an empty string when blank). */
type Kind = 'text' | 'text?' | 'number' | 'number?' | 'date';
type Shape = Record<string, Kind>;

export const SPEC_MANAGER = { username: 'gerente', password: 'senha-do-gerente' } as const;
export const SPEC_EMPLOYEE = { username: 'funcionario', password: 'senha-do-funcionario' } as const;

export type SpecBackend = {
  url: string;
  /** Every call answered, as 'METHOD /path' (the query left out), in order. */
  calls: string[];
  /** Anything that went wrong inside it (a bug of this stand-in, not of the web). */
  failures: string[];
  /** Access-token life in ms (15 minutes unless a test shortens it). */
  tokenLifeMs: number;
  /** How an expired or unknown access token is refused: 401, or SPEC's 'Invalid JWT token' message. */
  refusal: '401' | 'invalid-jwt';
  /** Ends every access token now (refresh tokens still work). */
  expireAccessTokens(): void;
  /** Refresh tokens still able to refresh (rotation leaves only the newest of each sign-in). */
  liveRefreshTokens(): number;
  setAuthority(username: string, authority: number): void;
  close(): Promise<void>;
};

const CLIENT: Shape = {
  name: 'text',
  cpf: 'text?',
  cnpj: 'text?',
  email: 'text?',
  zip_code: 'text?',
  address: 'text?',
  number: 'text?',
  complement: 'text?',
  neighborhood: 'text?',
  city: 'text?',
  state: 'text?',
  phone1: 'text?',
  phone2: 'text?',
  phone3: 'text?',
};
const PRODUCT: Shape = {
  product_name: 'text?',
  product_model: 'text?',
  product_brand: 'text?',
  product_serial: 'text?',
  product_accessories: 'text?',
  product_details: 'text?',
};
const REPAIR: Shape = {
  fix_technician_name: 'text?',
  fix_date: 'date',
  fix_description: 'text?',
  fix_value_pieces: 'number?',
  fix_value_labor: 'number?',
  fix_value_final: 'number?',
  fix_payment_method: 'text?',
};
const SERVICE: Shape = {
  service_details: 'text?',
  service_type: 'text?',
  service_date: 'date',
  service_period: 'text?',
  service_value: 'number?',
  service_payment_method: 'text?',
};
const CONFIRM: Shape = { confirm_username: 'text', confirm_password: 'text' };

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function fits(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case 'text':
      return typeof value === 'string';
    case 'text?':
      return typeof value === 'string' || value === null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'number?':
      return value === null || (typeof value === 'number' && Number.isFinite(value));
    case 'date':
      return typeof value === 'string' && (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value));
  }
}

/** The body must hold exactly the shape's keys (those in `optional` may be absent), each of its kind. */
function strict(body: unknown, shape: Shape, optional: string[] = []): Json {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Refusal(400, 'body expected');
  const b = body as Json;
  for (const key of Object.keys(b)) if (!(key in shape)) throw new Refusal(400, `unknown key ${key}`);
  for (const [key, kind] of Object.entries(shape)) {
    if (!(key in b)) {
      if (optional.includes(key)) continue;
      throw new Refusal(400, `missing ${key}`);
    }
    if (!fits(kind, b[key])) throw new Refusal(400, `wrong type for ${key}`);
  }
  return b;
}

/** Exactly one of the allowed query sets, each value present. */
function query(url: URL, ...allowed: string[][]): Record<string, string> {
  const keys = [...url.searchParams.keys()].sort();
  const match = allowed.find(
    (set) => set.length === keys.length && [...set].sort().every((k, i) => k === keys[i]),
  );
  if (!match) throw new Refusal(400, `unexpected query ${keys.join(',')}`);
  return Object.fromEntries(url.searchParams);
}

const isoDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new Refusal(400, 'bad date');
  return v;
};
const nowIso = () => new Date().toISOString();

export async function startSpecBackend(options: { tokenLifeMs?: number } = {}): Promise<SpecBackend> {
  const users: User[] = [
    { id: 1, ...SPEC_MANAGER, authority_level: 100, origin: 100 },
    { id: 2, ...SPEC_EMPLOYEE, authority_level: 200, origin: 100 },
  ];
  const access = new Map<string, { userId: number; until: number }>();
  const refresh = new Map<string, { userId: number; live: boolean }>();
  const clients = new Map<number, Json>();
  const serviceOrders = new Map<number, Json & { kind: 'normal' | 'returned' | 'external' }>();
  const partsOrders = new Map<number, Json>();
  const transactions = new Map<number, Json>();
  let nextId = 1;
  const counters = { normal: 0, returned: 0, external: 0, parts: 0 };

  const token = () => randomBytes(18).toString('base64url');
  function issue(user: User) {
    const t = token();
    const r = token();
    access.set(t, { userId: user.id, until: Date.now() + backend.tokenLifeMs });
    refresh.set(r, { userId: user.id, live: true });
    return { token: t, refresh_token: r };
  }
  const publicUser = (u: User) => ({
    id: u.id,
    username: u.username,
    authority_level: u.authority_level,
    origin: u.origin,
  });
  const userById = (id: number) => users.find((u) => u.id === id) as User;

  function signedIn(req: IncomingMessage): User {
    const header = req.headers.authorization ?? '';
    const found = header.startsWith('Bearer ') ? access.get(header.slice(7)) : undefined;
    if (!found || found.until <= Date.now()) {
      if (backend.refusal === 'invalid-jwt' && header.startsWith('Bearer ')) {
        throw new Refusal(403, 'Invalid JWT token');
      }
      throw new Refusal(401, 'Unauthorized');
    }
    return userById(found.userId);
  }
  const requireManager = (u: User) => {
    if (u.authority_level !== 100) throw new Refusal(403, 'Forbidden');
  };
  function confirmManager(b: Json) {
    const u = users.find((x) => x.username === b.confirm_username && x.password === b.confirm_password);
    // A shop's backend may answer a wrong dialog password with 401: the web must not sign out for it.
    if (!u) throw new Refusal(401, 'Invalid credentials');
    if (u.authority_level !== 100) throw new Refusal(403, 'Forbidden');
  }

  const clientOf = (id: unknown) => {
    const c = clients.get(Number(id));
    if (!c) throw new Refusal(404, 'Client not found');
    return c;
  };
  const summary = (o: Json) => ({
    id: o.id,
    number: o.number,
    status: o.status,
    product_name: o.product_name ?? null,
    piece_name: o.piece_name ?? null,
    created_at: o.created_at,
  });
  const ordersOfClient = (id: number, kind: string) =>
    [...serviceOrders.values()].filter((o) => o.client_id === id && o.kind === kind).map(summary);
  const transactionsOf = (key: 'service_order_id' | 'order_id', id: number) =>
    [...transactions.values()].filter((t) => t[key] === id).map(publicTransaction);
  function publicTransaction(t: Json) {
    const { service_order_id, order_id, ...rest } = t;
    const so = service_order_id ? serviceOrders.get(service_order_id as number) : undefined;
    return so
      ? {
          ...rest,
          service_order: {
            number: so.number,
            product_name: so.product_name ?? null,
            product_brand: so.product_brand ?? null,
            client: { name: clientOf(so.client_id).name },
          },
        }
      : rest;
  }
  function fullServiceOrder(o: Json & { kind: string }): Json {
    const { kind, ...rest } = o;
    const base = {
      ...rest,
      type: kind,
      client: clientOf(o.client_id),
      transactions: transactionsOf('service_order_id', o.id as number),
    };
    if (kind !== 'returned') return base;
    const original = serviceOrders.get(o.original_service_order_id as number);
    return { ...base, original_service_order: original ? fullServiceOrder(original) : null };
  }
  const listRow = (o: Json & { kind?: string }) => ({
    id: o.id,
    number: o.number,
    status: o.status,
    ...(o.kind ? { type: o.kind, product_name: o.product_name ?? null } : { piece_name: o.piece_name }),
    client: { name: clientOf(o.client_id).name },
  });
  function serviceOrder(id: unknown, kind?: string) {
    const o = serviceOrders.get(Number(id));
    if (!o || (kind && o.kind !== kind)) throw new Refusal(404, 'Service order not found');
    return o;
  }
  function partsOrder(id: unknown) {
    const o = partsOrders.get(Number(id));
    if (!o) throw new Refusal(404, 'Order not found');
    return o;
  }
  const upfrontSum = (key: 'service_order_id' | 'order_id', id: number) =>
    [...transactions.values()]
      .filter((t) => t[key] === id && t.type === 101)
      .reduce((sum, t) => sum + (t.value as number), 0);
  function addTransaction(fields: Json): Json {
    const t = { id: nextId++, created_at: nowIso(), payment_method: null, ...fields };
    transactions.set(t.id, t);
    return t;
  }
  const TERMINAL = new Set([107, 108, 204, 205, 301, 302]);
  const notTerminal = (status: unknown) => {
    if (TERMINAL.has(status as number)) throw new Refusal(400, 'Order is finished');
  };

  type Handler = (req: IncomingMessage, url: URL, body: unknown, params: string[]) => unknown;
  const routes: [string, RegExp, Handler][] = [];
  const on = (method: string, pattern: string, handler: Handler) =>
    routes.push([method, new RegExp(`^${pattern.replace(/\{id\}/g, '(\\d+)')}$`), handler]);

  // --- Session ---
  on('POST', '/sessions', (_req, _url, body) => {
    const b = strict(body, { username: 'text', password: 'text' });
    const u = users.find((x) => x.username === b.username && x.password === b.password);
    if (!u) throw new Refusal(401, 'Invalid credentials');
    return { ...issue(u), user: publicUser(u) };
  });
  on('POST', '/sessions/refresh', (req, _url, body) => {
    const b = strict(body, { refresh_token: 'text' });
    const found = refresh.get(b.refresh_token as string);
    if (req.headers.authorization !== `Refresh ${b.refresh_token}` || !found?.live) {
      throw new Refusal(401, 'Invalid refresh token');
    }
    found.live = false;
    return issue(userById(found.userId));
  });
  on('POST', '/sessions/logout', (req, _url, body) => {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !access.has(header.slice(7))) throw new Refusal(401, 'Unauthorized');
    const b = strict(body, { refresh_token: 'text' });
    if (req.headers['x-refresh-token'] !== b.refresh_token) throw new Refusal(400, 'x-refresh-token');
    const found = refresh.get(b.refresh_token as string);
    if (found) found.live = false;
    return null;
  });
  on('GET', '/profile/me', (req, url) => {
    query(url, []);
    return publicUser(signedIn(req));
  });
  on('PUT', '/profile', (req, _url, body) => {
    const u = signedIn(req);
    const b = strict(
      body,
      { username: 'text', password_old: 'text', password_new: 'text', password_confirm: 'text' },
      ['password_old', 'password_new', 'password_confirm'],
    );
    if (b.password_new !== undefined) {
      if (b.password_old !== u.password || b.password_new !== b.password_confirm) {
        throw new Refusal(400, 'Wrong password');
      }
      u.password = b.password_new as string;
    }
    u.username = b.username as string;
    return publicUser(u);
  });

  // --- Users ---
  on('POST', '/users', (req, _url, body) => {
    requireManager(signedIn(req));
    const b = strict(body, {
      admin_password: 'text',
      origin: 'number',
      authority_level: 'number',
      username: 'text',
      password: 'text',
    });
    const u = { id: nextId++, username: b.username as string, password: b.password as string };
    users.push({ ...u, authority_level: 100, origin: b.origin as number });
    return publicUser(userById(u.id));
  });
  on('POST', '/employees', (req, _url, body) => {
    requireManager(signedIn(req));
    const b = strict(body, { origin: 'number', username: 'text', password: 'text' });
    const u = { id: nextId++, username: b.username as string, password: b.password as string };
    users.push({ ...u, authority_level: 200, origin: b.origin as number });
    return publicUser(userById(u.id));
  });

  // --- Clients ---
  on('GET', '/clients', (req, url) => {
    signedIn(req);
    const { filter = '' } = query(url, ['filter']);
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return [...clients.values()]
      .filter((c) => words.every((w) => String(c.name).toLowerCase().includes(w)))
      .map((c) => ({
        ...c,
        normal_service_orders: ordersOfClient(c.id as number, 'normal'),
        returned_service_orders: ordersOfClient(c.id as number, 'returned'),
        external_service_orders: ordersOfClient(c.id as number, 'external'),
        orders: [...partsOrders.values()].filter((o) => o.client_id === c.id).map(summary),
      }));
  });
  on('POST', '/clients', (req, _url, body) => {
    signedIn(req);
    const c = { id: nextId++, ...strict(body, CLIENT), created_at: nowIso(), updated_at: nowIso() };
    clients.set(c.id, c);
    return c;
  });
  on('GET', '/clients/{id}', (req, url, _b, [id]) => {
    signedIn(req);
    query(url, []);
    const c = clientOf(id);
    return {
      ...c,
      normal_service_orders: ordersOfClient(c.id as number, 'normal'),
      returned_service_orders: ordersOfClient(c.id as number, 'returned'),
    };
  });
  on('PUT', '/clients/{id}', (req, _url, body, [id]) => {
    signedIn(req);
    const c = clientOf(id);
    Object.assign(c, strict(body, CLIENT), { updated_at: nowIso() });
    return c;
  });
  on('DELETE', '/clients/{id}', (req, _url, body, [id]) => {
    signedIn(req);
    confirmManager(strict(body, CONFIRM));
    clientOf(id);
    clients.delete(Number(id));
    return null;
  });

  // --- Service orders ---
  on('GET', '/service-orders', (req, url) => {
    signedIn(req);
    const { number } = query(url, ['number']);
    return [...serviceOrders.values()].filter((o) => o.number === number).map(listRow);
  });
  for (const kind of ['normal', 'returned', 'external'] as const) {
    on('GET', `/service-orders/${kind}`, (req, url) => {
      signedIn(req);
      const q = kind === 'normal' ? query(url, ['status'], ['number']) : query(url, ['status']);
      return [...serviceOrders.values()]
        .filter((o) => o.kind === kind)
        .filter((o) => (q.status !== undefined ? o.status === Number(q.status) : o.number === q.number))
        .map(listRow);
    });
    on('GET', `/service-orders/${kind}/{id}`, (req, url, _b, [id]) => {
      signedIn(req);
      query(url, []);
      return fullServiceOrder(serviceOrder(id, kind));
    });
  }
  function createServiceOrder(kind: 'normal' | 'returned' | 'external', fields: Json, clientId: unknown) {
    clientOf(clientId);
    counters[kind] += 1;
    const letter = kind === 'normal' ? 'M' : kind === 'returned' ? 'R' : 'E';
    const status = kind === 'normal' ? 100 : kind === 'returned' ? 200 : 300;
    const empty = Object.fromEntries(Object.keys(kind === 'external' ? {} : REPAIR).map((k) => [k, null]));
    const o = {
      id: nextId++,
      kind,
      number: `${letter}${counters[kind]}`,
      status,
      ...empty,
      ...fields,
      client_id: Number(clientId),
      created_at: nowIso(),
      updated_at: nowIso(),
    };
    serviceOrders.set(o.id, o);
    return { id: o.id };
  }
  on('POST', '/service-orders/normal', (req, _url, body) => {
    signedIn(req);
    const b = strict(body, { client_id: 'number', ...PRODUCT });
    return createServiceOrder('normal', b, b.client_id);
  });
  on('POST', '/service-orders/returned', (req, _url, body) => {
    signedIn(req);
    const b = strict(body, { original_service_order_id: 'number', return_motive: 'text' });
    const original = serviceOrder(b.original_service_order_id, 'normal');
    return createServiceOrder('returned', b, original.client_id);
  });
  on('POST', '/service-orders/external', (req, _url, body) => {
    signedIn(req);
    const b = strict(body, { client_id: 'number', ...PRODUCT, ...SERVICE });
    return createServiceOrder('external', b, b.client_id);
  });
  on('PUT', '/service-orders/normal/{id}', (req, _url, body, [id]) => {
    signedIn(req);
    const o = serviceOrder(id, 'normal');
    notTerminal(o.status);
    Object.assign(o, strict(body, { status: 'number', ...PRODUCT, ...REPAIR }), { updated_at: nowIso() });
    return { id: o.id };
  });
  on('PUT', '/service-orders/returned/{id}', (req, _url, body, [id]) => {
    signedIn(req);
    const o = serviceOrder(id, 'returned');
    notTerminal(o.status);
    Object.assign(o, strict(body, { status: 'number', return_motive: 'text', ...REPAIR }), {
      updated_at: nowIso(),
    });
    return { id: o.id };
  });
  // The manager's typed credentials are what SPEC §6 asks of a delete, whoever is signed in.
  on('DELETE', '/service-orders/{id}', (req, _url, body, [id]) => {
    signedIn(req);
    confirmManager(strict(body, CONFIRM));
    serviceOrder(id);
    serviceOrders.delete(Number(id));
    return null;
  });

  // --- Parts orders ---
  on('GET', '/orders', (req, url) => {
    signedIn(req);
    const q = query(url, ['number'], ['status']);
    return [...partsOrders.values()]
      .filter((o) => (q.status !== undefined ? o.status === Number(q.status) : o.number === q.number))
      .map(listRow);
  });
  on('GET', '/orders/{id}', (req, url, _b, [id]) => {
    signedIn(req);
    query(url, []);
    const o = partsOrder(id);
    return { ...o, client: clientOf(o.client_id), transactions: transactionsOf('order_id', o.id as number) };
  });
  const PARTS: Shape = {
    piece_name: 'text',
    piece_code: 'text?',
    piece_value: 'number?',
    product_model: 'text?',
  };
  on('POST', '/orders', (req, _url, body) => {
    signedIn(req);
    const b = strict(body, { client_id: 'number', ...PARTS });
    clientOf(b.client_id);
    counters.parts += 1;
    const o = {
      id: nextId++,
      number: `P${counters.parts}`,
      status: 100,
      payment_method: null,
      manufacturer_date: null,
      manufacturer_code: null,
      ...b,
      created_at: nowIso(),
      updated_at: nowIso(),
    };
    partsOrders.set(o.id, o);
    return { id: o.id };
  });
  on('PUT', '/orders/{id}', (req, _url, body, [id]) => {
    signedIn(req);
    const o = partsOrder(id);
    if (o.status === 103 || o.status === 104) throw new Refusal(400, 'Order is finished');
    const b = strict(body, {
      status: 'number',
      ...PARTS,
      payment_method: 'text?',
      manufacturer_date: 'date',
      manufacturer_code: 'text?',
    });
    Object.assign(o, b, { manufacturer_date: b.manufacturer_date || null, updated_at: nowIso() });
    return { id: o.id };
  });
  on('DELETE', '/orders/{id}', (req, _url, body, [id]) => {
    signedIn(req);
    confirmManager(strict(body, CONFIRM));
    partsOrder(id);
    partsOrders.delete(Number(id));
    return null;
  });

  // --- Transactions ---
  on('POST', '/transactions/cancel/service-order', (req, _url, body) => {
    signedIn(req);
    const b = strict(body, { service_order_id: 'number', cancel_motive: 'text', date: 'date' });
    const o = serviceOrder(b.service_order_id);
    notTerminal(o.status);
    o.status = o.kind === 'normal' ? 107 : o.kind === 'returned' ? 204 : 302;
    return addTransaction({
      type: 301,
      value: upfrontSum('service_order_id', o.id as number),
      description: b.cancel_motive,
      date: isoDate(b.date as string),
      service_order_id: o.id,
    });
  });
  on('POST', '/transactions/close/service-order', (req, _url, body) => {
    signedIn(req);
    const b = strict(body, { service_order_id: 'number', date: 'date', description: 'text' });
    const o = serviceOrder(b.service_order_id);
    notTerminal(o.status);
    const final = (o.kind === 'external' ? o.service_value : o.fix_value_final) as number | null;
    const method = (o.kind === 'external' ? o.service_payment_method : o.fix_payment_method) as string | null;
    if (final === null || final === undefined || !method) throw new Refusal(400, 'Final value required');
    o.status = o.kind === 'normal' ? 108 : o.kind === 'returned' ? 205 : 301;
    return addTransaction({
      type: 102,
      value: final - upfrontSum('service_order_id', o.id as number),
      description: b.description,
      date: isoDate(b.date as string),
      payment_method: method,
      service_order_id: o.id,
    });
  });
  const UPFRONT: Shape = { value: 'number', description: 'text', date: 'date', payment_method: 'text' };
  on('POST', '/transactions/upfront-payment/service-order', (req, _url, body) => {
    signedIn(req);
    const b = strict(body, { service_order_id: 'number', ...UPFRONT });
    const o = serviceOrder(b.service_order_id);
    notTerminal(o.status);
    const { service_order_id: _, ...fields } = b;
    return addTransaction({ type: 101, ...fields, date: isoDate(b.date as string), service_order_id: o.id });
  });
  on('POST', '/transactions/cancel/order', (req, _url, body) => {
    signedIn(req);
    const b = strict(body, { order_id: 'number', cancel_motive: 'text', date: 'date', ...CONFIRM });
    confirmManager(b);
    const o = partsOrder(b.order_id);
    if (o.status === 103 || o.status === 104) throw new Refusal(400, 'Order is finished');
    o.status = 103;
    return addTransaction({
      type: 302,
      value: upfrontSum('order_id', o.id as number),
      description: b.cancel_motive,
      date: isoDate(b.date as string),
      order_id: o.id,
    });
  });
  on('POST', '/transactions/close/order', (req, _url, body) => {
    signedIn(req);
    const b = strict(body, { order_id: 'number', date: 'date', description: 'text' });
    const o = partsOrder(b.order_id);
    if (o.status === 103 || o.status === 104) throw new Refusal(400, 'Order is finished');
    if (o.piece_value === null || !o.payment_method) throw new Refusal(400, 'Value and method required');
    o.status = 104;
    return addTransaction({
      type: 104,
      value: (o.piece_value as number) - upfrontSum('order_id', o.id as number),
      description: b.description,
      date: isoDate(b.date as string),
      payment_method: o.payment_method,
      order_id: o.id,
    });
  });
  on('POST', '/transactions/upfront-payment/order', (req, _url, body) => {
    signedIn(req);
    const b = strict(body, { order_id: 'number', ...UPFRONT });
    const o = partsOrder(b.order_id);
    const { order_id: _, ...fields } = b;
    return addTransaction({ type: 101, ...fields, date: isoDate(b.date as string), order_id: o.id });
  });
  const byDateAndId = (a: Json, b: Json) =>
    String(a.date).localeCompare(String(b.date)) || (a.id as number) - (b.id as number);
  on('GET', '/transactions/day', (req, url) => {
    requireManager(signedIn(req));
    const { date = '' } = query(url, ['date']);
    isoDate(date);
    return [...transactions.values()]
      .filter((t) => t.date === date)
      .sort(byDateAndId)
      .map(publicTransaction);
  });
  on('GET', '/transactions/period', (req, url) => {
    requireManager(signedIn(req));
    const q = query(url, ['start_date', 'end_date']);
    const start = isoDate(q.start_date ?? '');
    const end = isoDate(q.end_date ?? '');
    return [...transactions.values()]
      .filter((t) => (t.date as string) >= start && (t.date as string) <= end)
      .sort(byDateAndId)
      .map(publicTransaction);
  });
  const ENTRY: Shape = { type: 'number', value: 'number', description: 'text', payment_method: 'text' };
  const manual = (b: Json) => {
    if (b.type !== 103 && b.type !== 201) throw new Refusal(400, 'type');
  };
  on('POST', '/transactions', (req, _url, body) => {
    requireManager(signedIn(req));
    const b = strict(body, { ...ENTRY, date: 'date' });
    manual(b);
    return publicTransaction(addTransaction({ ...b, date: isoDate(b.date as string) }));
  });
  on('PUT', '/transactions/{id}', (req, _url, body, [id]) => {
    requireManager(signedIn(req));
    const t = transactions.get(Number(id));
    if (!t) throw new Refusal(404, 'Transaction not found');
    const b = strict(body, ENTRY);
    manual(b);
    Object.assign(t, b);
    return publicTransaction(t);
  });
  on('DELETE', '/transactions/{id}', (req, _url, body, [id]) => {
    requireManager(signedIn(req));
    confirmManager(strict(body, CONFIRM));
    if (!transactions.delete(Number(id))) throw new Refusal(404, 'Transaction not found');
    return null;
  });

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return undefined;
    if (!String(req.headers['content-type']).startsWith('application/json')) throw new Refusal(400, 'JSON');
    try {
      return JSON.parse(text);
    } catch {
      throw new Refusal(400, 'Malformed JSON');
    }
  }

  function send(res: ServerResponse, status: number, payload: unknown) {
    if (payload === null || payload === undefined) {
      res.writeHead(status === 200 ? 204 : status).end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://spec');
    // SPEC §7 writes some paths with a leading slash and some without: both reach the same call.
    const path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/$/, '') || '/';
    try {
      const body = await readBody(req);
      backend.calls.push(`${req.method} ${path}`);
      const route = routes.find(([method, pattern]) => method === req.method && pattern.test(path));
      if (!route) throw new Refusal(404, 'Not found');
      const params = (route[1].exec(path) as RegExpExecArray).slice(1);
      if (req.method === 'GET' && body !== undefined) throw new Refusal(400, 'GET with a body');
      const answer = route[2](req, url, body, params as string[]);
      send(res, req.method === 'POST' && answer !== null ? 201 : 200, answer);
    } catch (err) {
      if (err instanceof Refusal) send(res, err.status, { message: err.message });
      else {
        backend.failures.push(String(err));
        send(res, 500, { message: 'Internal error' });
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const backend: SpecBackend = {
    url: `http://127.0.0.1:${port}`,
    calls: [],
    failures: [],
    tokenLifeMs: options.tokenLifeMs ?? 15 * 60_000,
    refusal: '401',
    expireAccessTokens() {
      for (const entry of access.values()) entry.until = 0;
    },
    liveRefreshTokens: () => [...refresh.values()].filter((r) => r.live).length,
    setAuthority(username, authority) {
      const u = users.find((x) => x.username === username);
      if (u) u.authority_level = authority;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return backend;
}
