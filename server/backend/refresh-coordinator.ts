/**
 * One refresh per session at a time (SPEC §7 "Concurrent failed requests wait for that single refresh").
 * Requests that fail together share one promise; a request that arrives a little later with the same,
 * already-rotated refresh token gets the same answer instead of presenting it again, which the api
 * would take for a stolen token and revoke the whole family.
 *
 * Several webs on one Redis (docs/operations.md) coordinate the same way through Redis (decision 019):
 * the first to take `bancada:refresh:<hash of the token>` (SET NX) refreshes and leaves the new tokens
 * there for a minute; the others wait for them instead of presenting the old token a second time. Redis
 * unreachable: each web refreshes on its own, and the api's short grace for a repeat by the same client
 * (api/auth/refresh-tokens.ts) keeps the session.
 */
import { createHash } from 'node:crypto';
import type { RedisClientType } from 'redis';

export type Tokens = { token: string; refresh_token: string };

export type RefreshCoordinator = {
  refresh(oldRefreshToken: string, run: () => Promise<Tokens | null>): Promise<Tokens | null>;
};

const PENDING = 'pending';
/** How long a refresh may hold the lock, and how long another web waits for its answer. */
const LOCK_MS = 15_000;
const POLL_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The refresh across webs: the lock holder runs it, the others read its answer. */
async function throughRedis(
  redis: RedisClientType,
  oldRefreshToken: string,
  run: () => Promise<Tokens | null>,
  rememberMs: number,
): Promise<Tokens | null> {
  const key = `bancada:refresh:${createHash('sha256').update(oldRefreshToken).digest('hex')}`;
  let mine: string | null;
  try {
    mine = await redis.set(key, PENDING, { condition: 'NX', expiration: { type: 'PX', value: LOCK_MS } });
  } catch {
    return run();
  }
  if (mine) {
    const tokens = await run();
    await redis
      .set(key, JSON.stringify(tokens), { expiration: { type: 'PX', value: rememberMs } })
      .catch(() => {});
    return tokens;
  }
  const until = Date.now() + LOCK_MS;
  while (Date.now() < until) {
    const value = await redis.get(key).catch(() => null);
    if (value === null) break;
    if (value !== PENDING) return JSON.parse(value) as Tokens | null;
    await sleep(POLL_MS);
  }
  return run();
}

export function createRefreshCoordinator(
  rememberMs = 60_000,
  redis: RedisClientType | null = null,
): RefreshCoordinator {
  const inFlight = new Map<string, Promise<Tokens | null>>();
  const recent = new Map<string, { tokens: Tokens | null; until: number }>();

  function sweep(now: number) {
    for (const [key, entry] of recent) if (entry.until <= now) recent.delete(key);
  }

  return {
    refresh(oldRefreshToken, run) {
      const now = Date.now();
      sweep(now);
      const remembered = recent.get(oldRefreshToken);
      if (remembered) return Promise.resolve(remembered.tokens);
      const pending = inFlight.get(oldRefreshToken);
      if (pending) return pending;
      const work = redis ? throughRedis(redis, oldRefreshToken, run, rememberMs) : run();
      const promise = work
        .then((tokens) => {
          recent.set(oldRefreshToken, { tokens, until: Date.now() + rememberMs });
          return tokens;
        })
        .finally(() => inFlight.delete(oldRefreshToken));
      inFlight.set(oldRefreshToken, promise);
      return promise;
    },
  };
}
