/**
 * The status link and warranty for a printed sheet (decision 020), the print noted in the order's history;
 * null against a backend without them.
 */
import type { Request } from 'express';
import type { OrderEntity } from '../../domain/client-view.ts';
import type { PrintClientSide } from '../../print-templates/StatusQr.tsx';
import {
  extrasKnownMissing,
  getOrderClock,
  getStatusLink,
  noteExtraFailure,
  recordOrderEvent,
} from '../backend/client-side.ts';
import type { WebDeps } from '../context.ts';
import { linkBase, statusUrl } from './links.ts';
import { qrDataUrl } from './qr.ts';

export async function printClientSide(
  deps: WebDeps,
  req: Request,
  entity: OrderEntity,
  id: string,
  /** What is printed, for the order's history ('Folha da O.S.', 'Folha de entrega'). */
  document: string,
): Promise<PrintClientSide | null> {
  if (extrasKnownMissing(deps.env.apiUrl)) return null;
  const [link, clock] = await Promise.all([
    getStatusLink(req.api, entity, id),
    getOrderClock(req.api, entity, id),
    recordOrderEvent(req.api, entity, id, { event: 'printed', detail: document }),
  ]);
  noteExtraFailure(deps.env.apiUrl, link);
  noteExtraFailure(deps.env.apiUrl, clock);
  if (!link.ok || !clock.ok) return null;
  const url = statusUrl(linkBase(req, deps.env), link.data.token);
  return {
    url,
    qr: await qrDataUrl(url),
    warrantyDays: clock.data.warranty_days,
    warrantyUntil: clock.data.warranty_until,
    unrepaired: clock.data.unrepaired === true,
  };
}
