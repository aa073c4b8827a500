/**
 * Service orders of the three kinds (SPEC §3, §4, §7; API.md Orders): open, read, list, edit,
 * soft-delete with a manager's confirmation, and the three cash actions — upfront payment, close (send
 * to cash) and cancel. Every change is audited (entity 'service_order', money in cents).
 *
 * Edits, deletes and the cash actions first lock the order's row (SELECT … FOR UPDATE) inside one
 * database transaction and only then look at its status: of twenty simultaneous closes one writes the
 * close entry and the other nineteen find the order already finished (409). The partial unique index
 * of migration 003 refuses a second live close entry even if some other path forgot the lock.
 */
import { todayInShop } from '../../domain/dates.ts';
import { upfrontRefusal } from '../../domain/order-payments.ts';
import { firstStatus, isTerminal, TERMINAL_STATUSES } from '../../domain/statuses.ts';
import { TRANSACTION_TYPES } from '../../domain/transactions.ts';
import { originLetter } from '../../domain/users.ts';
import { confirmedSoftDelete } from '../audit/confirmed-delete.ts';
import { recordAudit } from '../audit/repository.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import { findClient } from '../clients/repository.ts';
import type { ApiDeps } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { fromNearerEnd, type Page, type Paging } from '../http/paging.ts';
import { checkVersion } from '../http/versions.ts';
import { nextNumber } from '../numbering/next-number.ts';
import { closedFrom } from '../status-links/repository.ts';
import type { ReopenedOrder } from '../transactions/order-entries.ts';
import {
  insertTransaction,
  type TransactionRow,
  transactionJson,
  upfrontCents,
} from '../transactions/repository.ts';
import { isUniqueViolation } from '../users/repository.ts';
import { checkReturnWarranty, type WarrantyConfirmation } from '../warranty/service.ts';
import {
  countServiceOrders,
  findServiceOrder,
  findServiceOrderDetail,
  insertServiceOrder,
  LIST_LIMIT,
  listServiceOrders,
  numbersFor,
  type ServiceOrderDetailRow,
  type ServiceOrderRow,
  searchServiceOrders,
  softDeleteServiceOrder,
  updateServiceOrder,
} from './repository.ts';
import type {
  CancelInput,
  CloseInput,
  CreateExternalInput,
  CreateNormalInput,
  CreateReturnedInput,
  ServiceOrderKind,
  UpdateExternalInput,
  UpdateNormalInput,
  UpdateReturnedInput,
  UpfrontPaymentInput,
} from './schema.ts';
import {
  auditSnapshot,
  auditTransaction,
  externalOrderJson,
  listItemJson,
  normalOrderJson,
  type OrderParts,
  returnedOrderJson,
} from './serialize.ts';

const ENTITY = 'service_order';

export const MESSAGES = {
  notFound: 'O.S. não encontrada',
  finished: 'Esta O.S. já foi finalizada ou cancelada',
  closeNeeds: 'Para a O.S. ir para o caixa ela deve conter: Valor Final e Forma de Pagamento',
  clientNotFound: 'Cliente não encontrado',
  originalNotFound: 'A O.S. original deve ser uma O.S. normal existente',
  externalUpfront: 'Atendimento externo não recebe pagamento antecipado',
} as const;

/** New orders start here (API.md Orders). */
const INITIAL_STATUS: Record<ServiceOrderKind, number> = { normal: 100, returned: 200, external: 300 };

type Confirmation = { confirm_username: string; confirm_password: string };

// ---------------------------------------------------------------------------------------------------
// Reading

function partsOf(detail: ServiceOrderDetailRow): OrderParts {
  const { client, transactions, ...row } = detail;
  return { row, client, transactions };
}

/** The full order of its kind: client, entries and, for a return, the original order in full. */
async function detailOf(db: Db, detail: ServiceOrderDetailRow) {
  const parts = partsOf(detail);
  if (detail.kind === 'normal') return normalOrderJson(parts);
  if (detail.kind === 'external') return externalOrderJson(parts);
  const original =
    detail.original_service_order_id === null
      ? undefined
      : await findServiceOrderDetail(db, detail.original_service_order_id, { asWas: true });
  return returnedOrderJson(parts, original ? partsOf(original) : null);
}

