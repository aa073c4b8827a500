/**
 * Small, expiring values the web keeps between two requests (form keys, drafts of typed forms): in
 * Redis when REDIS_URL is set, so every web instance sees them, else in a bounded in-process LRU.
 * One store per running web (keyed by its deps), made on first use.
 */
import { LRUCache } from 'lru-cache';
import type { RedisClientType } from 'redis';
import type { WebDeps } from './context.ts';

export type ShortStore = {
  /** Sets `key` only when it is not there yet; true when this call set it (atomic). */
  claim(key: string, value: string, ttlMs: number): Promise<boolean>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
};

export function redisShortStore(redis: RedisClientType): ShortStore {
  return {
    async claim(key, value, ttlMs) {
      const done = await redis.set(key, value, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } });
      return done === 'OK';
    },
    async set(key, value, ttlMs) {
      await redis.set(key, value, { expiration: { type: 'PX', value: ttlMs } });
    },
    async get(key) {
      return (await redis.get(key)) ?? undefined;
    },
    async delete(key) {
      await redis.del(key);
    },
  };
}

/** At most `max` values; the least recently used go first, each also at its own time. */
export function memoryShortStore(max = 10_000): ShortStore {
  const cache = new LRUCache<string, string>({ max, ttlAutopurge: false });
  return {
    async claim(key, value, ttlMs) {
      // One thread: the check and the set cannot be split by another request.
      if (cache.has(key)) return false;
      cache.set(key, value, { ttl: ttlMs });
      return true;
    },
    async set(key, value, ttlMs) {
      cache.set(key, value, { ttl: ttlMs });
    },
    async get(key) {
      return cache.get(key);
    },
    async delete(key) {
      cache.delete(key);
    },
  };
}

const stores = new WeakMap<WebDeps, ShortStore>();

export function shortStoreOf(deps: WebDeps): ShortStore {
  let store = stores.get(deps);
  if (!store) {
    store = deps.redis ? redisShortStore(deps.redis) : memoryShortStore();
    stores.set(deps, store);
  }
  return store;
}
