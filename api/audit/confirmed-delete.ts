/**
 * The one way a record is deleted (API.md "Manager confirmation", "Delete is soft", "Audit"): the body's
 * manager credentials are checked first, then the living row is locked, soft-deleted and the audit trail
 * records who asked, which manager confirmed and the values before.
 */
import { confirmManager } from '../auth/service.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import type { ApiDeps } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';
import { recordAudit } from './repository.ts';

export type ConfirmedDelete<Row> = {
  entity: string;
  notFoundMessage: string;
  /** The living row, locked for update; undefined when there is none. */
  lock: (trx: Db, id: number) => Promise<Row | undefined>;
  softDelete: (trx: Db, id: number) => Promise<{ deleted_at: Date | string } | undefined>;
  snapshot: (row: Row) => Record<string, unknown>;
  /** What else the delete does, in its transaction, after the row is deleted (decision 032). */
  alongside?: (trx: Db, row: Row) => Promise<void>;
};

export async function confirmedSoftDelete<Row>(
  deps: ApiDeps,
  actor: AccessClaims,
  id: number | null,
  confirmation: { confirm_username: string; confirm_password: string },
  ip: string,
  area: ConfirmedDelete<Row>,
): Promise<void> {
  const manager = await confirmManager(deps, confirmation, ip);
  if (id === null) throw notFound(area.notFoundMessage);
  await deps.db.transaction().execute(async (trx) => {
    const before = await area.lock(trx, id);
    if (!before) throw notFound(area.notFoundMessage);
    const deleted = await area.softDelete(trx, id);
    if (!deleted) throw notFound(area.notFoundMessage);
    await area.alongside?.(trx, before);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'delete',
      entity: area.entity,
      entityId: id,
      before: area.snapshot(before),
      after: {
        deleted_at: new Date(deleted.deleted_at).toISOString(),
        confirmed_by: { id: manager.id, username: manager.username },
      },
    });
  });
}
