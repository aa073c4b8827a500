/**
 * Access tokens already verified, by their exact text, until they expire (decision 013). Verifying an
 * HS256 token with jose goes through WebCrypto, an asynchronous job on the thread pool, on every request
 * of every page; a token is the same string for its whole 15 minutes, so it is verified once.
 *
 * Safe because the claims are a function of the token's exact text and the key: a different string,
 * even by one byte, is a different entry (and goes through full verification); each signing key has
 * its own cache; and the expiry is checked on every hit against the wall clock, as jose checks it.
 */
import { LRUCache } from 'lru-cache';

/** Enough for every signed-in browser of a shop many times over; ~0.5 kB each. */
const MAX_TOKENS = 2000;

type Entry<C> = { claims: C; exp: number };

/** Seconds since the epoch, as jose reads the clock for `exp` (and as tests fake it, through Date). */
const nowSeconds = () => Math.floor(Date.now() / 1000);

export type VerifiedTokens<C extends object> = {
  /** The claims of a token verified before and not yet expired, as a copy of their own; else undefined. */
  get(token: string): C | undefined;
  /** Remembers a token just verified, until its `exp` (seconds since the epoch). */
  remember(token: string, claims: C, exp: number): void;
};

export function verifiedTokens<C extends object>(): VerifiedTokens<C> {
  const cache = new LRUCache<string, Entry<C>>({ max: MAX_TOKENS });
  return {
    get(token) {
      const entry = cache.get(token);
      if (!entry) return undefined;
      // jose refuses a token once exp <= now; the same rule here, whatever the cache's own timer says.
      if (entry.exp <= nowSeconds()) {
        cache.delete(token);
        return undefined;
      }
      return { ...entry.claims };
    },
    remember(token, claims, exp) {
      const ttlMs = (exp - nowSeconds()) * 1000;
      if (!Number.isFinite(ttlMs) || ttlMs <= 0) return;
      // The TTL only frees the memory early; the check in get() is what refuses an expired token.
      cache.set(token, { claims: { ...claims }, exp }, { ttl: ttlMs });
    },
  };
}
