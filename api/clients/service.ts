/** Clients: search, read, register, edit and (with a manager's confirmation) soft-delete. */
import { confirmedSoftDelete } from '../audit/confirmed-delete.ts';
import { recordAudit } from '../audit/repository.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import type { ApiDeps } from '../context.ts';
import { conflict, notFound } from '../http/errors.ts';
import { isUniqueViolation } from '../users/repository.ts';
import { clientWithOrderLists, searchWithOrderLists } from './order-lists.ts';
import {
  type ClientRow,
  duplicateField,
  findClient,
  insertClient,
  type PublicClient,
  softDeleteClient,
  updateClient,
} from './repository.ts';
import type { ClientInput } from './schema.ts';

const NOT_FOUND = 'Cliente não encontrado';
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

/** The clients found, each with its four order lists: one query, its rows already the api's JSON. */
export async function search(deps: ApiDeps, filter: string) {
  return searchWithOrderLists(deps.db, filter);
}

export async function get(deps: ApiDeps, id: number) {
  const client = await clientWithOrderLists(deps.db, id);
  if (!client) throw notFound(NOT_FOUND);
  // SPEC §7: the detail carries the service orders the edit screen lists, not the other two kinds.
  const { external_service_orders: _external, orders: _orders, ...detail } = client;
  return detail;
}

export async function create(deps: ApiDeps, actor: AccessClaims, input: ClientInput) {
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
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

export async function update(deps: ApiDeps, actor: AccessClaims, id: number, input: ClientInput) {
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const before = await findClient(trx, id, { forUpdate: true });
      if (!before) throw notFound(NOT_FOUND);
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
    lock: (trx, clientId) => findClient(trx, clientId, { forUpdate: true }),
    softDelete: softDeleteClient,
    snapshot: publicClient,
  });
}
