/**
 * Capability links for the shop's print server: a random token that opens one sheet, read-only, for a
 * few minutes, without logging in. The sheet is rendered when the link is made and kept as it is, so the
 * link never carries or needs an api token; signing out deletes every link the session made.
 */
import { randomBytes } from 'node:crypto';
import type { RedisClientType } from 'redis';

export type PrintLinks = {
  create(html: string, minutes: number): Promise<string>;
  open(token: string): Promise<string | null>;
  revoke(tokens: readonly string[]): Promise<void>;
};

const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;
const newToken = () => randomBytes(24).toString('base64url');

export function redisPrintLinks(redis: RedisClientType): PrintLinks {
  const key = (t: string) => `bancada:print:${t}`;
  return {
    async create(html, minutes) {
      const token = newToken();
      await redis.set(key(token), html, { expiration: { type: 'EX', value: minutes * 60 } });
      return token;
    },
    async open(token) {
      if (!TOKEN.test(token)) return null;
      return (await redis.get(key(token))) ?? null;
    },
    async revoke(tokens) {
      if (tokens.length) await redis.del(tokens.map(key));
    },
  };
}

export function memoryPrintLinks(max = 500): PrintLinks {
  const links = new Map<string, { html: string; until: number }>();
  return {
    async create(html, minutes) {
      for (const [t, l] of links) if (l.until <= Date.now()) links.delete(t);
      if (links.size >= max) links.delete(links.keys().next().value as string);
      const token = newToken();
      links.set(token, { html, until: Date.now() + minutes * 60_000 });
      return token;
    },
    async open(token) {
      const link = links.get(token);
      if (!link || link.until <= Date.now()) return null;
      return link.html;
    },
    async revoke(tokens) {
      for (const t of tokens) links.delete(t);
    },
  };
}
