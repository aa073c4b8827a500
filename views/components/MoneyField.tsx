import { Field, type FieldErrors } from './Field.tsx';

/** Money typed with a decimal comma (SPEC §5): "1.234,56". */
export function MoneyField(props: {
  name: string;
  label: string;
  value?: string | undefined;
  errors?: FieldErrors | undefined;
  idPrefix?: string;
  hint?: string;
}) {
  return <Field {...props} inputMode="decimal" placeholder="0,00" autoComplete="off" />;
}
