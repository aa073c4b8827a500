/**
 * What deleting a cash entry does to the order it belongs to (decision 032). The cash screen lets a
 * manager delete any entry (SPEC §2); an order's entries are also what its page adds up as paid.
 *
 * - An order's close entry (102, 104): the sending to the cash is taken back, the order reopens in the
 *   status it was sent from, and what it owes can be received and sent again. Left as it was, the order
 *   stayed 'Finalizada' with money 'Falta receber' that nothing could ever book.
 * - An upfront payment (101) of an order already sent to the cash: refused. The close entry was worked
 *   out from it (the value less the payments), so the order would stay closed short of its value; the
 *   manager deletes the close entry first, which reopens the order, then the payment.
 * - Another entry of an order (a cancellation's record, a payment of an open or cancelled order, given
 *   back): the order stays as it is, and its history records the entry deleted.
 * - A manual entry: nothing more.
 */
import { TERMINAL_STATUSES } from '../../domain/statuses.ts';
import { TRANSACTION_TYPES } from '../../domain/transactions.ts';
import { recordAudit } from '../audit/repository.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import type { Db } from '../db/connect.ts';
import { conflict } from '../http/errors.ts';
import { findOrder } from '../orders/repository.ts';
import { reopenAfterCloseDeleted as reopenPartsOrder } from '../orders/service.ts';
import { findServiceOrder } from '../service-orders/repository.ts';
import { reopenAfterCloseDeleted as reopenServiceOrder } from '../service-orders/service.ts';
import { type TransactionRow, transactionAudit } from './repository.ts';

/** The order a deleted close entry reopened, as the DELETE answers it. */
export type ReopenedOrder = {
  entity: 'service_order' | 'order';
  kind: 'normal' | 'returned' | 'external' | 'parts';
  id: number;
  number: string;
  status: number;
};

export const PAYMENT_OF_CLOSED_ORDER =
  'Este pagamento é de uma ordem já enviada ao caixa. Exclua antes o lançamento do envio ao caixa, que reabre a ordem, e depois o pagamento.';

/** Called with the entry just deleted, in the delete's transaction; the order it reopened, if any. */
export async function orderAfterEntryDeleted(
  trx: Db,
  actor: AccessClaims,
  entry: TransactionRow,
): Promise<ReopenedOrder | null> {
  const { service_order_id: serviceOrderId, order_id: orderId } = entry;
  const reopened =
    entry.type === TRANSACTION_TYPES.SERVICE_ORDER_CLOSED && serviceOrderId !== null
      ? await reopenServiceOrder(trx, actor, serviceOrderId, entry)
      : entry.type === TRANSACTION_TYPES.PARTS_ORDER_CLOSED && orderId !== null
        ? await reopenPartsOrder(trx, actor, orderId, entry)
        : null;
  if (reopened) return reopened;
  if (entry.type === TRANSACTION_TYPES.UPFRONT_PAYMENT && (await ofClosedOrder(trx, entry)))
    throw conflict(PAYMENT_OF_CLOSED_ORDER);
  // Any other entry of an order (a deposit given back, a cancellation's record): its history says so,
  // or the order's page would list a payment its cash no longer has.
  const owner =
    serviceOrderId !== null
      ? { entity: 'service_order', id: serviceOrderId }
      : orderId !== null
        ? { entity: 'order', id: orderId }
        : null;
  if (owner) {
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'entry-deleted',
      entity: owner.entity,
      entityId: owner.id,
      after: { transaction: transactionAudit(entry) },
    });
  }
  return null;
}

async function ofClosedOrder(trx: Db, entry: TransactionRow): Promise<boolean> {
  if (entry.service_order_id !== null) {
    const order = await findServiceOrder(trx, entry.service_order_id, { forUpdate: true });
    return order !== undefined && order.status === TERMINAL_STATUSES[order.kind].completed;
  }
  if (entry.order_id !== null) {
    const order = await findOrder(trx, entry.order_id, { forUpdate: true });
    return order?.status === TERMINAL_STATUSES.parts.completed;
  }
  return false;
}
