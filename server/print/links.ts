/**
 * Capability links for the shop's print server: a random token that opens one sheet, read-only, for a
 * few minutes, without logging in. The sheet is rendered when the link is made and kept as it is, so the
 * link never carries or needs an api token; signing out deletes every link the session made.
 */
import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { RedisClientType } from 'redis';
import { isKnownHost } from '../link-hosts.ts';

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
      const ms = Math.max(1_000, Math.ceil(minutes * 60_000));
      await redis.set(key(token), html, { expiration: { type: 'PX', value: ms } });
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

/**
 * Where a print link points (decision 019): PUBLIC_URL when set; else the request's own origin, but only
 * when its host is one a link may carry (this machine, the shop's network, PUBLIC_HOSTS:
 * server/link-hosts.ts). The Host header is the visitor's to write: an unknown one gets a link without an
 * origin (the path alone, which the page's own address completes), never a link to a host somebody else
 * chose.
 */
export function printLinkBase(
  env: { PUBLIC_URL?: string | undefined; PUBLIC_HOSTS: string },
  req: Request,
): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const host = req.get('host')?.toLowerCase() ?? '';
  return isKnownHost(host, env.PUBLIC_HOSTS) ? `${req.protocol}://${host}` : '';
}
