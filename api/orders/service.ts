/**
 * Parts orders (SPEC §3–§7; API.md Orders): open, list, read, edit, soft-delete with a manager's
 * confirmation, and the three cash actions — upfront payment, close (send to cash) and cancel.
 *
 * Every write runs in one database transaction that first locks the order row (SELECT … FOR UPDATE), so
 * two closes of one order never both pass the "not yet terminal" check; the partial unique index of
 * migration 003 refuses a second close entry anyway. Inside a transaction only `trx` is used: on PGlite
 * the pool has one connection and reaching for deps.db there would wait forever.
 */

import { todayInShop } from '../../domain/dates.ts';
import { upfrontRefusal } from '../../domain/order-payments.ts';
import { firstStatus, isTerminal, TERMINAL_STATUSES } from '../../domain/statuses.ts';
import { TRANSACTION_TYPES } from '../../domain/transactions.ts';
import { confirmedSoftDelete } from '../audit/confirmed-delete.ts';
import { recordAudit } from '../audit/repository.ts';
import { confirmManager } from '../auth/service.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import type { ApiDeps } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { fromNearerEnd, pagingOf } from '../http/paging.ts';
import { checkVersion } from '../http/versions.ts';
import { nextNumber, normalizeNumber } from '../numbering/next-number.ts';
import { closedFrom } from '../status-links/repository.ts';
import type { ReopenedOrder } from '../transactions/order-entries.ts';
import {
  insertTransaction,
  type TransactionRow,
  transactionJson,
  transactionsOf,
  upfrontCents,
} from '../transactions/repository.ts';
import { isUniqueViolation } from '../users/repository.ts';
import {
  bumpOrderVersion,
  clientOfOrder,
  countOrders,
  findOrder,
  finishOrder,
  insertOrder,
  LIST_LIMIT,
  listOrders,
  livingClientExists,
  type OrderRow,
  reopenOrder,
  softDeleteOrder,
  updateOrder,
} from './repository.ts';
import type {
  CancelInput,
  CloseInput,
  CreateInput,
  ListFilter,
  UpdateInput,
  UpfrontInput,
} from './schema.ts';
import { orderAudit, orderJson, orderListItem, transactionAudit } from './serialize.ts';

const NOT_FOUND = 'Pedido não encontrado';
export const FINISHED = 'Este pedido já foi finalizado ou cancelado';
export const CLOSE_NEEDS = 'Para enviar um pedido ao caixa, ele deve conter: Valor e Forma de Pagamento';
const OPEN_STATUS = 100;
const ENTITY = 'order';

type Confirmation = { confirm_username: string; confirm_password: string };

/**
 * The number a search names: 'p1', 'P00001', 'P 001' -> P00001; digits alone ('1', '00001') are the
 * sequence number of a parts order. Null when the text cannot be a number.
 */
export function searchedNumber(text: string): string | null {
  const normalized = normalizeNumber(text);
  if (normalized) return normalized;
  const digits = /^\s*0*(\d{1,9})\s*$/.exec(text)?.[1];
  return digits ? `P${digits.padStart(5, '0')}` : null;
}

/** The list SPEC §7 names: an array, at most LIST_LIMIT; or, with `limit`, one page and the total. */
export async function list(deps: ApiDeps, filter: ListFilter) {
  const paging = pagingOf(filter);
  let number: string | undefined;
  if (filter.number !== undefined) {
    const named = searchedNumber(filter.number);
    if (!named) return paging ? { items: [], total: 0, ...paging } : [];
    number = named;
  }
  const where = { number, status: filter.status };
  const oldestFirst = filter.ordem === 'antigas';
  if (!paging) {
    const slice = oldestFirst ? { limit: LIST_LIMIT, offset: 0, oldestFirst } : undefined;
    return (await listOrders(deps.db, where, slice)).map(orderListItem);
  }
  const total = await countOrders(deps.db, where);
  const far = fromNearerEnd(paging, total);
  const rows = await listOrders(deps.db, where, { ...(far ?? paging), oldestFirst, reversed: far !== null });
  return { items: rows.map(orderListItem), total, ...paging };
}

