/** Where a status link points: PUBLIC_URL when the shop has one, else this request's own address. */
import type { Request } from 'express';

export type LinkBase = { base: string; configured: boolean };

export function linkBase(req: Request, publicUrl: string | undefined): LinkBase {
  if (publicUrl) return { base: publicUrl.replace(/\/+$/, ''), configured: true };
  return { base: `${req.protocol}://${req.get('host') ?? 'localhost'}`, configured: false };
}

export function statusUrl(base: LinkBase, token: string): string {
  return `${base.base}/acompanhar/${encodeURIComponent(token)}`;
}
