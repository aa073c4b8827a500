/**
 * The cash register (SPEC §2 Cash of the day, Cash by period; §5 manual entries; API.md Cash, Audit):
 * entries of a day or a period, and the manual entries 103/201 a manager creates, edits and deletes.
 */
import { todayInShop } from '../../domain/dates.ts';
import { isManualEntryType } from '../../domain/transactions.ts';
import { confirmedSoftDelete } from '../audit/confirmed-delete.ts';
import { recordAudit } from '../audit/repository.ts';
import { confirmManager } from '../auth/service.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import type { ApiDeps } from '../context.ts';
import { conflict, notFound } from '../http/errors.ts';
import { checkVersion } from '../http/versions.ts';
import { orderAfterEntryDeleted, type ReopenedOrder } from './order-entries.ts';
import {
  cashEntry,
  cashEntryChunks,
  cashEntryJson,
  cashSummaryJson,
  cashTotalsBetween,
  findLiveTransaction,
  insertTransaction,
  type Slice,
  softDeleteTransaction,
  transactionAudit,
  updateEntry,
} from './repository.ts';
import type { Confirmation, EditEntryInput, NewEntryInput } from './schema.ts';

const NOT_FOUND = 'Lançamento não encontrado';
export const ONLY_MANUAL_EDITABLE = 'Só lançamentos de venda e compra podem ser editados';

/**
 * Entries whose business date is in [start, end] (both included), oldest first, as chunks of rows read
 * one after the other: the route shapes each entry with cashEntryJson as it writes the answer
 * (json-array.ts), so a long period is never held whole. A limit and/or an offset answer that slice of
 * the same list.
 */
export function between(deps: ApiDeps, start: string, end: string, slice: Slice = {}) {
  return cashEntryChunks(deps.db, start, end, slice);
}

/** How many live entries the period has, and per type how many and their sum (the balance's parts). */
export async function summary(deps: ApiDeps, start: string, end: string) {
  return cashSummaryJson(await cashTotalsBetween(deps.db, start, end));
}

async function entryJson(deps: ApiDeps, id: number) {
  const row = await cashEntry(deps.db, id);
  if (!row) throw notFound(NOT_FOUND);
  return cashEntryJson(row);
}

export async function create(deps: ApiDeps, actor: AccessClaims, input: NewEntryInput) {
  const id = await deps.db.transaction().execute(async (trx) => {
    const row = await insertTransaction(trx, {
      type: input.type,
      valueCents: input.value,
      description: input.description,
      date: input.date ?? todayInShop(deps.shopTz),
      paymentMethod: input.payment_method,
      createdBy: actor.id,
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'create',
      entity: 'transaction',
      entityId: row.id,
      after: transactionAudit(row),
    });
    return row.id;
  });
  return entryJson(deps, id);
}

/**
 * A manager edits a sale or purchase (103/201) and may turn one into the other; the entries the orders
 * write (101, 102, 104, 301, 302) answer 409. A confirmation, when sent, must be a manager's.
 */
export async function update(
  deps: ApiDeps,
  actor: AccessClaims,
  id: number | null,
  input: EditEntryInput,
  confirmation: Confirmation | null,
  ip: string,
  expected?: number,
) {
  const manager = confirmation ? await confirmManager(deps, confirmation, ip) : null;
  if (id === null) throw notFound(NOT_FOUND);
  await deps.db.transaction().execute(async (trx) => {
    const before = await findLiveTransaction(trx, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    if (!isManualEntryType(before.type)) throw conflict(ONLY_MANUAL_EDITABLE);
    // Under the row's lock: another manager's edit since this one was loaded is not overwritten.
    await checkVersion(expected, before, async () => {
      const current = await cashEntry(trx, id);
      return current ? cashEntryJson(current) : null;
    });
    const after = await updateEntry(trx, id, {
      type: input.type,
      valueCents: input.value,
      description: input.description,
      paymentMethod: input.payment_method,
    });
    if (!after) throw notFound(NOT_FOUND);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'update',
      entity: 'transaction',
      entityId: id,
      before: transactionAudit(before),
      after: {
        ...transactionAudit(after),
        ...(manager ? { confirmed_by: { id: manager.id, username: manager.username } } : {}),
      },
    });
  });
  return entryJson(deps, id);
}

/**
 * Any signed-in caller may ask, with an active manager's credentials in the body (checked before the
 * entry is looked at). Any type may be deleted; what it does to its order is `orderAfterEntryDeleted`'s
 * (decision 032): an order's close entry reopens the order, which the answer names.
 */
export async function remove(
  deps: ApiDeps,
  actor: AccessClaims,
  id: number | null,
  confirmation: Confirmation,
  ip: string,
): Promise<ReopenedOrder | null> {
  let reopened: ReopenedOrder | null = null;
  await confirmedSoftDelete(deps, actor, id, confirmation, ip, {
    entity: 'transaction',
    notFoundMessage: NOT_FOUND,
    lock: (trx, entryId) => findLiveTransaction(trx, entryId, { forUpdate: true }),
    softDelete: softDeleteTransaction,
    snapshot: transactionAudit,
    alongside: async (trx, entry) => {
      reopened = await orderAfterEntryDeleted(trx, actor, entry);
    },
  });
  return reopened;
}
