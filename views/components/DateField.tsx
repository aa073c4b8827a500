import { Field, type FieldErrors } from './Field.tsx';
import { Island } from './Island.tsx';

/**
 * A date typed as dd/mm/aaaa (strict, checked by the server); with JavaScript a calendar opens beside
 * it and hides 100 ms after a day is clicked (SPEC §9).
 */
export function DateField(props: {
  name: string;
  label: string;
  value?: string | undefined;
  errors?: FieldErrors | undefined;
  idPrefix?: string;
}) {
  const id = `${props.idPrefix ?? 'f-'}${props.name}`;
  return (
    <div className="date-field">
      <Field {...props} inputMode="numeric" placeholder="dd/mm/aaaa" autoComplete="off" maxLength={10} />
      <Island name="date-picker" props={{ inputId: id, label: props.label }}>
        {null}
      </Island>
    </div>
  );
}