async function detail(db: Db, row: OrderRow) {
  const [client, transactions] = await Promise.all([
    clientOfOrder(db, row.client_id),
    transactionsOf(db, { orderId: row.id }),
  ]);
  return orderJson(row, client, transactions);
}

export async function get(deps: ApiDeps, id: number) {
  const row = await findOrder(deps.db, id);
  if (!row) throw notFound(NOT_FOUND);
  return detail(deps.db, row);
}

export async function create(deps: ApiDeps, actor: AccessClaims, input: CreateInput) {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await livingClientExists(trx, input.client_id))) {
      throw badRequest('Dados inválidos', { client_id: 'Cliente não encontrado' });
    }
    const number = await nextNumber(trx, 'P');
    const row = await insertOrder(trx, { ...input, number, status: OPEN_STATUS, createdBy: actor.id });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'create',
      entity: ENTITY,
      entityId: row.id,
      after: orderAudit(row),
    });
    return { id: row.id, number: row.number };
  });
}

/** Locks a living order that is still open, or answers 404 / 409. */
async function lockOpenOrder(trx: Db, id: number): Promise<OrderRow> {
  const row = await findOrder(trx, id, { forUpdate: true });
  if (!row) throw notFound(NOT_FOUND);
  if (isTerminal('parts', row.status)) throw conflict(FINISHED);
  return row;
}

/** The order as it is now, for a 409 over a stale version (`current`). */
async function currentJson(db: Db, id: number) {
  const current = await findOrder(db, id);
  return current ? detail(db, current) : null;
}

export async function update(
  deps: ApiDeps,
  actor: AccessClaims,
  id: number,
  input: UpdateInput,
  expected: number | undefined = input.version,
) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await lockOpenOrder(trx, id);
    await checkVersion(expected, before, () => currentJson(trx, id));
    const after = await updateOrder(trx, id, input);
    if (!after) throw notFound(NOT_FOUND);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: orderAudit(before),
      after: orderAudit(after),
    });
    return after;
  });
  return detail(deps.db, row);
}

/**
 * Any signed-in caller may ask, but the body must carry an active manager's credentials (SPEC §6, API.md
 * "Manager confirmation"), checked before the order is even looked at. Any status may be deleted; the cash
 * entries the order wrote stay in the cash history.
 */
export async function remove(
  deps: ApiDeps,
  actor: AccessClaims,
  id: number | null,
  confirmation: Confirmation,
  ip: string,
): Promise<void> {
  await confirmedSoftDelete(deps, actor, id, confirmation, ip, {
    entity: ENTITY,
    notFoundMessage: NOT_FOUND,
    lock: (trx, orderId) => findOrder(trx, orderId, { forUpdate: true }),
    softDelete: softDeleteOrder,
    snapshot: orderAudit,
  });
}

/** A close entry already there (the unique index of migration 003) is the same conflict as a closed order. */
function asConflict(err: unknown): unknown {
  return isUniqueViolation(err) ? conflict(FINISHED) : err;
}

export async function upfrontPayment(deps: ApiDeps, actor: AccessClaims, input: UpfrontInput) {
  const entry = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOpenOrder(trx, input.order_id);
    // Under the lock, so two payments sent together cannot both fit in what was still owed.
    const value = order.piece_value_cents === null ? null : Number(order.piece_value_cents);
    const tooMuch = upfrontRefusal(value, await upfrontCents(trx, { orderId: order.id }), input.value);
    if (tooMuch) throw badRequest(tooMuch, { value: tooMuch });
    // A payment changes what the order owes: an edit loaded before it is stale.
    await bumpOrderVersion(trx, order.id);
    const written = await insertTransaction(trx, {
      type: TRANSACTION_TYPES.UPFRONT_PAYMENT,
      valueCents: input.value,
      description: input.description,
      date: input.date ?? todayInShop(deps.shopTz),
      paymentMethod: input.payment_method,
      orderId: order.id,
      createdBy: actor.id,
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'upfront_payment',
      entity: ENTITY,
      entityId: order.id,
      before: orderAudit(order),
      after: { ...orderAudit(order), transaction: transactionAudit(written) },
    });
    return written;
  });
  return transactionJson(entry);
}