/** GET /service-orders/{kind}/{id}: only an order of that kind answers; any other id is 404. */
export async function get(deps: ApiDeps, kind: ServiceOrderKind, id: number | null) {
  const detail = id === null ? undefined : await findServiceOrderDetail(deps.db, id);
  if (!detail || detail.kind !== kind) throw notFound(MESSAGES.notFound);
  return detailOf(deps.db, detail);
}

/** Lists by status and/or number (of one kind, or of any when `kind` is undefined). */
type ListQuery = { status?: number | undefined; number?: string | undefined; ordem?: 'antigas' | undefined };

function listFilter(kind: ServiceOrderKind | undefined, query: ListQuery) {
  return {
    ...(kind ? { kind } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(query.number !== undefined ? { numbers: numbersFor(query.number) } : {}),
  };
}

/** The list SPEC §7 names: an array, at most LIST_LIMIT. */
export async function list(deps: ApiDeps, kind: ServiceOrderKind | undefined, query: ListQuery) {
  const rows = await listServiceOrders(
    deps.db,
    listFilter(kind, query),
    query.ordem === 'antigas' ? { limit: LIST_LIMIT, offset: 0, oldestFirst: true } : undefined,
  );
  return rows.map(listItemJson);
}

/** One page of the same list and how many the whole list holds (docs/api.md "Lists in pages"). */
export async function listPage(
  deps: ApiDeps,
  kind: ServiceOrderKind | undefined,
  query: ListQuery,
  paging: Paging,
): Promise<Page<ReturnType<typeof listItemJson>>> {
  const filter = listFilter(kind, query);
  const total = await countServiceOrders(deps.db, filter);
  const far = fromNearerEnd(paging, total);
  const rows = await listServiceOrders(deps.db, filter, {
    ...(far ?? paging),
    oldestFirst: query.ordem === 'antigas',
    reversed: far !== null,
  });
  return { items: rows.map(listItemJson), total, ...paging };
}

/**
 * Consulta's O.S. search: a text naming an O.S. that exists finds it (its number's index, at once);
 * any other text, the orders whose product name and serial number hold every word of it (case, accents
 * and punctuation ignored, as the client search; decision 027).
 */
export async function search(deps: ApiDeps, text: string) {
  const numbers = numbersFor(text);
  const byNumber = numbers.length ? await listServiceOrders(deps.db, { numbers }) : [];
  const rows = byNumber.length ? byNumber : await searchServiceOrders(deps.db, text);
  return rows.map(listItemJson);
}

// ---------------------------------------------------------------------------------------------------
// Opening

type ProductInput = Pick<
  CreateNormalInput,
  | 'product_name'
  | 'product_model'
  | 'product_brand'
  | 'product_serial'
  | 'product_accessories'
  | 'product_details'
>;

function productColumns(input: ProductInput) {
  return {
    product_name: input.product_name,
    product_model: input.product_model,
    product_brand: input.product_brand,
    product_serial: input.product_serial,
    product_accessories: input.product_accessories,
    product_details: input.product_details,
  };
}

function fixColumns(input: UpdateNormalInput | UpdateReturnedInput) {
  return {
    fix_technician_name: input.fix_technician_name,
    fix_date: input.fix_date,
    fix_description: input.fix_description,
    fix_value_pieces_cents: input.fix_value_pieces,
    fix_value_labor_cents: input.fix_value_labor,
    fix_value_final_cents: input.fix_value_final,
    fix_payment_method: input.fix_payment_method,
  };
}

function serviceColumns(input: CreateExternalInput | UpdateExternalInput) {
  return {
    service_details: input.service_details,
    service_type: input.service_type,
    service_date: input.service_date,
    service_period: input.service_period,
    service_value_cents: input.service_value,
    service_payment_method: input.service_payment_method,
  };
}

/** A living client, locked so it cannot be deleted while an order is opened for it; else 400. */
async function livingClient(db: Db, id: number) {
  const client = await findClient(db, id, { forUpdate: true });
  if (!client) throw badRequest(MESSAGES.clientNotFound, { client_id: MESSAGES.clientNotFound });
  return client;
}

async function audited(db: Db, actor: AccessClaims, action: string, row: ServiceOrderRow) {
  await recordAudit(db, {
    actorId: actor.id,
    action,
    entity: ENTITY,
    entityId: row.id,
    after: auditSnapshot(row),
  });
  return { id: row.id, number: row.number };
}

/** A normal order: M or F by the origin of the staff member who opens it. */
export async function createNormal(deps: ApiDeps, actor: AccessClaims, input: CreateNormalInput) {
  return deps.db.transaction().execute(async (trx) => {
    await livingClient(trx, input.client_id);
    const row = await insertServiceOrder(trx, {
      kind: 'normal',
      number: await nextNumber(trx, originLetter(actor.origin)),
      status: INITIAL_STATUS.normal,
      client_id: input.client_id,
      ...productColumns(input),
      created_by: actor.id,
    });
    return audited(trx, actor, 'create', row);
  });
}

/**
 * A return against a living normal order: the original's client, and a copy of its product (so the
 * lists, the client's orders and the cash entries name the product of a return too).
 */
export async function createReturned(
  deps: ApiDeps,
  actor: AccessClaims,
  input: CreateReturnedInput,
  outOfWarranty: { confirmation: WarrantyConfirmation; ip: string } = { confirmation: {}, ip: '' },
) {
  // Out of warranty, a manager's credentials (decision 020), checked before the transaction (the check
  // reads users on its own connection); the return then names that manager.
  const overrideBy = await checkReturnWarranty(
    deps,
    input.original_service_order_id,
    outOfWarranty.confirmation,
    outOfWarranty.ip,
  );
  return deps.db.transaction().execute(async (trx) => {
    const original = await findServiceOrder(trx, input.original_service_order_id, { forUpdate: true });
    if (original?.kind !== 'normal') {
      throw badRequest(MESSAGES.originalNotFound, { original_service_order_id: MESSAGES.originalNotFound });
    }
    const row = await insertServiceOrder(trx, {
      kind: 'returned',
      number: await nextNumber(trx, 'R'),
      status: INITIAL_STATUS.returned,
      client_id: original.client_id,
      original_service_order_id: original.id,
      return_motive: input.return_motive,
      product_name: original.product_name,
      product_model: original.product_model,
      product_brand: original.product_brand,
      product_serial: original.product_serial,
      product_accessories: original.product_accessories,
      product_details: original.product_details,
      created_by: actor.id,
      warranty_override_by: overrideBy,
    });
    return audited(trx, actor, 'create', row);
  });
}

export async function createExternal(deps: ApiDeps, actor: AccessClaims, input: CreateExternalInput) {
  return deps.db.transaction().execute(async (trx) => {
    await livingClient(trx, input.client_id);
    const row = await insertServiceOrder(trx, {
      kind: 'external',
      number: await nextNumber(trx, 'E'),
      status: INITIAL_STATUS.external,
      client_id: input.client_id,
      ...productColumns(input),
      ...serviceColumns(input),
      created_by: actor.id,
    });
    return audited(trx, actor, 'create', row);
  });
}

// ---------------------------------------------------------------------------------------------------
// Editing and deleting

/** The living order, locked; 404 when there is none (of that kind, when one is given). */
async function locked(db: Db, id: number | null, kind?: ServiceOrderKind): Promise<ServiceOrderRow> {
  const row = id === null ? undefined : await findServiceOrder(db, id, { forUpdate: true });
  if (!row || (kind && row.kind !== kind)) throw notFound(MESSAGES.notFound);
  return row;
}

/** The living, still open order, locked: 404 or 409 otherwise. */
async function lockedOpen(db: Db, id: number | null, kind?: ServiceOrderKind): Promise<ServiceOrderRow> {
  const row = await locked(db, id, kind);
  if (isTerminal(row.kind, row.status)) throw conflict(MESSAGES.finished);
  return row;
}

/** The order as it is now, for a 409 over a stale version (`current`). */
async function currentJson(db: Db, id: number) {
  const current = await findServiceOrderDetail(db, id);
  return current ? detailOf(db, current) : null;
}

async function update(
  deps: ApiDeps,
  actor: AccessClaims,
  kind: ServiceOrderKind,
  id: number | null,
  changes: Parameters<typeof updateServiceOrder>[2],
  expected: number | undefined,
) {
  return deps.db.transaction().execute(async (trx) => {
    const before = await lockedOpen(trx, id, kind);
    await checkVersion(expected, before, () => currentJson(trx, before.id));
    const after = await updateServiceOrder(trx, before.id, changes);
    if (!after) throw notFound(MESSAGES.notFound);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'update',
      entity: ENTITY,
      entityId: before.id,
      before: auditSnapshot(before),
      after: auditSnapshot(after),
    });
    const detail = await findServiceOrderDetail(trx, after.id);
    if (!detail) throw notFound(MESSAGES.notFound);
    return detailOf(trx, detail);
  });
}

