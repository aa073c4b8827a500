/**
 * The warranty clock (decision 020): it starts on the shop day an order went back to the client (kept once
 * by migration 007's trigger) and runs for the shop's warranty days. A return opened against an original
 * whose warranty ran out needs a manager's credentials, and the return names that manager.
 */
import { addDays, daysBetween } from '../../domain/client-view.ts';
import { shopDayOf, todayInShop } from '../../domain/dates.ts';
import { confirmManager } from '../auth/service.ts';
import type { ApiDeps } from '../context.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { warrantyDays } from '../shop-settings/service.ts';

export type Warranty = {
  warranty_days: number;
  delivered_on: string | null;
  warranty_until: string | null;
  /** Days left counting today (0 on the last day); negative once it ran out; null before delivery. */
  days_left: number | null;
};

export const OUT_OF_WARRANTY = 'Garantia vencida: a O.S. de retorno precisa do login de um gerente';

export type WarrantyConfirmation = {
  confirm_username?: string | undefined;
  confirm_password?: string | undefined;
};

export function warrantyOf(
  deliveredAt: Date | null,
  days: number,
  shopTz: string,
  today = todayInShop(shopTz),
): Warranty {
  if (!deliveredAt) return { warranty_days: days, delivered_on: null, warranty_until: null, days_left: null };
  const deliveredOn = shopDayOf(deliveredAt, shopTz);
  const until = addDays(deliveredOn, days);
  return {
    warranty_days: days,
    delivered_on: deliveredOn,
    warranty_until: until,
    days_left: daysBetween(today, until),
  };
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
          .select((eb) => eb.val<string | null>(null).as('override_name'))
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : await deps.db
          .selectFrom('service_orders as so')
          .leftJoin('users as u', 'u.id', 'so.warranty_override_by')
          .select(['so.created_at', 'so.status_changed_at', 'so.delivered_at', 'u.username as override_name'])
          .where('so.id', '=', id)
          .where('so.deleted_at', 'is', null)
          .executeTakeFirst();
  if (!row) throw notFound('Pedido não encontrado');
  const warranty = warrantyOf(row.delivered_at, await warrantyDays(deps.db), deps.shopTz);
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
    .select('delivered_at')
    .where('id', '=', originalId)
    .where('kind', '=', 'normal')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const warranty = warrantyOf(row?.delivered_at ?? null, await warrantyDays(deps.db), deps.shopTz);
  if (warranty.days_left === null || warranty.days_left >= 0) return null;
  if (!confirmation.confirm_username || !confirmation.confirm_password) throw forbidden(OUT_OF_WARRANTY);
  const manager = await confirmManager(
    deps,
    { confirm_username: confirmation.confirm_username, confirm_password: confirmation.confirm_password },
    ip,
  );
  return manager.id;
}
