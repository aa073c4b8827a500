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
};

export type LimiterOptions = {
  pairFailures: number;
  addressAttempts: number;
  windowSeconds: number;
  knownDays: number;
};

export const LIMITS: LimiterOptions = {
  pairFailures: 10,
  addressAttempts: 100,
  windowSeconds: 5 * 60,
  knownDays: 30,
};

/** Expired counters are removed now and then, by whichever instance happens to count. */
const SWEEP_EVERY = 200;

export function createLoginLimiter(db: Kysely<Database>, opts: LimiterOptions = LIMITS): LoginLimiter {
  const pairKey = (username: string, ip: string) => `pair:${ip}:${usernameKey(username)}`;
  const addressKey = (ip: string) => `address:${ip}`;
  const knownKey = (username: string, ip: string) => `known:${ip}:${usernameKey(username)}`;
  let counted = 0;
  /**
   * Addresses this instance saw go over their count, until their window ends: a flood from one address
   * is then refused without a query. Only ever a refusal the shared count already decided.
   */
  const blocked = new LRUCache<string, true>({ max: 10_000 });

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

  async function current(keys: string[]): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('login_throttle')
      .select(['key', 'hits', 'window_ends'])
      .where('key', 'in', keys)
      .where('window_ends', '>', sql<Date>`now()`)
      .execute();
    return new Map(rows.map((r) => [r.key, Number(r.hits)]));
  }

  async function spendFromAddress(ip: string): Promise<void> {
    const key = addressKey(ip);
    if (blocked.get(key)) throw tooManyRequests();
    const { hits, windowEnds } = await hit(key, opts.windowSeconds);
    if (hits <= opts.addressAttempts) return;
    blocked.set(key, true, { ttl: Math.max(1, windowEnds.getTime() - Date.now()) });
    throw tooManyRequests();
  }

  const isKnown = (counts: Map<string, number>, username: string, ip: string) =>
    counts.has(knownKey(username, ip));

  return {
    async check(username, ip) {
      const counts = await current([pairKey(username, ip), knownKey(username, ip)]);
      if ((counts.get(pairKey(username, ip)) ?? 0) >= opts.pairFailures) throw tooManyRequests();
      if (isKnown(counts, username, ip)) return;
      await spendFromAddress(ip);
    },
    async failed(username, ip) {
      await hit(pairKey(username, ip), opts.windowSeconds);
    },
    async succeeded(username, ip) {
      const known = await current([knownKey(username, ip)]);
      await db.deleteFrom('login_throttle').where('key', '=', pairKey(username, ip)).execute();
      if (!isKnown(known, username, ip)) {
        // The attempt reserved from the address's count was a right one: hand it back.
        await db
          .updateTable('login_throttle')
          .set({ hits: sql`greatest(hits - 1, 0)` })
          .where('key', '=', addressKey(ip))
          .execute();
      }
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
  };
}
