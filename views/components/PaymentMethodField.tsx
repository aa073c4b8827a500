import { PAYMENT_METHODS } from '../../domain/payment-methods.ts';
import type { FieldErrors } from './Field.tsx';
import { SelectField } from './Field.tsx';

/** Forma de pagamento: the usual methods, plus whatever value the order already has. */
export function PaymentMethodField(props: {
  name: string;
  label?: string;
  value?: string | undefined;
  errors?: FieldErrors | undefined;
  idPrefix?: string;
}) {
  const known: readonly string[] = PAYMENT_METHODS;
  const options = [...PAYMENT_METHODS, ...(props.value && !known.includes(props.value) ? [props.value] : [])];
  return (
    <SelectField
      name={props.name}
      label={props.label ?? 'Forma de pagamento'}
      value={props.value}
      errors={props.errors}
      idPrefix={props.idPrefix}
      options={options.map((m) => ({ value: m, label: m }))}
    />
  );
}