export function updateNormal(
  deps: ApiDeps,
  actor: AccessClaims,
  id: number | null,
  input: UpdateNormalInput,
  expected: number | undefined = input.version,
) {
  return update(
    deps,
    actor,
    'normal',
    id,
    {
      status: input.status,
      ...productColumns(input),
      ...fixColumns(input),
    },
    expected,
  );
}

export function updateReturned(
  deps: ApiDeps,
  actor: AccessClaims,
  id: number | null,
  input: UpdateReturnedInput,
  expected: number | undefined = input.version,
) {
  return update(
    deps,
    actor,
    'returned',
    id,
    {
      status: input.status,
      return_motive: input.return_motive,
      ...fixColumns(input),
    },
    expected,
  );
}

export function updateExternal(
  deps: ApiDeps,
  actor: AccessClaims,
  id: number | null,
  input: UpdateExternalInput,
  expected: number | undefined = input.version,
) {
  return update(
    deps,
    actor,
    'external',
    id,
    {
      status: input.status,
      ...productColumns(input),
      ...serviceColumns(input),
    },
    expected,
  );
}

/**
 * Any signed-in caller may ask, but the body must carry an active manager's credentials (SPEC §6,
 * API.md "Manager confirmation"), checked before the order is even looked at. Soft: the order's cash
 * entries stay in the cash history.
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
    notFoundMessage: MESSAGES.notFound,
    lock: (trx, orderId) => findServiceOrder(trx, orderId, { forUpdate: true }),
    softDelete: softDeleteServiceOrder,
    snapshot: auditSnapshot,
  });
}

// ---------------------------------------------------------------------------------------------------
// Cash actions

/** A second live close entry for the same order (the unique index) is the same 409 as a closed order. */
async function once<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MESSAGES.finished);
    throw err;
  }
}

