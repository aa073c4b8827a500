/** Clients: search, read, register, edit and (with a manager's confirmation) soft-delete. */
import { confirmedSoftDelete } from '../audit/confirmed-delete.ts';
import { recordAudit } from '../audit/repository.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import type { ApiDeps } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { ApiError, conflict, notFound } from '../http/errors.ts';
import type { Paging } from '../http/paging.ts';
import { checkVersion } from '../http/versions.ts';
import { isUniqueViolation } from '../users/repository.ts';
import {
  clientWithOrderLists,
  countSearch,
  openOrderNumbers,
  searchWithinMatches,
  searchWithOrderLists,
} from './order-lists.ts';
import {
  type ClientRow,
  duplicateField,
  findClient,
  insertClient,
  MATCHES_FIRST_UP_TO,
  type PublicClient,
  softDeleteClient,
  updateClient,
} from './repository.ts';
import type { ClientInput } from './schema.ts';

const NOT_FOUND = 'Cliente não encontrado';
export const OPEN_ORDERS =
  'Este cliente tem ordens em aberto e não pode ser excluído. Finalize, cancele ou exclua estas ordens primeiro:';
const DUPLICATE = { cpf: 'Esse CPF já está cadastrado', cnpj: 'Esse CNPJ já está cadastrado' } as const;

export type { PublicClient } from './repository.ts';

export function publicClient(row: ClientRow): PublicClient {
  return {
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A unique-index violation on CPF or CNPJ as the 409 that names it. */
function asConflict(err: unknown): unknown {
  if (!isUniqueViolation(err)) return err;
  const field = duplicateField(err);
  return field ? conflict(DUPLICATE[field]) : err;
}

/**
 * The clients found (at most 50), or with `paging` one page of them and how many there are in all, each
 * with its four order lists. A search with up to `matchesUpTo` matches (nearly all of them) is one
 * query: the page found from its matches, and their number. Beyond that, or when the page is empty, the
 * count comes first and says how to find the page (decision 025).
 */
export async function search(
  deps: ApiDeps,
  filter: string,
  paging: Paging | null = null,
  matchesUpTo = MATCHES_FIRST_UP_TO,
) {
  if (!paging) return searchWithOrderLists(deps.db, filter);
  const within = await searchWithinMatches(deps.db, filter, paging, matchesUpTo);
  if (within) return { items: within.items, total: within.total, ...paging };
  const total = await countSearch(deps.db, filter);
  const plan = total <= matchesUpTo ? 'matches' : 'walk';
  const items = total === 0 ? [] : await searchWithOrderLists(deps.db, filter, paging, plan);
  return { items, total, ...paging };
}

export async function get(deps: ApiDeps, id: number, allOrders = false) {
  const client = await clientWithOrderLists(deps.db, id);
  if (!client) throw notFound(NOT_FOUND);
  // `?ordens=todas`: the four lists, as the search answers them (what deleting the client concerns).
  if (allOrders) return client;
  // SPEC §7: the detail carries the service orders the edit screen lists, not the other two kinds.
  const { external_service_orders: _external, orders: _orders, ...detail } = client;
  return detail;
}

/** The field a deleted client's document blocks until the caller says to register it anyway. */
export const REUSE_FIELD = 'reuse_deleted_document';

/**
 * A CPF or CNPJ that is already someone's is said plainly, with whose it is and what to do: a living
 * client is opened, not registered twice; a deleted client's document is taken again only when the
 * caller says so (`reuse_deleted_document: true`), never by surprise as an empty new client.
 */
async function refuseTakenDocument(db: Db, input: ClientInput, reuseDeleted: boolean): Promise<void> {
  for (const field of ['cpf', 'cnpj'] as const) {
    const value = input[field];
    if (!value) continue;
    const owners = await db
      .selectFrom('clients')
      .select(['name', 'deleted_at'])
      .where(field, '=', value)
      .orderBy('deleted_at', 'desc')
      .execute();
    const label = field.toUpperCase();
    const living = owners.find((o) => o.deleted_at === null);
    if (living) {
      throw new ApiError(409, DUPLICATE[field], {
        [field]: `Esse ${label} já está cadastrado para ${living.name}. Busque o cliente na Consulta e abra o cadastro dele.`,
      });
    }
    const deleted = owners[0];
    if (deleted && !reuseDeleted) {
      throw new ApiError(409, `Esse ${label} pertence a um cliente excluído`, {
        [field]: `Esse ${label} pertence a ${deleted.name}, cliente excluído; as ordens antigas continuam naquele cadastro. Para cadastrar um novo cliente com ele mesmo assim, marque a confirmação e salve.`,
        [REUSE_FIELD]: 'Cadastrar mesmo assim com este documento',
      });
    }
  }
}

export async function create(deps: ApiDeps, actor: AccessClaims, input: ClientInput, reuseDeleted = false) {
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      await refuseTakenDocument(trx, input, reuseDeleted);
      const created = await insertClient(trx, input);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'create',
        entity: 'client',
        entityId: created.id,
        after: publicClient(created),
      });
      return created;
    });
    return publicClient(row);
  } catch (err) {
    throw asConflict(err);
  }
}

export async function update(
  deps: ApiDeps,
  actor: AccessClaims,
  id: number,
  input: ClientInput,
  expected?: number,
) {
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const before = await findClient(trx, id, { forUpdate: true });
      if (!before) throw notFound(NOT_FOUND);
      // Checked under the row's lock: no other edit can land between this check and the write.
      await checkVersion(expected, before, () => publicClient(before));
      const after = await updateClient(trx, id, input);
      if (!after) throw notFound(NOT_FOUND);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'update',
        entity: 'client',
        entityId: id,
        before: publicClient(before),
        after: publicClient(after),
      });
      return after;
    });
    return publicClient(row);
  } catch (err) {
    throw asConflict(err);
  }
}

/**
 * A client with an open order is not deleted (docs/decisions/017-deleting-a-client-with-orders.md): its
 * orders would no longer be found by its name while still waiting for the counter. 409 naming them.
 */
async function refuseWhileOrdersOpen(db: Db, clientId: number): Promise<void> {
  const open = await openOrderNumbers(db, clientId);
  if (open.length > 0) {
    const shown = open.slice(0, 10).join(', ') + (open.length > 10 ? ` e mais ${open.length - 10}` : '');
    throw new ApiError(409, `${OPEN_ORDERS} ${shown}.`, undefined, { open_orders: open });
  }
}

/**
 * Any signed-in caller may ask, but the body must carry an active manager's credentials (SPEC §6,
 * API.md "Manager confirmation"); they are checked before the client is even looked at.
 */
export async function remove(
  deps: ApiDeps,
  actor: AccessClaims,
  id: number | null,
  confirmation: { confirm_username: string; confirm_password: string },
  ip: string,
): Promise<void> {
  await confirmedSoftDelete(deps, actor, id, confirmation, ip, {
    entity: 'client',
    notFoundMessage: NOT_FOUND,
    lock: async (trx, clientId) => {
      const client = await findClient(trx, clientId, { forUpdate: true });
      // The client's row is locked: no order can be opened for it meanwhile (they lock it too).
      if (client) await refuseWhileOrdersOpen(trx, clientId);
      return client;
    },
    softDelete: softDeleteClient,
    snapshot: publicClient,
  });
}
