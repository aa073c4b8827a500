/**
 * The warranty clock (decisions 020, 030, 031): it starts on the shop day an order went back to the client
 * and runs for the warranty days the shop had then (both kept by migration 015's trigger). An order that
 * went back unrepaired, or was cancelled, or delivered while the shop gave 0 days, has none. A return against an original out of its warranty, or
 * without one, needs a manager's credentials, and the return names that manager.
 */
import { addDays, daysBetween, UNREPAIRED_STATUSES, wentBackUnrepaired } from '../../domain/client-view.ts';
import { shopDayOf, todayInShop } from '../../domain/dates.ts';
import { type OrderKind, TERMINAL_STATUSES } from '../../domain/statuses.ts';
import { confirmManager } from '../auth/service.ts';
import type { ApiDeps } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { warrantyDays } from '../shop-settings/service.ts';
import { closedFrom } from '../status-links/repository.ts';

export type Warranty = {
  /** The days granted at delivery; before it, the shop's days now. */
  warranty_days: number;
  delivered_on: string | null;
  warranty_until: string | null;
  /** Days left counting today (0 on the last day); negative once it ran out; null without a warranty. */
  days_left: number | null;
  /** Going back unrepaired (budget refused, no defect, not worth it, no parts): no warranty at all. */
  unrepaired: boolean;
};

export const OUT_OF_WARRANTY = 'Garantia vencida: a O.S. de retorno precisa do login de um gerente';
/** The original has no warranty to return under: it went back unrepaired, or was cancelled. */
export const NO_WARRANTY = 'Sem garantia: a O.S. de retorno precisa do login de um gerente';

export type WarrantyConfirmation = {
  confirm_username?: string | undefined;
  confirm_password?: string | undefined;
};

/** An order as the warranty reads it. */
export type WarrantyRow = {
  id: number;
  kind: OrderKind;
  status: number;
  delivered_at: Date | null;
  /** Granted at delivery (migration 015); null before it. */
  warranty_days: number | null;
};

function warrantyOf(
  deliveredAt: Date | null,
  days: number,
  shopTz: string,
  /** Nothing to warrant: it went back unrepaired (`unrepaired`, said as such) or was cancelled. */
  { none, unrepaired }: { none: boolean; unrepaired: boolean },
): Warranty {
  const deliveredOn = deliveredAt ? shopDayOf(deliveredAt, shopTz) : null;
  if (!deliveredOn || none) {
    return {
      warranty_days: days,
      delivered_on: deliveredOn,
      warranty_until: null,
      days_left: null,
      unrepaired,
    };
  }
  const until = addDays(deliveredOn, days);
  return {
    warranty_days: days,
    delivered_on: deliveredOn,
    warranty_until: until,
    days_left: daysBetween(todayInShop(shopTz), until),
    unrepaired,
  };
}

/** Whether a service order went back unrepaired: by its status, or by the one it was sent to the cash from. */
export async function unrepairedOrder(db: Db, id: number, kind: OrderKind, status: number): Promise<boolean> {
  if (UNREPAIRED_STATUSES[kind].length === 0) return false;
  const closed = status === TERMINAL_STATUSES[kind].completed ? await closedFrom(db, id) : null;
  return wentBackUnrepaired(kind, status, closed);
}

/**
 * An order's warranty: the days it was granted, none when unrepaired or cancelled. `closed` is the status
 * it was sent to the cash from, when the caller has read it already.
 */
export async function warrantyOfOrder(
  deps: ApiDeps,
  row: WarrantyRow,
  closed?: number | null,
): Promise<Warranty> {
  const unrepaired =
    closed === undefined
      ? await unrepairedOrder(deps.db, row.id, row.kind, row.status)
      : wentBackUnrepaired(row.kind, row.status, closed);
  const cancelled = row.status === TERMINAL_STATUSES[row.kind].cancelled;
  const days = row.warranty_days ?? (await warrantyDays(deps.db));
  // A shop giving 0 days gives none: no 'Garantia até' the day of delivery (the sheets say 'sem garantia').
  return warrantyOf(row.delivered_at, days, deps.shopTz, {
    none: unrepaired || cancelled || days <= 0,
    unrepaired,
  });
}

export type OrderClock = Warranty & {
  created_at: string;
  status_changed_at: string;
  /** On a return opened out of warranty: the manager who allowed it. */
  warranty_override_by: string | null;
};

/** GET /warranty/{service-order|order}/{id}: the order's clocks. */
export async function orderClock(deps: ApiDeps, entity: 'service_order' | 'order', id: number) {
  const row =
    entity === 'order'
      ? await deps.db
          .selectFrom('orders')
          .select(['id', 'status', 'created_at', 'status_changed_at', 'delivered_at', 'warranty_days'])
          .select((eb) => [
            eb.val<string | null>(null).as('override_name'),
            eb.val<OrderKind>('parts').as('kind'),
          ])
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : await deps.db
          .selectFrom('service_orders as so')
          .leftJoin('users as u', 'u.id', 'so.warranty_override_by')
          .select([
            'so.id',
            'so.kind',
            'so.status',
            'so.created_at',
            'so.status_changed_at',
            'so.delivered_at',
            'so.warranty_days',
            'u.username as override_name',
          ])
          .where('so.id', '=', id)
          .where('so.deleted_at', 'is', null)
          .executeTakeFirst();
  if (!row) throw notFound('Pedido não encontrado');
  const warranty = await warrantyOfOrder(deps, { ...row, kind: row.kind as OrderKind });
  return {
    ...warranty,
    created_at: new Date(row.created_at).toISOString(),
    status_changed_at: new Date(row.status_changed_at).toISOString(),
    warranty_override_by: row.override_name ?? null,
  } satisfies OrderClock;
}

/**
 * Before a return is opened against its original: within its warranty, or not delivered yet (the status
 * not kept up at the counter), it goes on. Out of warranty, or with none to return under (it went back
 * unrepaired, or was cancelled), the body must carry a manager's credentials, else 403. Returns the
 * manager's id when one allowed it.
 */
export async function checkReturnWarranty(
  deps: ApiDeps,
  originalId: number,
  confirmation: WarrantyConfirmation,
  ip: string,
): Promise<number | null> {
  const row = await deps.db
    .selectFrom('service_orders')
    .select(['id', 'status', 'delivered_at', 'warranty_days'])
    .where('id', '=', originalId)
    .where('kind', '=', 'normal')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  // No such original: the return's own checks refuse it.
  if (!row) return null;
  const warranty = await warrantyOfOrder(deps, { ...row, kind: 'normal' });
  const none =
    warranty.unrepaired ||
    row.status === TERMINAL_STATUSES.normal.cancelled ||
    (warranty.delivered_on !== null && warranty.warranty_days <= 0);
  if (!none && (warranty.days_left === null || warranty.days_left >= 0)) return null;
  if (!confirmation.confirm_username || !confirmation.confirm_password) {
    throw forbidden(none ? NO_WARRANTY : OUT_OF_WARRANTY);
  }
  const manager = await confirmManager(
    deps,
    { confirm_username: confirmation.confirm_username, confirm_password: confirmation.confirm_password },
    ip,
  );
  return manager.id;
}
