/**
 * Parts-order bodies and queries (SPEC §5 Open/Edit/Cancel parts order, Upfront payment; §7 Parts orders
 * and the order Transactions calls; API.md General): money in reais with at most two decimals (cents out),
 * dates as yyyy-MM-dd or ISO date-times in the shop's zone, text trimmed and capped, '' or null as none.
 */

import { z } from 'zod';
import { editableStatuses, isStatusOf, isTerminal } from '../../domain/statuses.ts';
import { NAME_MAX, requiredName, requiredSecret, TEXT_MAX } from '../http/fields.ts';
import { pagingFields } from '../http/paging.ts';
import { businessDate, moneyCents, optionalMoneyCents, optionalText } from '../http/values.ts';
import { versionField } from '../http/versions.ts';

/** The largest id a PostgreSQL integer column holds: a bigger one names nothing (and must never reach SQL). */
const MAX_ID = 2_147_483_647;

/** A row id from a body: a positive 32-bit integer, as a number or a string of digits. */
const rowId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(MAX_ID, { error: message }),
  );

/** An order id in a path: a positive 32-bit integer, or nothing (the route then answers 404). */
export function orderIdOf(param: unknown): number | null {
  if (typeof param !== 'string' || !/^[0-9]{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** A JSON object body; anything else (an array, a string) is refused with one message. */
const body = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: 'Dados inválidos' });

const EDITABLE = editableStatuses('parts').map((s) => s.code);
const STATUS_INVALID = 'Status inválido';
const STATUS_TERMINAL = 'Cancelado e Finalizado só pelo cancelamento ou pelo envio ao caixa';
const STATUS_REQUIRED = 'Selecione um status para buscar';

/** A status code as a number or a string of digits. */
const statusCode = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int({ error: message }),
  );

/** GET /orders: by number, or by status (any of the five); neither answers 400 on status. */
export const ListQuery = z
  .object({
    number: z
      .string({ error: 'Número inválido' })
      .trim()
      .max(40, { error: 'Número inválido' })
      .optional()
      .transform((v) => (v ? v : undefined)),
    status: z.preprocess(
      (v) => (v === '' ? undefined : v),
      statusCode(STATUS_INVALID)
        .refine((code) => isStatusOf('parts', code), { error: STATUS_INVALID })
        .optional(),
    ),
    ...pagingFields,
  })
  .superRefine((query, ctx) => {
    if (query.number === undefined && query.status === undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: STATUS_REQUIRED });
    }
  });

export type ListFilter = z.output<typeof ListQuery>;

const pieceName = (message: string) => requiredName(message);
const shortText = () => optionalText(NAME_MAX);

export const CreateBody = body({
  client_id: rowId('Selecione um cliente'),
  piece_name: pieceName('Digite algo para buscar'),
  piece_code: shortText(),
  piece_value: optionalMoneyCents(),
  product_model: shortText(),
});

export type CreateInput = z.output<typeof CreateBody>;

/** SPEC §3 reads the payment method as payment_method or order_payment_method: both fill one field. */
function mergePaymentMethod(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  const given = b.payment_method;
  if ((given === undefined || given === null || given === '') && b.order_payment_method !== undefined) {
    return { ...b, payment_method: b.order_payment_method };
  }
  return body;
}

export const updateBody = (shopTz: string) =>
  z.preprocess(
    mergePaymentMethod,
    body({
      ...versionField,
      status: statusCode(STATUS_INVALID)
        .superRefine((code, ctx) => {
          if (isTerminal('parts', code)) ctx.addIssue({ code: 'custom', message: STATUS_TERMINAL });
          else if (!EDITABLE.includes(code)) ctx.addIssue({ code: 'custom', message: STATUS_INVALID });
        })
        .optional(),
      piece_name: pieceName('Digite algo para editar'),
      piece_code: shortText(),
      product_model: shortText(),
      piece_value: optionalMoneyCents(),
      payment_method: shortText(),
      manufacturer_date: businessDate(shopTz),
      manufacturer_code: shortText(),
    }),
  );

export type UpdateInput = z.output<ReturnType<typeof updateBody>>;

const ORDER_ID = 'Pedido inválido';

export const upfrontBody = (shopTz: string) =>
  body({
    order_id: rowId(ORDER_ID),
    value: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      moneyCents('Valor obrigatório').refine((cents) => cents > 0, {
        error: 'O valor deve ser maior que zero',
      }),
    ),
    description: z
      .string({ error: 'Descrição obrigatória' })
      .trim()
      .min(1, { error: 'Descrição obrigatória' })
      .max(TEXT_MAX, { error: `Máximo de ${TEXT_MAX} caracteres` }),
    date: businessDate(shopTz),
    payment_method: requiredName('Valor obrigatório'),
  });

export type UpfrontInput = z.output<ReturnType<typeof upfrontBody>>;

export const closeBody = (shopTz: string) =>
  body({
    // The version the confirmation was drawn from (ours; SPEC §7's body has none).
    ...versionField,
    order_id: rowId(ORDER_ID),
    date: businessDate(shopTz),
    description: optionalText(),
  });

export type CloseInput = z.output<ReturnType<typeof closeBody>>;

export const cancelBody = (shopTz: string) =>
  body({
    order_id: rowId(ORDER_ID),
    cancel_motive: z
      .string({ error: 'Motivo obrigatório' })
      .trim()
      .min(1, { error: 'Motivo obrigatório' })
      .max(TEXT_MAX, { error: `Máximo de ${TEXT_MAX} caracteres` }),
    date: businessDate(shopTz),
    confirm_username: requiredName('Usuário obrigatório'),
    confirm_password: requiredSecret('Senha obrigatória'),
  });

export type CancelInput = z.output<ReturnType<typeof cancelBody>>;
