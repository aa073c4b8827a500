/**
 * The staff list and turning an account off and on again (managers only). A deactivated user can't sign
 * in (the login answers as for a wrong password) and every refresh token of theirs is revoked at once;
 * their orders, cash entries and audit rows keep their name. A manager can't turn off their own account,
 * so the shop is never left without one.
 */
import { Router } from 'express';
import { sql } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../audit/repository.ts';
import { forgetUser } from '../auth/active-users.ts';
import { revokeUserTokensExcept } from '../auth/refresh-tokens.ts';
import { caller, requireAuth, requireManager } from '../auth/require-auth.ts';
import type { ApiDeps } from '../context.ts';
import { badRequest, notFound, parse } from '../http/errors.ts';
import { pagingFields, pagingOf } from '../http/paging.ts';

/** A shop has a handful of users: the plain list stops here all the same. */
const STAFF_LIMIT = 500;
const PagingQuery = z.object({ limit: pagingFields.limit, offset: pagingFields.offset });

const ActiveBody = z.object({ active: z.boolean({ error: 'Informe se o usuário fica ativo' }) });

export function staffRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps);

  // Active first, by name; at most STAFF_LIMIT, or one page (limit, offset) with the total.
  router.get('/users', signedIn, requireManager, async (req, res) => {
    const paging = pagingOf(parse(PagingQuery, req.query));
    const rows = await deps.db
      .selectFrom('users')
      .select(['id', 'username', 'authority_level', 'origin', 'active', 'created_at'])
      .orderBy('active', 'desc')
      .orderBy('username')
      .orderBy('id')
      .limit(paging?.limit ?? STAFF_LIMIT)
      .offset(paging?.offset ?? 0)
      .execute();
    if (!paging) {
      res.json(rows);
      return;
    }
    const counted = await deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirst();
    res.json({ items: rows, total: Number(counted?.count ?? 0), ...paging });
  });

  router.put('/users/:id/active', signedIn, requireManager, async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound('Usuário não encontrado');
    const { active } = parse(ActiveBody, req.body);
    const actor = caller(req);
    if (id === actor.id && !active) throw badRequest('Você não pode desativar o seu próprio usuário');
    const row = await deps.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('users')
        .select(['id', 'username', 'active'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      const after = await trx
        .updateTable('users')
        .set({ active, updated_at: sql`now()` })
        .where('id', '=', id)
        .returning(['id', 'username', 'authority_level', 'origin', 'active', 'created_at'])
        .executeTakeFirstOrThrow();
      if (!active) await revokeUserTokensExcept(trx, id);
      if (before.active !== active) {
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'update',
          entity: 'user',
          entityId: id,
          before: { active: before.active },
          after: { active },
        });
      }
      return after;
    });
    if (!row) throw notFound('Usuário não encontrado');
    // Their access token stops working now, not when it expires.
    forgetUser(deps.db, id);
    res.json(row);
  });

  return router;
}
