/**
 * Service-order bodies and queries (SPEC §5 Open O.S., Return, Edit normal/return O.S., Open external,
 * Cancel service order, Upfront payment; §7 Service orders and Transactions; API.md General, Orders).
 * Text is trimmed and capped ('' or null mean none), money is reais in and cents out, dates are business
 * days. PUT replaces every field with the form values, as the edit screens send the whole form.
 */

import { z } from 'zod';
import { isIsoDay } from '../../domain/dates.ts';
import { editableStatuses, isStatusOf } from '../../domain/statuses.ts';
import { NAME_MAX, requiredName, TEXT_MAX } from '../http/fields.ts';
import { pagingFields } from '../http/paging.ts';
import { businessDate, moneyCents, optionalMoneyCents, optionalText } from '../http/values.ts';
import { versionField } from '../http/versions.ts';

export type ServiceOrderKind = 'normal' | 'returned' | 'external';
export const KINDS: readonly ServiceOrderKind[] = ['normal', 'returned', 'external'];

/** The largest value of an integer column: a bigger id names nothing (and must not reach the database). */
const INT_MAX = 2_147_483_647;

/** An id carried in a body ('12' or 12): a positive 32-bit integer. */
const refId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(INT_MAX, { error: message }),
  );

/** An id in a path, or null (the route then answers 404, as for an id that names nothing). */
export function pathId(param: unknown): number | null {
  if (typeof param !== 'string' || !/^[0-9]{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= INT_MAX ? id : null;
}

/** Required free text: trimmed, 1..max characters, one message for absent, blank and not text. */
const requiredText = (message: string, max = TEXT_MAX) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Máximo de ${max} caracteres` });

/**
 * A business date (values.ts), refusing a date-time whose day does not exist: `new Date` rolls
 * '2026-02-31T10:00:00Z' over to March 3rd, which must be a 400 like '2026-02-31'.
 */
const day = (shopTz: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !isIsoDay(v.slice(0, 10)) ? 'invalid' : v,
    businessDate(shopTz),
  );

/** A status code as a number or digits; `allowed` tells which codes the call accepts. */
const status = (message: string, allowed: (code: number) => boolean) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).refine(allowed, { error: message }),
  );

const editableStatus = (kind: ServiceOrderKind) =>
  status('Status inválido para esta O.S.', (code) => editableStatuses(kind).some((s) => s.code === code));

const short = () => optionalText(NAME_MAX);
const long = () => optionalText(TEXT_MAX);

/** The product block shared by normal and external orders. */
const productFields = (nameMessage: string) => ({
  product_name: requiredName(nameMessage),
  product_model: short(),
  product_brand: short(),
  product_serial: short(),
  product_accessories: long(),
  product_details: long(),
});

const fixFields = (shopTz: string) => ({
  fix_technician_name: short(),
  fix_date: day(shopTz),
  fix_description: long(),
  fix_value_pieces: optionalMoneyCents(),
  fix_value_labor: optionalMoneyCents(),
  fix_value_final: optionalMoneyCents(),
  fix_payment_method: short(),
});

const serviceFields = (shopTz: string) => ({
  service_details: long(),
  service_type: short(),
  service_date: day(shopTz),
  service_period: short(),
  service_value: optionalMoneyCents(),
  service_payment_method: short(),
});

const CLIENT_REQUIRED = 'Selecione um cliente';
const ORDER_REQUIRED = 'Selecione uma O.S.';
const EDIT_REQUIRED = 'Digite algo para editar';

/** Every body of the area, built once for the shop's time zone (dates default to its today). */
export function serviceOrderSchemas(shopTz: string) {
  return {
    createNormal: z.object({
      client_id: refId(CLIENT_REQUIRED),
      ...productFields('Nome do produto é obrigatório'),
    }),
    createReturned: z.object({
      original_service_order_id: refId(ORDER_REQUIRED),
      return_motive: requiredText('Digite algo para cadastrar'),
    }),
    createExternal: z.object({
      client_id: refId(CLIENT_REQUIRED),
      ...productFields('Digite algo para buscar'),
      ...serviceFields(shopTz),
    }),
    updateNormal: z.object({
      ...versionField,
      status: editableStatus('normal'),
      ...productFields(EDIT_REQUIRED),
      ...fixFields(shopTz),
    }),
    updateReturned: z.object({
      ...versionField,
      status: editableStatus('returned'),
      return_motive: requiredText(EDIT_REQUIRED),
      ...fixFields(shopTz),
    }),
    updateExternal: z.object({
      ...versionField,
      status: editableStatus('external'),
      ...productFields(EDIT_REQUIRED),
      ...serviceFields(shopTz),
    }),
    upfrontPayment: z.object({
      service_order_id: refId(ORDER_REQUIRED),
      value: moneyCents('Valor obrigatório').refine((cents) => cents > 0, {
        error: 'O valor deve ser maior que zero',
      }),
      description: requiredText('Descrição obrigatória'),
      date: day(shopTz),
      payment_method: requiredName('Valor obrigatório'),
    }),
    close: z.object({
      // The version the confirmation was drawn from (ours; SPEC §7's body has none).
      ...versionField,
      service_order_id: refId(ORDER_REQUIRED),
      date: day(shopTz),
      description: long(),
    }),
    cancel: z.object({
      service_order_id: refId(ORDER_REQUIRED),
      cancel_motive: requiredText('Digite o motivo do cancelamento'),
      date: day(shopTz),
    }),
  };
}

export type ServiceOrderSchemas = ReturnType<typeof serviceOrderSchemas>;
export type CreateNormalInput = z.output<ServiceOrderSchemas['createNormal']>;
export type CreateReturnedInput = z.output<ServiceOrderSchemas['createReturned']>;
export type CreateExternalInput = z.output<ServiceOrderSchemas['createExternal']>;
export type UpdateNormalInput = z.output<ServiceOrderSchemas['updateNormal']>;
export type UpdateReturnedInput = z.output<ServiceOrderSchemas['updateReturned']>;
export type UpdateExternalInput = z.output<ServiceOrderSchemas['updateExternal']>;
export type UpfrontPaymentInput = z.output<ServiceOrderSchemas['upfrontPayment']>;
export type CloseInput = z.output<ServiceOrderSchemas['close']>;
export type CancelInput = z.output<ServiceOrderSchemas['cancel']>;

export const NUMBER_SEARCH_MAX = 40;
const STATUS_REQUIRED = 'Selecione um status para buscar';

/** '' and absent are the same: nothing asked. */
const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const numberQuery = z.preprocess(
  blankIsAbsent,
  z
    .string({ error: 'Número inválido' })
    .trim()
    .max(NUMBER_SEARCH_MAX, { error: `Máximo de ${NUMBER_SEARCH_MAX} caracteres` })
    .optional(),
);

/** GET /service-orders?number= : the number is required. */
export const NumberQuery = z.object({
  number: z.preprocess(
    blankIsAbsent,
    z
      .string({ error: 'Digite algo para buscar' })
      .trim()
      .max(NUMBER_SEARCH_MAX, { error: `Máximo de ${NUMBER_SEARCH_MAX} caracteres` }),
  ),
});

/**
 * GET /service-orders?number=&text= : `text` (our addition) also finds orders by serial number or product
 * name; a backend that follows only SPEC §7 ignores it and searches the number.
 */
export const SearchQuery = NumberQuery.extend({
  text: z.preprocess(
    blankIsAbsent,
    z.string().trim().max(120, { error: 'Máximo de 120 caracteres' }).optional(),
  ),
  // A page of the text search's answer (docs/api.md): Consulta shows 50 of the newest 500 at a time.
  limit: pagingFields.limit,
  offset: pagingFields.offset,
});

/** GET /service-orders/{kind}?status= | ?number= : a status of that kind, or a number, or both. */
export function listQuery(kind: ServiceOrderKind) {
  return z
    .object({
      status: z.preprocess(
        blankIsAbsent,
        status('Status inválido', (code) => isStatusOf(kind, code)).optional(),
      ),
      number: numberQuery,
      ...pagingFields,
    })
    .superRefine((q, ctx) => {
      if (q.status === undefined && q.number === undefined) {
        ctx.addIssue({ code: 'custom', path: ['status'], message: STATUS_REQUIRED });
      }
    });
}
