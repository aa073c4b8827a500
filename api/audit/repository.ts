/** The append-only audit trail: who did what, when, with the values before and after. */
import type { Db } from '../db/connect.ts';
import { markIdempotentWrite } from '../http/idempotent-write.ts';

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .execute();
  // In the same transaction: an idempotent create's key commits with it.
  await markIdempotentWrite(db, entry.entityId);
}
