/**
 * Field groups of the service-order forms (SPEC §2, §5), shared by the open and edit screens:
 * the product, the repair (fix_*) and the on-site service (service_*).
 */
import { optionalDate, optionalMoney, optionalPaymentMethod, optionalText, requiredText } from './fields.ts';

const orNull = (v: string) => (v === '' ? null : v);
const text = (max = 2000) => optionalText(max).transform(orNull);

/** Product fields; the name's message differs by screen (SPEC §5), so it is given. */
export const productFields = (nameMessage: string) => ({
  product_name: requiredText(nameMessage, 120),
  product_model: text(120),
  product_brand: text(120),
  product_serial: text(120),
  product_accessories: text(),
  product_details: text(),
});

export const repairFields = {
  fix_technician_name: text(120),
  fix_date: optionalDate(),
  fix_description: text(),
  fix_value_pieces: optionalMoney(),
  fix_value_labor: optionalMoney(),
  fix_value_final: optionalMoney(),
  // One of the list; an edit lets the order keep its own (service-order-edit.ts editFormFor).
  fix_payment_method: optionalPaymentMethod(),
};

/**
 * 'Valor final' left empty is suggested as peças + mão de obra (when either was typed); a typed final
 * value is never changed. Values in cents, as the money fields parse them.
 */
export function withSuggestedFinal<
  T extends {
    fix_value_pieces: number | null;
    fix_value_labor: number | null;
    fix_value_final: number | null;
  },
>(data: T): T {
  if (data.fix_value_final !== null) return data;
  if (data.fix_value_pieces === null && data.fix_value_labor === null) return data;
  return { ...data, fix_value_final: (data.fix_value_pieces ?? 0) + (data.fix_value_labor ?? 0) };
}

export const serviceFields = {
  service_details: text(),
  service_type: text(120),
  service_date: optionalDate(),
  service_period: text(60),
  service_value: optionalMoney(),
  // One of the list; an edit lets the order keep its own (service-order-edit.ts editFormFor).
  service_payment_method: optionalPaymentMethod(),
};

export const PRODUCT_FIELD_NAMES = [
  'product_name',
  'product_model',
  'product_brand',
  'product_serial',
  'product_accessories',
  'product_details',
] as const;
export const REPAIR_FIELD_NAMES = [
  'fix_technician_name',
  'fix_date',
  'fix_description',
  'fix_value_pieces',
  'fix_value_labor',
  'fix_value_final',
  'fix_payment_method',
] as const;
export const SERVICE_FIELD_NAMES = [
  'service_details',
  'service_type',
  'service_date',
  'service_period',
  'service_value',
  'service_payment_method',
] as const;

/** What a person typed in the named fields, to put back in the form. */
export function typedValues<N extends string>(
  body: unknown,
  names: readonly N[],
): Partial<Record<N, string>> {
  const values: Partial<Record<N, string>> = {};
  for (const name of names) {
    const v = (body as Record<string, unknown> | undefined)?.[name];
    if (typeof v === 'string') values[name] = v;
  }
  return values;
}

/** Schema output for money fields is cents; the api wants reais. */
export function centsFieldsToReais<T extends Record<string, unknown>>(data: T, names: readonly string[]): T {
  const out: Record<string, unknown> = { ...data };
  for (const n of names) if (typeof out[n] === 'number') out[n] = (out[n] as number) / 100;
  return out as T;
}
