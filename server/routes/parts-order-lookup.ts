/**
 * What the parts order's pages share (the detail with its actions, and Editar Pedido): the product's
 * texts, and the order the path names.
 */
import type { Request, Response } from 'express';
import type { PartsOrder } from '../../contract/parts-orders.ts';
import type { Toast } from '../../contract/web.ts';
import { getPartsOrder } from '../backend/orders.ts';
import { flash } from '../middleware/flash.ts';

/** SPEC §8 Parts orders, §8 Cash and manager checks: the product's texts, to the letter. */
export const PARTS_ORDER_TEXT = {
  created: 'Pedido cadastrado com sucesso!',
  createFailed: 'Ocorreu um erro ao criar o pedido. Cheque os dados.',
  edited: 'Pedido Editado com sucesso!',
  editFailed: 'Ocorreu um erro ao editar o pedido. Cheque suas credenciais.',
  deleted: 'Pedido deletado com sucesso!',
  /** A delete sent again (Back, a double click) after the first went through. */
  alreadyDeleted: 'Este pedido já tinha sido deletado: nada foi deletado de novo.',
  deleteFailed: 'Erro ao excluir Pedido',
  cancelled: 'Pedido cancelado com sucesso!',
  cancelFailed: 'Erro ao cancelar Pedido',
  closed: 'Pedido enviado ao caixa com sucesso!',
  closeFailed:
    'Erro ao enviar pedido para o caixa. Cheque os valores digitados. Para enviar um pedido ao caixa, ele deve conter: Valor e Forma de Pagamento',
  upfront: 'Pagamento antecipado enviado ao caixa com sucesso!',
  upfrontFailed: 'Erro ao criar pagamento antecipado. Cheque os valores digitados.',
  notManager: 'Digite uma credencial de gerente válida',
  notFound: 'Nenhum pedido encontrado',
} as const;

/** The money fields of a parts order's forms, typed in reais with a comma, kept in cents. */
export const MONEY_FIELDS = ['piece_value'] as const;

/** The order id of the path, when it can name one (digits only); anything else names no order. */
export function orderIdOf(req: Request): string | null {
  const id = String(req.params.id ?? '');
  return /^\d{1,10}$/.test(id) ? id : null;
}

/** An order the api does not know (or a path that cannot name one): the toast, then back to Consulta. */
export function notFound(req: Request, res: Response, toasts: Toast[] = []) {
  for (const t of toasts) flash(req, t.kind, t.text);
  flash(req, 'error', PARTS_ORDER_TEXT.notFound);
  res.redirect(303, '/consulta');
}

/**
 * The order, or null after answering: unknown -> flash + 303 /consulta; any other api failure is the
 * error page (502).
 */
export async function loadOrder(
  req: Request,
  res: Response,
  toasts: Toast[] = [],
): Promise<PartsOrder | null> {
  const id = orderIdOf(req);
  if (id === null) {
    notFound(req, res, toasts);
    return null;
  }
  const found = await getPartsOrder(req.api, id);
  if (found.ok) return found.data;
  if (found.status === 404 || found.status === 400) {
    notFound(req, res, toasts);
    return null;
  }
  throw Object.assign(new Error(found.message || 'api failure'), { status: 502 });
}
