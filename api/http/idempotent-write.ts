/**
 * The write of an idempotent create marks its key inside its own transaction. The key is claimed before
 * the work (api/http/idempotency.ts) and its answer stored after it, each in a statement of its own: a
 * database that stalls after the work's COMMIT loses the answer (the caller sees 503) while the write
 * stands, and freeing the key then let the caller's retry write it a second time (a second upfront
 * payment). Marked here, the key commits or rolls back with the write: a failure frees only a key whose
 * write did not commit, and a retry of one that did is answered from the mark instead of written again.
 *
 * Every create records an audit row in its transaction (api/audit/repository.ts), which is where the
 * mark is made, so no service has to remember it. The mark holds `{ id }` of the audited record (for an
 * upfront payment, the order's) and the status WRITTEN; the answer the route then sends replaces both when
 * it gets through. A second request in flight waits for that answer rather than taking the mark for it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/connect.ts';

/** The status of a key whose write committed and whose answer is not stored yet. */
export const WRITTEN = 0;

type Scope = { userId: number; key: string; marked: boolean };

const scope = new AsyncLocalStorage<Scope>();

/** Runs the rest of an idempotent request with its key known to the writes it makes. */
export function withIdempotencyKey(userId: number, key: string, next: () => void): void {
  scope.run({ userId, key, marked: false }, next);
}

/** Inside the write's transaction: the request's key, if any, marked done (once per request). */
export async function markIdempotentWrite(db: Db, id: string | number | null): Promise<void> {
  const current = scope.getStore();
  if (!current || current.marked) return;
  current.marked = true;
  await db
    .updateTable('idempotency_keys')
    .set({ status: WRITTEN, body: JSON.stringify({ id }) })
    .where('user_id', '=', current.userId)
    .where('key', '=', current.key)
    .where('status', 'is', null)
    .execute();
}