/**
 * Send to cash (API.md Orders): needs the value and the payment method; sets Finalizado and writes one
 * 104 entry of the value less the upfront payments (never below zero), with the order's payment method,
 * described as 'Pedido P00001' unless the call names a description.
 */
export async function close(
  deps: ApiDeps,
  actor: AccessClaims,
  input: CloseInput,
  expected: number | undefined = input.version,
) {
  try {
    const entry = await deps.db.transaction().execute(async (trx) => {
      // Finished first: a repeated close answers 'already finished' (409), which the web takes as done.
      const order = await lockOpenOrder(trx, input.order_id);
      // The confirmation showed the order as it was at `expected`: changed since, nothing is booked.
      await checkVersion(expected, order, () => currentJson(trx, order.id));
      if (order.piece_value_cents === null || !order.payment_method) {
        const issues: Record<string, string> = {};
        if (order.piece_value_cents === null) issues.piece_value = CLOSE_NEEDS;
        if (!order.payment_method) issues.payment_method = CLOSE_NEEDS;
        throw badRequest(CLOSE_NEEDS, issues);
      }
      const paid = await upfrontCents(trx, { orderId: order.id });
      const written = await insertTransaction(trx, {
        type: TRANSACTION_TYPES.PARTS_ORDER_CLOSED,
        valueCents: Math.max(0, Number(order.piece_value_cents) - paid),
        // Named as a service order's close is ('O.S. M00001'): the cash lists show whose money it is.
        description: input.description ?? `Pedido ${order.number}`,
        date: input.date ?? todayInShop(deps.shopTz),
        paymentMethod: order.payment_method,
        orderId: order.id,
        createdBy: actor.id,
      });
      const after = await finishOrder(trx, order.id, TERMINAL_STATUSES.parts.completed);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'close',
        entity: ENTITY,
        entityId: order.id,
        before: orderAudit(order),
        after: { ...orderAudit(after), upfront_cents: paid, transaction: transactionAudit(written) },
      });
      return written;
    });
    return transactionJson(entry);
  } catch (err) {
    throw asConflict(err);
  }
}

/** reopenAfterCloseDeleted of the service orders, for a parts order (decision 032). */
export async function reopenAfterCloseDeleted(
  db: Db,
  actor: AccessClaims,
  id: number,
  entry: TransactionRow,
): Promise<ReopenedOrder | null> {
  const order = await findOrder(db, id, { forUpdate: true });
  if (!order || order.status !== TERMINAL_STATUSES.parts.completed) return null;
  const status = (await closedFrom(db, id, ENTITY)) ?? firstStatus('parts');
  const after = await reopenOrder(db, id, status);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'reopen',
    entity: ENTITY,
    entityId: id,
    before: orderAudit(order),
    after: { ...orderAudit(after), transaction: transactionAudit(entry) },
  });
  return { entity: 'order', kind: 'parts', id, number: order.number, status };
}

/**
 * Cancel (SPEC §5, §6; API.md Orders): a manager's credentials first — refused ones write nothing — then
 * Cancelado and one 302 entry carrying the motive and the sum of the upfront payments, for the record
 * (302 does not count in the balance).
 */
export async function cancel(deps: ApiDeps, actor: AccessClaims, input: CancelInput, ip: string) {
  const manager = await confirmManager(deps, input, ip);
  const entry = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOpenOrder(trx, input.order_id);
    const paid = await upfrontCents(trx, { orderId: order.id });
    const written = await insertTransaction(trx, {
      type: TRANSACTION_TYPES.PARTS_ORDER_CANCELLED,
      valueCents: paid,
      description: input.cancel_motive,
      date: input.date ?? todayInShop(deps.shopTz),
      paymentMethod: null,
      orderId: order.id,
      createdBy: actor.id,
    });
    const after = await finishOrder(trx, order.id, TERMINAL_STATUSES.parts.cancelled);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'cancel',
      entity: ENTITY,
      entityId: order.id,
      before: orderAudit(order),
      after: {
        ...orderAudit(after),
        transaction: transactionAudit(written),
        confirmed_by: { id: manager.id, username: manager.username },
      },
    });
    return written;
  });
  return transactionJson(entry);
}
