/**
 * Whether the user behind a valid access token is still active. A token lives 15 minutes and is
 * believed by its signature alone; without this check a user a manager deactivated would go on
 * working until it expired. Each request's user is looked up, kept for ACTIVE_TTL_MS so a busy
 * page costs one indexed read per user every few seconds, not one per request; the deactivation
 * forgets the user at once in this process (another api process sees it within ACTIVE_TTL_MS).
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/connect.ts';

export const ACTIVE_TTL_MS = 2000;
const MAX_USERS = 5000;

/** One cache per database (tests run several apis in one process, each with its own users). */
const byDb = new WeakMap<object, LRUCache<number, boolean>>();

function cacheOf(db: Db): LRUCache<number, boolean> {
  let cache = byDb.get(db);
  if (!cache) {
    cache = new LRUCache<number, boolean>({ max: MAX_USERS, ttl: ACTIVE_TTL_MS });
    byDb.set(db, cache);
  }
  return cache;
}

/** True or false at once when known lately; else a read of the user's row. */
export function isActiveUser(db: Db, id: number): boolean | Promise<boolean> {
  const cache = cacheOf(db);
  const known = cache.get(id);
  if (known !== undefined) return known;
  return db
    .selectFrom('users')
    .select('active')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => {
      const active = row?.active === true;
      cache.set(id, active);
      return active;
    });
}

/** A user just deactivated (or turned on again): the next request reads the row. */
export function forgetUser(db: Db, id: number): void {
  cacheOf(db).delete(id);
}
