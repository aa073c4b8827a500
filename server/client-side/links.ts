/**
 * Where a status link points: PUBLIC_URL when the shop has one, else this request's own address when it
 * is one the link may carry (server/link-hosts.ts), else this machine's address on the shop's network.
 */
import type { Request } from 'express';
import { isKnownHost, isListedHost, lanAddress } from '../link-hosts.ts';

/**
 * Who can open a link: anyone (PUBLIC_URL), the shop's network (the address the page was opened by), or
 * only the computer it was made on (the page opened as localhost: a client's phone never reaches it).
 * `unknown`: the page was opened by a public name nobody configured (`ignoredHost`); the link uses this
 * machine's address on the shop's network instead, and the order page says so.
 */
export type LinkReach = 'public' | 'shop' | 'computer' | 'unknown';
export type LinkBase = { base: string; reach: LinkReach; ignoredHost?: string };

const THIS_COMPUTER = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

export function linkBase(
  req: Request,
  env: { PUBLIC_URL?: string | undefined; PUBLIC_HOSTS: string },
): LinkBase {
  if (env.PUBLIC_URL) return { base: env.PUBLIC_URL.replace(/\/+$/, ''), reach: 'public' };
  const host = req.get('host') ?? 'localhost';
  // Listed by the shop in PUBLIC_HOSTS: a name it means clients to open, not a shop-only one.
  if (isListedHost(host, env.PUBLIC_HOSTS)) return { base: `${req.protocol}://${host}`, reach: 'public' };
  if (isKnownHost(host, env.PUBLIC_HOSTS)) {
    return { base: `${req.protocol}://${host}`, reach: THIS_COMPUTER.test(host) ? 'computer' : 'shop' };
  }
  const port = req.socket?.localPort;
  const onPort = port && port !== 80 ? `:${port}` : '';
  return { base: `http://${lanAddress() ?? 'localhost'}${onPort}`, reach: 'unknown', ignoredHost: host };
}

export function statusUrl(base: LinkBase, token: string): string {
  return `${base.base}/acompanhar/${encodeURIComponent(token)}`;
}
