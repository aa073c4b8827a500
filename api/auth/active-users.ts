/**
 * Whether the session behind a valid access token still stands. A token lives 15 minutes and is
 * believed by its signature alone (decision 013 remembers it verified); without this check a user a
 * manager deactivated, or another browser of someone who has just changed their password, would go on
 * working until it expired. A session stands while its user is active and its refresh-token family
 * (the token's `sid`) has a token that is not revoked: deactivation, a new password (every other
 * family), signing out and a reused refresh token all revoke families, so each of them ends the access
 * tokens of those sessions too, with no token version to keep in step. The session that changed the
 * password keeps its family, so its own token goes on working.
 *
 * Each session's answer is kept for ACTIVE_TTL_MS so a busy page costs one indexed read per session
 * every few seconds, not one per request; a revocation forgets the sessions at once in this process
 * (another api process sees it within ACTIVE_TTL_MS).
 */
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/connect.ts';
import type { SessionClaims } from './tokens.ts';

export const ACTIVE_TTL_MS = 2000;
const MAX_SESSIONS = 5000;

type Standing = { userId: number; live: boolean };

/** One cache per database (tests run several apis in one process, each with its own users). */
const byDb = new WeakMap<object, LRUCache<string, Standing>>();

function cacheOf(db: Db): LRUCache<string, Standing> {
  let cache = byDb.get(db);
  if (!cache) {
    cache = new LRUCache<string, Standing>({ max: MAX_SESSIONS, ttl: ACTIVE_TTL_MS });
    byDb.set(db, cache);
  }
  return cache;
}

/** True or false at once when known lately; else one read of the session's family and its user. */
export function isLiveSession(db: Db, claims: SessionClaims): boolean | Promise<boolean> {
  // Every token the api signs names its session; one without (never ours) has nothing to stand on.
  const sid = claims.sid;
  if (!sid) return false;
  const cache = cacheOf(db);
  const known = cache.get(sid);
  if (known !== undefined) return known.userId === claims.id && known.live;
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
    .select(sql<number>`1`.as('live'))
    .where('refresh_tokens.family_id', '=', sid)
    .where('refresh_tokens.user_id', '=', claims.id)
    .where('refresh_tokens.revoked_at', 'is', null)
    .where('users.active', '=', true)
    .limit(1)
    .executeTakeFirst()
    .then((row) => {
      const live = row !== undefined;
      cache.set(sid, { userId: claims.id, live });
      return live;
    });
}

/** A user deactivated, turned on again or with a new password: their next requests read again. */
export function forgetUser(db: Db, id: number): void {
  const cache = cacheOf(db);
  const sids: string[] = [];
  cache.forEach((standing, sid) => {
    if (standing.userId === id) sids.push(sid);
  });
  for (const sid of sids) cache.delete(sid);
}

/** A session just signed out: its access token is refused from the next request on. */
export function forgetSession(db: Db, sid: string): void {
  cacheOf(db).delete(sid);
}
