/**
 * The status link's QR code for an 80 mm ticket (decision 020): the order's link as the order page
 * shows it. Against a backend without status links, or on any failure, the ticket prints without it.
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
): Promise<string | null> {
  if (extrasKnownMissing(deps.env.apiUrl)) return null;
  const link = await getStatusLink(req.api, entity, id);
  noteExtraFailure(deps.env.apiUrl, link);
  if (!link.ok) return null;
  return qrDataUrl(statusUrl(linkBase(req, deps.env.PUBLIC_URL), link.data.token));
}
