/**
 * The warranty clock (decision 020): it starts on the shop day an order went back to the client (kept once
 * by migration 007's trigger) and runs for the shop's warranty days. A return opened against an original
 * whose warranty ran out needs a manager's credentials, and the return names that manager.
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
  warranty_days: number;
  delivered_on: string | null;
  warranty_until: string | null;
  /** Days left counting today (0 on the last day); negative once it ran out; null before delivery. */
  days_left: number | null;
  /** Going back unrepaired (budget refused, no defect, not worth it, no parts): no warranty at all. */
  unrepaired: boolean;
};

export const OUT_OF_WARRANTY = 'Garantia vencida: a O.S. de retorno precisa do login de um gerente';
export const NO_WARRANTY_UNREPAIRED =
  'Sem garantia (a O.S. foi devolvida sem conserto): a O.S. de retorno precisa do login de um gerente';

export type WarrantyConfirmation = {
  confirm_username?: string | undefined;
  confirm_password?: string | undefined;
};

export function warrantyOf(
  deliveredAt: Date | null,
  days: number,
  shopTz: string,
  today = todayInShop(shopTz),
  unrepaired = false,
): Warranty {
  const deliveredOn = deliveredAt ? shopDayOf(deliveredAt, shopTz) : null;
  if (!deliveredOn || unrepaired) {
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
    days_left: daysBetween(today, until),
    unrepaired,
  };
}

/** Whether a service order went back unrepaired: by its status, or by the one it was sent to the cash from. */
export async function unrepairedOrder(db: Db, id: number, kind: OrderKind, status: number): Promise<boolean> {
  if (UNREPAIRED_STATUSES[kind].length === 0) return false;
  const closed = status === TERMINAL_STATUSES[kind].completed ? await closedFrom(db, id) : null;
  return wentBackUnrepaired(kind, status, closed);
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
          .select(['created_at', 'status_changed_at', 'delivered_at'])
          .select((eb) => [
            eb.val<string | null>(null).as('override_name'),
            eb.val<OrderKind>('parts').as('kind'),
            'status',
          ])
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : await deps.db
          .selectFrom('service_orders as so')
          .leftJoin('users as u', 'u.id', 'so.warranty_override_by')
          .select([
            'so.created_at',
            'so.status_changed_at',
            'so.delivered_at',
            'u.username as override_name',
            'so.kind',
            'so.status',
          ])
          .where('so.id', '=', id)
          .where('so.deleted_at', 'is', null)
          .executeTakeFirst();
  if (!row) throw notFound('Pedido não encontrado');
  const unrepaired = await unrepairedOrder(deps.db, id, row.kind as OrderKind, row.status);
  const warranty = warrantyOf(
    row.delivered_at,
    await warrantyDays(deps.db),
    deps.shopTz,
    undefined,
    unrepaired,
  );
  return {
    ...warranty,
    created_at: new Date(row.created_at).toISOString(),
    status_changed_at: new Date(row.status_changed_at).toISOString(),
    warranty_override_by: row.override_name ?? null,
  } satisfies OrderClock;
}

/**
 * Before a return is opened against its original: within warranty (or never delivered) it goes on; out of
 * it, the body must carry a manager's credentials, else 403. Returns the manager's id when one allowed it.
 */
export async function checkReturnWarranty(
  deps: ApiDeps,
  originalId: number,
  confirmation: WarrantyConfirmation,
  ip: string,
): Promise<number | null> {
  const row = await deps.db
    .selectFrom('service_orders')
    .select(['delivered_at', 'status'])
    .where('id', '=', originalId)
    .where('kind', '=', 'normal')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  // A device that went back unrepaired has no warranty to return under: a manager decides.
  const unrepaired = row ? await unrepairedOrder(deps.db, originalId, 'normal', row.status) : false;
  const warranty = warrantyOf(row?.delivered_at ?? null, await warrantyDays(deps.db), deps.shopTz);
  if (!unrepaired && (warranty.days_left === null || warranty.days_left >= 0)) return null;
  if (!confirmation.confirm_username || !confirmation.confirm_password) {
    throw forbidden(unrepaired ? NO_WARRANTY_UNREPAIRED : OUT_OF_WARRANTY);
  }
  const manager = await confirmManager(
    deps,
    { confirm_username: confirmation.confirm_username, confirm_password: confirmation.confirm_password },
    ip,
  );
  return manager.id;
}
