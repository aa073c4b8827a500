/** Answers of the postal-code services, cached: in Redis when present (shared by every web), else in memory. */
import type { RedisClientType } from 'redis';
import type { CepAddress } from './providers.ts';

export type CachedAnswer = { found: true; address: CepAddress } | { found: false };

export type CepCache = {
  get(cep: string): Promise<CachedAnswer | undefined>;
  set(cep: string, answer: CachedAnswer): Promise<void>;
};

const FOUND_TTL_S = 30 * 24 * 3600;
const NOT_FOUND_TTL_S = 24 * 3600;
const ttlOf = (a: CachedAnswer) => (a.found ? FOUND_TTL_S : NOT_FOUND_TTL_S);

export function redisCepCache(redis: RedisClientType): CepCache {
  const key = (cep: string) => `bancada:cep:${cep}`;
  return {
    async get(cep) {
      try {
        const raw = await redis.get(key(cep));
        return raw ? (JSON.parse(raw) as CachedAnswer) : undefined;
      } catch {
        return undefined; // A cache that is down only costs a lookup.
      }
    },
    async set(cep, answer) {
      try {
        await redis.set(key(cep), JSON.stringify(answer), {
          expiration: { type: 'EX', value: ttlOf(answer) },
        });
      } catch {
        /* not cached this time */
      }
    },
  };
}

export function memoryCepCache(max = 5_000): CepCache {
  const entries = new Map<string, { answer: CachedAnswer; until: number }>();
  return {
    async get(cep) {
      const e = entries.get(cep);
      if (!e) return undefined;
      if (e.until < Date.now()) {
        entries.delete(cep);
        return undefined;
      }
      return e.answer;
    },
    async set(cep, answer) {
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(cep, { answer, until: Date.now() + ttlOf(answer) * 1000 });
    },
  };
}
