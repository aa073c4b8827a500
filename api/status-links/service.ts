/**
 * Public status links (decision 020): one live link per order, issued the first time staff look for it,
 * revoked by issuing a new one (the old token answers 404 at once), and the public view of an order,
 * which holds only what the client needs to know.
 */
import {
  clientSentence,
  DELIVERED_STATUSES,
  itemShown,
  NOTHING_DUE_STATUSES,
  type OrderEntity,
  PRICING_STATUSES,
  QUOTE_STATUSES,
} from '../../domain/client-view.ts';
import { todayInShop } from '../../domain/dates.ts';
import { type OrderKind, TERMINAL_STATUSES } from '../../domain/statuses.ts';
import { recordAudit } from '../audit/repository.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import type { ApiDeps } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';
import { isUniqueViolation } from '../users/repository.ts';
import { warrantyOfOrder } from '../warranty/service.ts';
import {
  closedFrom,
  insertLink,
  type LinkRow,
  linkByHash,
  liveLink,
  liveLinkOfOrder,
  orderExists,
  type PublicOrderRow,
  publicPartsOrder,
  publicServiceOrder,
  reachedAt,
  revokeLive,
} from './repository.ts';
import { hashOf, newNonce, TOKEN_PATTERN, tokenOf } from './tokens.ts';

export const NOT_FOUND = 'Link não encontrado';

export type StatusLink = { token: string; issued_at: string };

function linkJson(deps: ApiDeps, row: LinkRow): StatusLink {
  return { token: tokenOf(deps.keys, row.nonce), issued_at: new Date(row.created_at).toISOString() };
}

async function issue(deps: ApiDeps, db: Db, actor: AccessClaims, entity: OrderEntity, id: number) {
  const nonce = newNonce();
  const row = await insertLink(db, {
    entity,
    entityId: id,
    nonce,
    tokenHash: hashOf(tokenOf(deps.keys, nonce)),
    createdBy: actor.id,
  });
  await recordAudit(db, {
    actorId: actor.id,
    action: 'status-link-issued',
    entity,
    entityId: id,
    after: { link_id: row.id },
  });
  return row;
}

/** The order's live link, issued now when it has none (two first looks at once agree on one). */
export async function currentLink(deps: ApiDeps, actor: AccessClaims, entity: OrderEntity, id: number) {
  const order = await liveLinkOfOrder(deps.db, entity, id);
  if (!order) throw notFound('Pedido não encontrado');
  if (order.link) return linkJson(deps, order.link);
  try {
    return linkJson(deps, await deps.db.transaction().execute((trx) => issue(deps, trx, actor, entity, id)));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const other = await liveLink(deps.db, entity, id);
    if (!other) throw err;
    return linkJson(deps, other);
  }
}

/** Revokes the live link and issues a new one, in one transaction. */
export async function renewLink(deps: ApiDeps, actor: AccessClaims, entity: OrderEntity, id: number) {
  if (!(await orderExists(deps.db, entity, id))) throw notFound('Pedido não encontrado');
  const row = await deps.db.transaction().execute(async (trx) => {
    const revoked = await revokeLive(trx, entity, id);
    if (revoked > 0) {
      await recordAudit(trx, { actorId: actor.id, action: 'status-link-revoked', entity, entityId: id });
    }
    return issue(deps, trx, actor, entity, id);
  });
  return linkJson(deps, row);
}

/** What a client may read; dates as yyyy-MM-dd (shop days), money in reais. */
export type PublicStatus = {
  kind: OrderKind;
  number: string;
  item: string;
  status_text: string;
  opened_on: string;
  ready_on: string | null;
  delivered_on: string | null;
  amount_due: number | null;
  /** While the client is asked to approve the budget: its whole value ('Valor do orçamento'). */
  quote: number | null;
  warranty_until: string | null;
  /** An external visit still to come: its booked day (yyyy-MM-dd) and period; else null. */
  scheduled_on: string | null;
  scheduled_period: string | null;
};

const READY_STATUSES: Record<OrderKind, readonly number[]> = {
  normal: [104, 105],
  returned: [201, 202],
  external: [],
  parts: [101],
};

/** GET /status-links/public/{token}: a malformed, unknown or revoked token is the same 404. */
export async function publicStatus(deps: ApiDeps, token: string): Promise<PublicStatus> {
  if (!TOKEN_PATTERN.test(token)) throw notFound(NOT_FOUND);
  const link = await linkByHash(deps.db, hashOf(token));
  if (!link) throw notFound(NOT_FOUND);
  const row =
    link.entity === 'order'
      ? await publicPartsOrder(deps.db, link.entity_id)
      : await publicServiceOrder(deps.db, link.entity_id);
  if (!row) throw notFound(NOT_FOUND);
  return publicJson(deps, link.entity, link.entity_id, row);
}

async function publicJson(
  deps: ApiDeps,
  entity: OrderEntity,
  id: number,
  row: PublicOrderRow,
): Promise<PublicStatus> {
  const day = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  const delivered = DELIVERED_STATUSES[row.kind].includes(row.status) || row.delivered_at !== null;
  // Ready while it is: an order moved on from Consertada (cancelled, back in repair) is ready no longer.
  const readyNow = !delivered && READY_STATUSES[row.kind].includes(row.status);
  const ready = readyNow ? await reachedAt(deps.db, entity, id, READY_STATUSES[row.kind]) : null;
  // Sent to the cash from 'Orçamento Não Aprovado' and the like: the client reads why, and no warranty.
  const closedFromStatus =
    entity === 'service_order' && row.status === TERMINAL_STATUSES[row.kind].completed
      ? await closedFrom(deps.db, id)
      : null;
  const warranty = await warrantyOfOrder(deps, { ...row, id }, closedFromStatus);
  // A visit still to come says when; once done or cancelled, or its day gone by, the day is history.
  const open = row.kind === 'external' && row.finished_at === null && row.scheduled_on !== null;
  const dayGone = open && String(row.scheduled_on) < todayInShop(deps.shopTz);
  const upcoming = open && !dayGone;
  // The value due shows once a value is set and the order is still open: after the send to cash it is paid.
  // Nothing is due on an order cancelled or going back unrepaired.
  // While the budget is being made nothing is due yet; once it is ready the value is a quote.
  const quoting = row.value_cents !== null && QUOTE_STATUSES[row.kind].includes(row.status);
  // Beside a quote, what is left to pay shows only once a deposit was taken; alone it would repeat it.
  const due =
    row.value_cents !== null &&
    !(quoting && Number(row.upfront_cents) === 0) &&
    row.finished_at === null &&
    !NOTHING_DUE_STATUSES[row.kind].includes(row.status) &&
    !PRICING_STATUSES[row.kind].includes(row.status)
      ? Math.max(0, Number(row.value_cents) - Number(row.upfront_cents)) / 100
      : null;
  return {
    kind: row.kind,
    number: row.number,
    item: itemShown(row.item_name, row.item_model),
    status_text: clientSentence(row.kind, row.status, {
      closedFrom: closedFromStatus,
      unbooked: !row.scheduled_on,
      dayGone,
    }),
    opened_on: day(row.created_at) ?? '',
    ready_on: day(ready),
    delivered_on: warranty.delivered_on,
    amount_due: due,
    quote: quoting ? Number(row.value_cents) / 100 : null,
    warranty_until: warranty.warranty_until,
    scheduled_on: upcoming ? row.scheduled_on : null,
    scheduled_period: upcoming ? row.scheduled_period?.trim() || null : null,
  };
}
