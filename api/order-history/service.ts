/**
 * An order's history, read from the append-only audit trail (decision 020), newest first, with the name
 * of who did each thing; and the two things staff do that change no row but belong in it: a WhatsApp
 * message opened and a document printed.
 */
import type { OrderEntity } from '../../domain/client-view.ts';
import { recordAudit } from '../audit/repository.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import type { ApiDeps } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { orderExists } from '../status-links/repository.ts';
import type { HistoryEvent } from './schema.ts';

/** The most recent entries a page shows; an order rarely has more than a few dozen. */
export const HISTORY_LIMIT = 200;

export type HistoryEntry = {
  at: string;
  actor: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export async function orderHistory(deps: ApiDeps, entity: OrderEntity, id: number): Promise<HistoryEntry[]> {
  const rows = await deps.db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.at', 'a.action', 'a.before', 'a.after', 'u.username'])
    .where('a.entity', '=', entity)
    .where('a.entity_id', '=', String(id))
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  if (rows.length === 0 && !(await orderExists(deps.db, entity, id))) throw notFound('Pedido não encontrado');
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    actor: row.username ?? null,
    action: row.action,
    before: row.before,
    after: row.after,
  }));
}

export async function recordEvent(
  deps: ApiDeps,
  actor: AccessClaims,
  entity: OrderEntity,
  id: number,
  event: HistoryEvent,
): Promise<void> {
  if (!(await orderExists(deps.db, entity, id))) throw notFound('Pedido não encontrado');
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: event.event,
    entity,
    entityId: id,
    after: event.detail ? { detail: event.detail } : null,
  });
}
