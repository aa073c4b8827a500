/**
 * Parts-order forms (SPEC §5 Open parts order, Edit parts order, Cancel parts order, Delete dialogs):
 * the piece name's message differs by screen; money is typed with a decimal comma (cents out), the
 * manufacturer's order date as dd/MM/yyyy, strictly.
 */
import { z } from 'zod';
import { EDITABLE_PARTS_STATUSES } from '../../domain/statuses.ts';
import {
  choice,
  managerCredentials,
  optionalDate,
  optionalMoney,
  optionalPaymentMethod,
  optionalText,
  requiredText,
} from './fields.ts';

const orNull = (v: string) => (v === '' ? null : v);
const text = (max = 120) => optionalText(max).transform(orNull);

/** The client chosen in the picker, carried by the form as a hidden field. */
const clientId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : undefined),
  z.number({ error: 'Selecione um cliente' }).int().positive({ error: 'Selecione um cliente' }),
);

export const OPEN_PARTS_ORDER_FIELDS = ['piece_name', 'piece_code', 'product_model', 'piece_value'] as const;

export const OpenPartsOrderForm = z.object({
  client_id: clientId,
  piece_name: requiredText('Digite algo para buscar'),
  piece_code: text(),
  product_model: text(),
  piece_value: optionalMoney(),
});

export const EDIT_PARTS_ORDER_FIELDS = [
  'status',
  'piece_name',
  'piece_code',
  'product_model',
  'piece_value',
  'payment_method',
  'manufacturer_date',
  'manufacturer_code',
] as const;

const editPartsOrderFields = {
  status: choice(
    EDITABLE_PARTS_STATUSES.map((s) => s.code),
    'Selecione um status',
  ),
  piece_name: requiredText('Digite algo para editar'),
  piece_code: text(),
  product_model: text(),
  piece_value: optionalMoney(),
  manufacturer_date: optionalDate(),
  manufacturer_code: text(),
};

/**
 * Editar Pedido; `kept` is the order's method as stored, which the form may keep even when it is not one
 * of the list (an older backend's free text), while any other method must come from the list.
 */
export const editPartsOrderForm = (kept?: string | null) =>
  z.object({
    ...editPartsOrderFields,
    payment_method: optionalPaymentMethod(kept),
  });

/** Cancel parts order (SPEC §5): the motive and a manager's Usuário and Senha, all required. */
export const CancelPartsOrderForm = z.object({
  cancel_motive: requiredText('Motivo obrigatório', 2000),
  ...managerCredentials,
});

/** Delete dialogs (SPEC §5): a manager's Usuário and Senha. */
export const DeletePartsOrderForm = z.object(managerCredentials);