/** Upfront payment (type 101): normal and returned orders, while open. */
export async function upfrontPayment(deps: ApiDeps, actor: AccessClaims, input: UpfrontPaymentInput) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await locked(trx, input.service_order_id);
    if (row.kind === 'external') {
      throw badRequest(MESSAGES.externalUpfront, { service_order_id: MESSAGES.externalUpfront });
    }
    if (isTerminal(row.kind, row.status)) throw conflict(MESSAGES.finished);
    const paidBefore = await upfrontCents(trx, { serviceOrderId: row.id });
    // Under the lock, so two payments sent together cannot both fit in what was still owed.
    const final = row.fix_value_final_cents === null ? null : Number(row.fix_value_final_cents);
    const tooMuch = upfrontRefusal(final, paidBefore, input.value);
    if (tooMuch) throw badRequest(tooMuch, { value: tooMuch });
    // A payment changes what the order owes: an edit loaded before it is stale.
    await updateServiceOrder(trx, row.id, {});
    const entry = await insertTransaction(trx, {
      type: TRANSACTION_TYPES.UPFRONT_PAYMENT,
      valueCents: input.value,
      description: input.description,
      date: input.date ?? todayInShop(deps.shopTz),
      paymentMethod: input.payment_method,
      serviceOrderId: row.id,
      createdBy: actor.id,
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'upfront-payment',
      entity: ENTITY,
      entityId: row.id,
      before: { status: row.status, upfront_cents: paidBefore },
      after: {
        status: row.status,
        upfront_cents: paidBefore + input.value,
        transaction: auditTransaction(entry),
      },
    });
    return transactionJson(entry);
  });
}

/** What closing needs of each kind: the final value and the payment method. */
function closingTerms(row: ServiceOrderRow) {
  return row.kind === 'external'
    ? {
        valueField: 'service_value',
        methodField: 'service_payment_method',
        cents: row.service_value_cents,
        method: row.service_payment_method,
      }
    : {
        valueField: 'fix_value_final',
        methodField: 'fix_payment_method',
        cents: row.fix_value_final_cents,
        method: row.fix_payment_method,
      };
}

