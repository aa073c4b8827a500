/** Where a status link points: PUBLIC_URL when the shop has one, else this request's own address. */
import type { Request } from 'express';

/**
 * Who can open a link: anyone (PUBLIC_URL), the shop's network (the address the page was opened by), or
 * only the computer it was made on (the page opened as localhost: a client's phone never reaches it).
 */
export type LinkReach = 'public' | 'shop' | 'computer';
export type LinkBase = { base: string; reach: LinkReach };

const THIS_COMPUTER = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

export function linkBase(req: Request, publicUrl: string | undefined): LinkBase {
  if (publicUrl) return { base: publicUrl.replace(/\/+$/, ''), reach: 'public' };
  const host = req.get('host') ?? 'localhost';
  return { base: `${req.protocol}://${host}`, reach: THIS_COMPUTER.test(host) ? 'computer' : 'shop' };
}

export function statusUrl(base: LinkBase, token: string): string {
  return `${base.base}/acompanhar/${encodeURIComponent(token)}`;
}
