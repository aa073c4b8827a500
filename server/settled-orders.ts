/**
 * A close or cancel that finds its order already closed or cancelled. The usual cause is a retry of an
 * action that went through while its answer was lost (a stalled database: the person saw 'Servidor
 * indisponível', yet the commit had reached it). The retry shows the order as it is now with a message
 * saying what happened; it never falls into the form's failure text, which blames the values typed.
 */
import type { Toast } from '../contract/web.ts';
import { type OrderKind, TERMINAL_STATUSES } from '../domain/statuses.ts';

export type OrderAction = 'close' | 'cancel' | 'upfront';

export const SETTLED_TEXT = {
  serviceOrder: {
    closed: 'Esta O.S. já tinha sido enviada ao caixa: nada foi lançado de novo.',
    cancelled: 'Esta O.S. já tinha sido cancelada: nada foi lançado de novo.',
    closeCancelled: 'Esta O.S. foi cancelada e não pode ir para o caixa.',
    cancelClosed: 'Esta O.S. já foi enviada ao caixa e não pode ser cancelada.',
    upfrontClosed: 'Esta O.S. já foi enviada ao caixa e não recebe mais pagamento antecipado.',
    upfrontCancelled: 'Esta O.S. foi cancelada e não recebe pagamento antecipado.',
  },
  partsOrder: {
    closed: 'Este pedido já tinha sido enviado ao caixa: nada foi lançado de novo.',
    cancelled: 'Este pedido já tinha sido cancelado: nada foi lançado de novo.',
    closeCancelled: 'Este pedido foi cancelado e não pode ir para o caixa.',
    cancelClosed: 'Este pedido já foi enviado ao caixa e não pode ser cancelado.',
    upfrontClosed: 'Este pedido já foi enviado ao caixa e não recebe mais pagamento antecipado.',
    upfrontCancelled: 'Este pedido foi cancelado e não recebe pagamento antecipado.',
  },
} as const;

/**
 * The toast for `action` on an order of `kind` whose status is `status`, or null while the order is
 * still open (the action is then really tried). The same action found done is a success: what the
 * person wanted is so, and nothing was booked twice; the other terminal status is an error. An upfront
 * payment on a finished order (a page left open) says why it cannot be taken, never 'check the values'.
 */
export function settledToast(kind: OrderKind, status: number, action: OrderAction): Toast | null {
  const terminal = TERMINAL_STATUSES[kind];
  const text = kind === 'parts' ? SETTLED_TEXT.partsOrder : SETTLED_TEXT.serviceOrder;
  if (action === 'upfront') {
    if (status === terminal.completed) return { kind: 'error', text: text.upfrontClosed };
    if (status === terminal.cancelled) return { kind: 'error', text: text.upfrontCancelled };
    return null;
  }
  if (status === terminal.completed) {
    return action === 'close'
      ? { kind: 'success', text: text.closed }
      : { kind: 'error', text: text.cancelClosed };
  }
  if (status === terminal.cancelled) {
    return action === 'cancel'
      ? { kind: 'success', text: text.cancelled }
      : { kind: 'error', text: text.closeCancelled };
  }
  return null;
}