/** Finishes a locked order with `status` and writes its one cash entry; audits both. */
async function finish(
  db: Db,
  actor: AccessClaims,
  action: 'close' | 'cancel',
  row: ServiceOrderRow,
  status: number,
  entry: Omit<Parameters<typeof insertTransaction>[1], 'serviceOrderId' | 'createdBy'>,
  upfront: number,
): Promise<TransactionRow> {
  const after = await updateServiceOrder(db, row.id, { status }, { finished: true });
  if (!after) throw notFound(MESSAGES.notFound);
  const written = await insertTransaction(db, { ...entry, serviceOrderId: row.id, createdBy: actor.id });
  await recordAudit(db, {
    actorId: actor.id,
    action,
    entity: ENTITY,
    entityId: row.id,
    before: auditSnapshot(row),
    after: { ...auditSnapshot(after), upfront_cents: upfront, transaction: auditTransaction(written) },
  });
  return written;
}

/**
 * Send to cash: the completed status and one close entry (102) of the final value minus the upfront
 * payments (never below zero), with the order's payment method.
 */
export async function close(
  deps: ApiDeps,
  actor: AccessClaims,
  input: CloseInput,
  expected: number | undefined = input.version,
) {
  return once(() =>
    deps.db.transaction().execute(async (trx) => {
      // Finished first: a repeated close answers 'already finished' (409), which the web takes as done.
      const row = await lockedOpen(trx, input.service_order_id);
      // The confirmation showed the order as it was at `expected`: changed since, nothing is booked.
      await checkVersion(expected, row, () => currentJson(trx, row.id));
      const terms = closingTerms(row);
      if (terms.cents === null || !terms.method) {
        const issues: Record<string, string> = {};
        if (terms.cents === null) issues[terms.valueField] = MESSAGES.closeNeeds;
        if (!terms.method) issues[terms.methodField] = MESSAGES.closeNeeds;
        throw badRequest(MESSAGES.closeNeeds, issues);
      }
      const upfront = await upfrontCents(trx, { serviceOrderId: row.id });
      const entry = await finish(
        trx,
        actor,
        'close',
        row,
        TERMINAL_STATUSES[row.kind].completed,
        {
          type: TRANSACTION_TYPES.SERVICE_ORDER_CLOSED,
          valueCents: Math.max(0, Number(terms.cents) - upfront),
          description: input.description ?? `O.S. ${row.number}`,
          date: input.date ?? todayInShop(deps.shopTz),
          paymentMethod: terms.method,
        },
        upfront,
      );
      return transactionJson(entry);
    }),
  );
}

/**
 * A manager deleted this order's close entry at the cash (decision 032): its sending to the cash is taken
 * back. The order returns to the status it was sent from (its audit trail; the kind's first status when
 * the trail has none), open again with no finish date, so what it owes can be received and sent again.
 * An order not completed (cancelled, or deleted) is left as it is: null.
 */
export async function reopenAfterCloseDeleted(
  db: Db,
  actor: AccessClaims,
  id: number,
  entry: TransactionRow,
): Promise<ReopenedOrder | null> {
  const row = await findServiceOrder(db, id, { forUpdate: true });
  if (!row || row.status !== TERMINAL_STATUSES[row.kind].completed) return null;
  const status = (await closedFrom(db, id)) ?? firstStatus(row.kind);
  const after = await updateServiceOrder(db, id, { status, finished_at: null });
  if (!after) return null;
  await recordAudit(db, {
    actorId: actor.id,
    action: 'reopen',
    entity: ENTITY,
    entityId: id,
    before: auditSnapshot(row),
    after: { ...auditSnapshot(after), transaction: auditTransaction(entry) },
  });
  return { entity: 'service_order', kind: row.kind, id, number: row.number, status };
}

/**
 * Cancel (no manager check, SPEC §5): the cancelled status and one cancel entry (301) carrying the
 * motive and, for the record, the sum of the upfront payments (it does not count in the balance).
 */
export async function cancel(deps: ApiDeps, actor: AccessClaims, input: CancelInput) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockedOpen(trx, input.service_order_id);
    const upfront = await upfrontCents(trx, { serviceOrderId: row.id });
    const entry = await finish(
      trx,
      actor,
      'cancel',
      row,
      TERMINAL_STATUSES[row.kind].cancelled,
      {
        type: TRANSACTION_TYPES.SERVICE_ORDER_CANCELLED,
        valueCents: upfront,
        description: input.cancel_motive,
        date: input.date ?? todayInShop(deps.shopTz),
        paymentMethod: null,
      },
      upfront,
    );
    return transactionJson(entry);
  });
}
