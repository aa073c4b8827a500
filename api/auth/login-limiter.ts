/**
 * Sign-in throttling (decision 019), after OWASP's authentication guidance: the counters are per
 * (username, client address) and per client address, never per username alone, so that nobody can lock
 * a chosen account out from everywhere, and one noisy address cannot lock out the shop.
 *
 * - A (username, address) pair is locked after PAIR_FAILURES wrong passwords within the window: the 11th
 *   attempt is refused even when right. The same account signs in from any other address.
 * - An address gets ADDRESS_ATTEMPTS attempts within the window for usernames it has not signed in with
 *   before. Each is counted before the password hash is computed (so a burst in parallel cannot queue
 *   thousands of hashes ahead of the staff) and handed back when it succeeds.
 * - A username that signed in from an address is "known" there for KNOWN_DAYS: its attempts from there
 *   do not spend, nor are refused by, the address's count. A manager confirming at the counter is not
 *   blocked by somebody else guessing names from the same address.
 *
 * - The admin password asked to create a manager (POST /users) is guessed only by a signed-in manager,
 *   but it is also the first manager's sign-in password: `adminPasswordFailures` (10) attempts per user
 *   and per address within the window, each counted before the hash; a right one clears the user's
 *   count and hands the address its attempt back.
 *
 * A refusal says how long is left of the lock it met, in whole minutes rounded up: the window is fixed
 * from its first count, so "um minuto" was untrue for most of a five-minute lock.
 *
 * The counters live in PostgreSQL (the api's only shared store; PGlite alike), so every api instance
 * sees one count. Each change is one atomic upsert.
 */
import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { usernameKey } from '../../domain/users.ts';
import type { Database } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';

export type LoginLimiter = {
  /** Throws 429 when this (username, address) pair or this address is locked out; else reserves a try. */
  check(username: string, ip: string): Promise<void>;
  failed(username: string, ip: string): Promise<void>;
  succeeded(username: string, ip: string): Promise<void>;
  /**
   * Reserves one admin-password attempt for this user and this address; throws 429 once either has
   * spent `adminPasswordFailures` within the window. Counted before the hash, so requests in parallel
   * cannot each slip past a count that is read before the others are recorded.
   */
  checkAdminPassword(userId: number, ip: string): Promise<void>;
  /** The admin password was right: the user's count is cleared and the address gets its attempt back. */
  adminPasswordSucceeded(userId: number, ip: string): Promise<void>;
};

export type LimiterOptions = {
  pairFailures: number;
  addressAttempts: number;
  windowSeconds: number;
  knownDays: number;
  adminPasswordFailures: number;
};

export const LIMITS: LimiterOptions = {
  pairFailures: 10,
  addressAttempts: 100,
  windowSeconds: 5 * 60,
  knownDays: 30,
  adminPasswordFailures: 10,
};

/**
 * The 429's text, with the minutes left of the lock (rounded up, at least one) in pt-BR: the window
 * runs from its first count, so the wait is anything from a few seconds to the whole window.
 */
export function waitMessage(until: Date, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now) / 60_000));
  return `Muitas tentativas. Aguarde ${minutes === 1 ? '1 minuto' : `${minutes} minutos`} e tente de novo.`;
}

const lockedUntil = (until: Date) => tooManyRequests(waitMessage(until));

/** Expired counters are removed now and then, by whichever instance happens to count. */
const SWEEP_EVERY = 200;

