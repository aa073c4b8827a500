/**
 * The edit forms of the three kinds of service order (SPEC §5, §8): what each validates and sends, the
 * fields and labels a side-by-side comparison shows, and an order's values as its form reads them.
 */
import { z } from 'zod';
import type {
  ExternalOrder,
  NormalOrder,
  ReturnedOrder,
  ServiceOrderKind,
} from '../../contract/service-orders.ts';
import { isoToInput } from '../../domain/dates.ts';
import { editableStatuses } from '../../domain/statuses.ts';
import { moneyInput } from '../../views/format.ts';
import { choice, optionalPaymentMethod, requiredText } from './fields.ts';
import {
  PRODUCT_FIELD_NAMES,
  productFields,
  REPAIR_FIELD_NAMES,
  repairFields,
  SERVICE_FIELD_NAMES,
  serviceFields,
  withSuggestedFinal,
} from './service-order.ts';

/** SPEC §5: dates are sent as dates, an empty string when blank. */
export function blankDatesAsEmpty<T extends { fix_date?: string | null; service_date?: string | null }>(
  body: T,
): T {
  const out = { ...body };
  if ('fix_date' in out) out.fix_date = out.fix_date ?? '';
  if ('service_date' in out) out.service_date = out.service_date ?? '';
  return out;
}

const EDIT_REQUIRED = 'Digite algo para editar';
const STATUS_REQUIRED = 'Selecione um status';

const statusField = (kind: ServiceOrderKind) =>
  choice(
    editableStatuses(kind).map((s) => s.code),
    STATUS_REQUIRED,
  );

/** Each kind's edit form; `kept` is the order's stored method, which it may keep though off the list. */
const editForm = {
  normal: (kept?: string | null) =>
    z
      .object({
        status: statusField('normal'),
        ...productFields(EDIT_REQUIRED),
        ...repairFields,
        fix_payment_method: optionalPaymentMethod(kept),
      })
      .transform(withSuggestedFinal),
  returned: (kept?: string | null) =>
    z
      .object({
        status: statusField('returned'),
        return_motive: requiredText(EDIT_REQUIRED, 2000),
        ...repairFields,
        fix_payment_method: optionalPaymentMethod(kept),
      })
      .transform(withSuggestedFinal),
  external: (kept?: string | null) =>
    z.object({
      status: statusField('external'),
      ...productFields(EDIT_REQUIRED),
      ...serviceFields,
      service_payment_method: optionalPaymentMethod(kept),
    }),
};

/** The edit forms with the list's methods only (and the shapes of what they validate). */
export const EDIT_FORMS = {
  normal: editForm.normal(),
  returned: editForm.returned(),
  external: editForm.external(),
};

/**
 * The edit form for this order: a method off the list is accepted only when it is the one the order
 * already has (an older backend's free text), so such an order stays editable and no new one is made.
 */
export function editFormFor<K extends ServiceOrderKind>(kind: K, order: AnyOrder): (typeof EDIT_FORMS)[K] {
  const kept =
    kind === 'external'
      ? (order as ExternalOrder).service_payment_method
      : (order as NormalOrder | ReturnedOrder).fix_payment_method;
  return editForm[kind](kept) as (typeof EDIT_FORMS)[K];
}

export const EDIT_FIELDS: Record<ServiceOrderKind, readonly string[]> = {
  normal: ['status', ...PRODUCT_FIELD_NAMES, ...REPAIR_FIELD_NAMES],
  returned: ['status', 'return_motive', ...REPAIR_FIELD_NAMES],
  external: ['status', ...PRODUCT_FIELD_NAMES, ...SERVICE_FIELD_NAMES],
};

/** The labels the edit forms give their fields (views/components/OrderFields.tsx), for the comparison. */
export const EDIT_LABELS: Record<string, string> = {
  status: 'Status',
  return_motive: 'Motivo do retorno',
  product_name: 'Nome do produto',
  product_model: 'Modelo',
  product_brand: 'Marca',
  product_serial: 'Número de série',
  product_accessories: 'Acessórios',
  product_details: 'Defeito Reclamado',
  fix_technician_name: 'Técnico',
  fix_date: 'Data do conserto',
  fix_description: 'Peças',
  fix_value_pieces: 'Valor das peças',
  fix_value_labor: 'Valor da mão de obra',
  fix_value_final: 'Valor final',
  fix_payment_method: 'Forma de pagamento',
  service_type: 'Tipo de serviço',
  service_date: 'Data',
  service_period: 'Período',
  service_value: 'Valor',
  service_payment_method: 'Forma de pagamento',
  service_details: 'Detalhes',
};

export const EDIT_MONEY_FIELDS = ['fix_value_pieces', 'fix_value_labor', 'fix_value_final', 'service_value'];

export type AnyOrder = NormalOrder | ReturnedOrder | ExternalOrder;

const text = (v: string | null | undefined) => v ?? '';

/** An order as its edit form reads it: money with a decimal comma, days as dd/MM/yyyy. */
export function editValuesOf(kind: ServiceOrderKind, order: AnyOrder, tz: string) {
  const values: Record<string, string> = { status: String(order.status) };
  if (kind !== 'returned') {
    const o = order as NormalOrder | ExternalOrder;
    for (const name of PRODUCT_FIELD_NAMES) values[name] = text(o[name]);
  }
  if (kind !== 'external') {
    const o = order as NormalOrder | ReturnedOrder;
    Object.assign(values, {
      fix_technician_name: text(o.fix_technician_name),
      fix_date: isoToInput(o.fix_date, tz),
      fix_description: text(o.fix_description),
      fix_value_pieces: moneyInput(o.fix_value_pieces),
      fix_value_labor: moneyInput(o.fix_value_labor),
      fix_value_final: moneyInput(o.fix_value_final),
      fix_payment_method: text(o.fix_payment_method),
    });
  }
  if (kind === 'returned') values.return_motive = text((order as ReturnedOrder).return_motive);
  if (kind === 'external') {
    const o = order as ExternalOrder;
    Object.assign(values, {
      service_type: text(o.service_type),
      service_date: isoToInput(o.service_date, tz),
      service_period: text(o.service_period),
      service_value: moneyInput(o.service_value),
      service_payment_method: text(o.service_payment_method),
      service_details: text(o.service_details),
    });
  }
  return values;
}
