/**
 * The status link and its QR code for a parts order's sheet and ticket (decision 020): the order's link as
 * the order page shows it. Against a backend without status links, or on any failure, it prints without.
 */
import type { Request } from 'express';
import type { OrderEntity } from '../../domain/client-view.ts';
import { extrasKnownMissing, getStatusLink, noteExtraFailure } from '../backend/client-side.ts';
import { linkBase, statusUrl } from '../client-side/links.ts';
import { qrDataUrl } from '../client-side/qr.ts';
import type { WebDeps } from '../context.ts';

export async function statusQr(
  deps: WebDeps,
  req: Request,
  entity: OrderEntity,
  id: string,
): Promise<{ url: string; qr: string } | null> {
  if (extrasKnownMissing(deps.env.apiUrl)) return null;
  const link = await getStatusLink(req.api, entity, id);
  noteExtraFailure(deps.env.apiUrl, link);
  if (!link.ok) return null;
  const url = statusUrl(linkBase(req, deps.env), link.data.token);
  return { url, qr: await qrDataUrl(url) };
}
