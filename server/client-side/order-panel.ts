/**
 * What an order page shows of the client's side (decision 020): the status link with its QR code, the
 * WhatsApp button, the warranty and the history. Loaded beside the order; against a backend without
 * these calls (404/405, remembered per process) or on any failure of them, the page shows none of it.
 */
import type { Request } from 'express';
import type { Client } from '../../contract/clients.ts';
import type { PartsOrder } from '../../contract/parts-orders.ts';
import type { AnyServiceOrder } from '../../contract/service-orders.ts';
import {
  itemShown,
  mobileNumber,
  NOTHING_DUE_STATUSES,
  type OrderEntity,
  PRICING_STATUSES,
  QUOTE_STATUSES,
  templateFor,
} from '../../domain/client-view.ts';
import { closedInCents, dueInCents, paidInCents } from '../../domain/order-payments.ts';
import type { OrderKind } from '../../domain/statuses.ts';
import type { OrderPanelView } from '../../views/components/OrderPanel.tsx';
import {
  extrasKnownMissing,
  getOrderClock,
  getOrderHistory,
  getStatusLink,
  noteExtraFailure,
} from '../backend/client-side.ts';
import type { WebDeps } from '../context.ts';
import { linkBase, statusUrl } from './links.ts';
import { qrDataUrl } from './qr.ts';

/** The few facts of an order the client-side features need, whatever its kind. */
export type PanelOrder = {
  entity: OrderEntity;
  id: string;
  kind: OrderKind;
  number: string;
  status: number;
  item: string;
  /**
   * The amount the client reads on the status page, in reais: the whole quote while asked to approve
   * it, else what is left to pay; null when there is none.
   */
  amount: number | null;
  client: Pick<Client, 'name' | 'phone1' | 'phone2' | 'phone3'> | null;
};

/**
 * The quote's whole value while it awaits approval, else the value less the payments taken until the
 * order is sent to the cash (api/status-links/service.ts decides the same for the status page).
 */
function amountOf(
  kind: OrderKind,
  status: number,
  value: number | null | undefined,
  transactions: readonly { type: number; value: number }[] | undefined,
): number | null {
  if (NOTHING_DUE_STATUSES[kind].includes(status) || PRICING_STATUSES[kind].includes(status)) return null;
  if (QUOTE_STATUSES[kind].includes(status)) return value ?? null;
  // Sent to the cash, it is paid: the status page shows no value any more.
  if (closedInCents(transactions ?? []) !== null) return null;
  const cents = dueInCents(value, paidInCents(transactions ?? []));
  return cents === null ? null : cents / 100;
}

export function panelOrderOfService(found: AnyServiceOrder): PanelOrder {
  const { order } = found;
  const product =
    found.kind === 'returned'
      ? found.order.original_service_order
      : (found.order as { product_name: string | null; product_model: string | null });
  const value = found.kind === 'external' ? found.order.service_value : (found.order.fix_value_final ?? null);
  return {
    entity: 'service_order',
    id: String(order.id),
    kind: found.kind,
    number: order.number,
    status: order.status,
    item: itemShown(product?.product_name, product?.product_model),
    amount: amountOf(found.kind, order.status, value, order.transactions),
    client: order.client ?? null,
  };
}

export function panelOrderOfParts(order: PartsOrder): PanelOrder {
  return {
    entity: 'order',
    id: String(order.id),
    kind: 'parts',
    number: order.number,
    status: order.status,
    item: itemShown(order.piece_name, order.product_model),
    amount: amountOf('parts', order.status, order.piece_value, order.transactions),
    client: order.client ?? null,
  };
}

/** The client's first phone that is a mobile number (wa.me needs one), or null. */
export function clientMobile(order: PanelOrder): string | null {
  const c = order.client;
  if (!c) return null;
  for (const phone of [c.phone1, c.phone2, c.phone3]) {
    const mobile = mobileNumber(phone);
    if (mobile) return mobile;
  }
  return null;
}

export async function loadOrderPanel(
  deps: WebDeps,
  req: Request,
  order: PanelOrder,
): Promise<OrderPanelView | null> {
  if (extrasKnownMissing(deps.env.apiUrl)) return null;
  const [link, clock, history] = await Promise.all([
    getStatusLink(req.api, order.entity, order.id),
    getOrderClock(req.api, order.entity, order.id),
    getOrderHistory(req.api, order.entity, order.id),
  ]);
  for (const result of [link, clock, history]) noteExtraFailure(deps.env.apiUrl, result);
  if (!link.ok || !clock.ok || !history.ok) return null;
  const base = linkBase(req, deps.env);
  const url = statusUrl(base, link.data.token);
  const path = order.entity === 'order' ? `/pedido/${order.id}` : `/os/${order.id}`;
  // 'Cliente Notificado' offers the message until one is opened after the status changed.
  const notified = (order.kind === 'parts' && order.status === 101) || [105, 202].includes(order.status);
  const sentSince = history.data.some(
    (e) => e.action === 'whatsapp-opened' && e.at >= clock.data.status_changed_at,
  );
  return {
    path,
    link: {
      url,
      qr: await qrDataUrl(url),
      reach: base.reach,
      ...(base.ignoredHost ? { ignoredHost: base.ignoredHost } : {}),
    },
    whatsapp: clientMobile(order)
      ? {
          href: `${path}/whatsapp`,
          template: templateFor(order.kind, order.status),
          offer: notified && !sentSince,
        }
      : null,
    warranty: clock.data,
    history: history.data,
  };
}
