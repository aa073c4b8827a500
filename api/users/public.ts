import type { UserRow } from './repository.ts';

/** What the api ever says of a user: never the hash. */
export type PublicUser = { id: number; username: string; authority_level: number; origin: number };

export function publicUser(row: UserRow): PublicUser {
  return { id: row.id, username: row.username, authority_level: row.authority_level, origin: row.origin };
}
