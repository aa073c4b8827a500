/**
 * Rotating refresh tokens with reuse detection. Each login starts a family; each refresh retires the
 * presented token and issues the next one of the family. Presenting a retired token means someone
 * holds a copy: the whole family is revoked.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { hashRefreshToken, newRefreshToken, REFRESH_TTL_MS } from './tokens.ts';

export async function issueRefreshToken(
  db: Db,
  userId: number,
  familyId: string = randomUUID(),
): Promise<{ token: string; familyId: string }> {
  const token = newRefreshToken();
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: hashRefreshToken(token),
      expires_at: new Date(Date.now() + REFRESH_TTL_MS),
    })
    .execute();
  return { token, familyId };
}

export type Rotation =
  | { ok: true; userId: number; token: string; familyId: string }
  | { ok: false; reason: string };

/**
 * A token rotated this recently, presented again by the same client address, is a repeat, not a theft
 * (decision 019): two webs of one shop refreshing one session at the same moment. It gets another
 * successor in the same family instead of revoking it. A thief would need the token, the victim's
 * address and these few seconds; outside them, reuse revokes the family as before.
 */
export const REPEAT_GRACE_MS = 10_000;

export async function rotateRefreshToken(db: Db, presented: string, client = ''): Promise<Rotation> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashRefreshToken(presented))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revoked_at) return { ok: false, reason: 'revoked' } as const;
    if (row.rotated_at) {
      const age = Date.now() - new Date(row.rotated_at).getTime();
      if (client && row.rotated_for === client && age >= 0 && age <= REPEAT_GRACE_MS) {
        const again = await issueRefreshToken(trx, row.user_id, row.family_id);
        return { ok: true, userId: row.user_id, token: again.token, familyId: again.familyId } as const;
      }
      await revokeFamily(trx, row.family_id);
      return { ok: false, reason: 'reused' } as const;
    }
    if (new Date(row.expires_at).getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
    await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: sql`now()`, rotated_for: client || null })
      .where('id', '=', row.id)
      .execute();
    const next = await issueRefreshToken(trx, row.user_id, row.family_id);
    return { ok: true, userId: row.user_id, token: next.token, familyId: next.familyId } as const;
  });
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes the family of a presented token; returns that family (the session's `sid`), if any. */
export async function revokeByToken(db: Db, presented: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashRefreshToken(presented))
    .executeTakeFirst();
  if (row) await revokeFamily(db, row.family_id);
  return row?.family_id;
}

/** Revokes every refresh token of a user but one family (the session that made the change). */
export async function revokeUserTokensExcept(db: Db, userId: number, keepFamilyId?: string): Promise<void> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '!=', keepFamilyId);
  await query.execute();
}
