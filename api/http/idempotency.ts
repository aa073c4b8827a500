/**
 * Idempotent creates: a POST carrying `Idempotency-Key` is answered once; the same key again (a double
 * click, a retry after a time-out, two requests in flight at once) gets the first answer back, with
 * `Idempotent-Replayed: true`, and creates nothing.
 *
 * The key is claimed by inserting it before the work starts: the table's primary key (caller, key)
 * orders two requests in flight at once, the second waits until the first has its answer. A failed
 * first answer (4xx, 5xx) frees the key, so a corrected retry goes through, unless its write committed
 * (idempotent-write.ts). A key is kept a day.
 */
import type { RequestHandler, Response } from 'express';
import { sql } from 'kysely';
import { caller } from '../auth/require-auth.ts';
import type { ApiDeps } from '../context.ts';
import { isUniqueViolation } from '../users/repository.ts';
import { ApiError, badRequest } from './errors.ts';
import { WRITTEN, withIdempotencyKey } from './idempotent-write.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9_-]{16,128}$/;
/** How long a second request waits for the first one's answer before saying it is still running. */
const WAIT_MS = 15_000;
const POLL_MS = 50;
/**
 * How long a second request waits for the answer of a write that committed before taking the write's
 * mark as the answer: the first request stores its answer a moment after its commit, unless the
 * database stalled in between and the answer was lost (then the mark is all there is).
 */
const WRITTEN_WAIT_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function idempotent(deps: ApiDeps): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!KEY.test(key)) throw badRequest('Idempotency-Key inválida');
    const userId = caller(req).id;
    const route = `${req.method} ${req.baseUrl}${req.path}`;
    if (!(await claimed(deps, res, userId, key, route))) return;
    keepAnswer(deps, res, userId, key);
    // Old keys go as new ones come: a day is long past any retry.
    await sql`DELETE FROM idempotency_keys WHERE user_id = ${userId} AND created_at < now() - interval '1 day'`.execute(
      deps.db,
    );
    withIdempotencyKey(userId, key, next);
  };
}

/** Stores a successful answer under the key; frees the key after a failure. */
function keepAnswer(deps: ApiDeps, res: Response, userId: number, key: string): void {
  const json = res.json.bind(res);
  let sent: unknown = null;
  res.json = (body: unknown) => {
    sent = body;
    return json(body);
  };
  res.on('finish', () => {
    const done =
      res.statusCode >= 200 && res.statusCode < 300
        ? deps.db
            .updateTable('idempotency_keys')
            .set({ status: res.statusCode, body: JSON.stringify(sent) })
            .where('user_id', '=', userId)
            .where('key', '=', key)
            .execute()
        : // Only a key whose write did not commit is freed: one marked by its write (idempotent-write.ts)
          // stays, so a retry after an answer lost to a stalled database is answered, not written twice.
          Promise.all([
            deps.db
              .deleteFrom('idempotency_keys')
              .where('user_id', '=', userId)
              .where('key', '=', key)
              .where('status', 'is', null)
              .execute(),
            deps.db
              .updateTable('idempotency_keys')
              .set({ status: 201 })
              .where('user_id', '=', userId)
              .where('key', '=', key)
              .where('status', '=', WRITTEN)
              .execute(),
          ]);
    done.catch((err: unknown) => res.req.log?.error({ err }, 'idempotency key not stored'));
  });
}

/**
 * True when this request holds the key and does the work; false when it answered with the first
 * request's answer. A key reused for another route is refused.
 */
async function claimed(deps: ApiDeps, res: Response, userId: number, key: string, route: string) {
  const deadline = Date.now() + WAIT_MS;
  let writtenSince: number | undefined;
  for (;;) {
    try {
      await deps.db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, route, status: null, body: null })
        .execute();
      return true;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const row = await deps.db
      .selectFrom('idempotency_keys')
      .select(['route', 'status', 'body'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (row && row.route !== route) throw badRequest('Idempotency-Key já usada em outra operação');
    if (row?.status === WRITTEN) writtenSince ??= Date.now();
    const answered = row?.status !== WRITTEN || Date.now() - (writtenSince ?? 0) > WRITTEN_WAIT_MS;
    if (row && row.status !== null && answered) {
      res
        .status(row.status === WRITTEN ? 201 : row.status)
        .set('idempotent-replayed', 'true')
        .json(row.body);
      return false;
    }
    if (Date.now() > deadline) throw new ApiError(409, 'Este envio ainda está sendo processado.');
    // In flight: wait for its answer. Gone: the first one failed and freed the key; claim it again.
    if (row) await sleep(POLL_MS);
  }
}