export function createLoginLimiter(db: Kysely<Database>, opts: LimiterOptions = LIMITS): LoginLimiter {
  const pairKey = (username: string, ip: string) => `pair:${ip}:${usernameKey(username)}`;
  const addressKey = (ip: string) => `address:${ip}`;
  const knownKey = (username: string, ip: string) => `known:${ip}:${usernameKey(username)}`;
  // Keyed by the user's id, not a name: no username can spell one of these.
  const adminUserKey = (userId: number) => `admin-password:user:${userId}`;
  const adminAddressKey = (ip: string) => `admin-password:address:${ip}`;
  let counted = 0;
  /**
   * Addresses this instance saw go over their count, until their window ends: a flood from one address
   * is then refused without a query. Only ever a refusal the shared count already decided. The value
   * is when the window ends (ms since the epoch), for the refusal's text.
   */
  const blocked = new LRUCache<string, number>({ max: 10_000 });

  /** Adds one to a counter (a new window when the last one ended); returns the count in this window. */
  async function hit(key: string, seconds: number): Promise<{ hits: number; windowEnds: Date }> {
    const { rows } = await sql<{ hits: number; window_ends: Date }>`
      insert into login_throttle (key, hits, window_ends)
      values (${key}, 1, now() + make_interval(secs => ${seconds}))
      on conflict (key) do update set
        hits = case when login_throttle.window_ends <= now() then 1 else login_throttle.hits + 1 end,
        window_ends = case when login_throttle.window_ends <= now() then excluded.window_ends
                      else login_throttle.window_ends end
      returning hits, window_ends`.execute(db);
    counted += 1;
    if (counted % SWEEP_EVERY === 0) {
      await db.deleteFrom('login_throttle').where('window_ends', '<', sql<Date>`now()`).execute();
    }
    return { hits: Number(rows[0]?.hits ?? 0), windowEnds: new Date(rows[0]?.window_ends ?? Date.now()) };
  }

  type Count = { hits: number; windowEnds: Date };

  async function current(keys: string[]): Promise<Map<string, Count>> {
    const rows = await db
      .selectFrom('login_throttle')
      .select(['key', 'hits', 'window_ends'])
      .where('key', 'in', keys)
      .where('window_ends', '>', sql<Date>`now()`)
      .execute();
    return new Map(rows.map((r) => [r.key, { hits: Number(r.hits), windowEnds: new Date(r.window_ends) }]));
  }

  /** Spends one attempt of `key`; refuses (remembering the refusal in memory) once over `limit`. */
  async function spend(key: string, limit: number): Promise<void> {
    const until = blocked.get(key);
    if (until) throw lockedUntil(new Date(until));
    const { hits, windowEnds } = await hit(key, opts.windowSeconds);
    if (hits <= limit) return;
    blocked.set(key, windowEnds.getTime(), { ttl: Math.max(1, windowEnds.getTime() - Date.now()) });
    throw lockedUntil(windowEnds);
  }

  /** Gives back an attempt spent before a right password. */
  async function handBack(key: string): Promise<void> {
    await db
      .updateTable('login_throttle')
      .set({ hits: sql`greatest(hits - 1, 0)` })
      .where('key', '=', key)
      .execute();
  }

  const isKnown = (counts: Map<string, Count>, username: string, ip: string) =>
    counts.has(knownKey(username, ip));

  return {
    async check(username, ip) {
      const counts = await current([pairKey(username, ip), knownKey(username, ip)]);
      const pair = counts.get(pairKey(username, ip));
      if (pair && pair.hits >= opts.pairFailures) throw lockedUntil(pair.windowEnds);
      if (isKnown(counts, username, ip)) return;
      await spend(addressKey(ip), opts.addressAttempts);
    },
    async failed(username, ip) {
      await hit(pairKey(username, ip), opts.windowSeconds);
    },
    async succeeded(username, ip) {
      const known = await current([knownKey(username, ip)]);
      await db.deleteFrom('login_throttle').where('key', '=', pairKey(username, ip)).execute();
      // The attempt reserved from the address's count was a right one: hand it back.
      if (!isKnown(known, username, ip)) await handBack(addressKey(ip));
      await db
        .insertInto('login_throttle')
        .values({
          key: knownKey(username, ip),
          hits: 1,
          window_ends: sql`now() + make_interval(days => ${opts.knownDays})`,
        })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ hits: 1, window_ends: (eb) => eb.ref('excluded.window_ends') }),
        )
        .execute();
    },
    async checkAdminPassword(userId, ip) {
      await spend(adminUserKey(userId), opts.adminPasswordFailures);
      await spend(adminAddressKey(ip), opts.adminPasswordFailures);
    },
    async adminPasswordSucceeded(userId, ip) {
      await db.deleteFrom('login_throttle').where('key', '=', adminUserKey(userId)).execute();
      await handBack(adminAddressKey(ip));
    },
  };
}
