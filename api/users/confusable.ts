/**
 * Usernames that look like another (UTS #39's idea of a skeleton): 'gеrente' with a Cyrillic е, or
 * 'ＧＥＲＥＮＴＥ', reads as 'gerente' on every screen and audit line. `confusables` maps each look-alike
 * character to the plain letter it imitates; two names with the same skeleton are one name to a person.
 */
import { remove } from 'confusables';
import { sql } from 'kysely';
import { usernameKey } from '../../domain/users.ts';
import type { Db } from '../db/connect.ts';
import { conflict } from '../http/errors.ts';

export const LOOKALIKE = 'Este nome de usuário se parece com outro já existente: escolha outro';

export function usernameSkeleton(name: string): string {
  return remove(usernameKey(name)).toLowerCase();
}

/** Throws 409 when another user's name (not `exceptId`'s) has the same skeleton as `name`. */
export async function refuseLookalike(db: Db, name: string, exceptId?: number): Promise<void> {
  const skeleton = usernameSkeleton(name);
  const others = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '!=', exceptId ?? 0)
    .where(sql<string>`lower(username)`, '!=', name.toLowerCase())
    .execute();
  if (others.some((u) => usernameSkeleton(u.username) === skeleton)) throw conflict(LOOKALIKE);
}
