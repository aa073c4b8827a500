import type { ReactNode } from 'react';
import { useDialogFocus, useFirstInvalid } from '../context.ts';

export type FieldErrors = Record<string, string | undefined>;

type Common = {
  name: string;
  label: string;
  errors?: FieldErrors | undefined;
  hint?: ReactNode;
  /** Keeps ids unique when two forms on one page share field names. */
  idPrefix?: string;
};

/** A form's own focus (autoFocus asked for) gives way when the form came back with errors. */
export function hasErrors(errors: FieldErrors | undefined): boolean {
  return errors !== undefined && Object.values(errors).some(Boolean);
}

/**
 * The `autofocus` of a field: the first field in error of the page takes it; otherwise the field that
 * asked for it, or the first field of an open dialog, keeps it, unless its form has errors (the first of
 * those has it then).
 */
export function useFieldFocus(error: string | undefined, errors: FieldErrors | undefined, asked?: boolean) {
  const first = useFirstInvalid(error);
  const firstInDialog = useDialogFocus();
  return first || ((asked === true || firstInDialog) && !hasErrors(errors)) ? true : undefined;
}

function describedBy(id: string, error: string | undefined, hint: ReactNode) {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

function Messages({ id, error, hint }: { id: string; error: string | undefined; hint: ReactNode }) {
  return (
    <>
      {hint ? (
        <small className="hint" id={`${id}-hint`}>
          {hint}
        </small>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input with its error under it, wired for screen readers (aria-invalid, aria-describedby). */
export function Field(
  props: Common & {
    value?: string | undefined;
    type?: 'text' | 'password' | 'email' | 'tel' | 'search';
    autoComplete?: string;
    inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
    autoFocus?: boolean;
    maxLength?: number;
    placeholder?: string;
    className?: string;
  },
) {
  const error = props.errors?.[props.name];
  const id = `${props.idPrefix ?? 'f-'}${props.name}`;
  const autoFocus = useFieldFocus(error, props.errors, props.autoFocus);
  return (
    <div className={`field ${props.className ?? ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.type === 'password' ? undefined : (props.value ?? '')}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        autoFocus={autoFocus}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, props.hint)}
      />
      <Messages id={id} error={error} hint={props.hint} />
    </div>
  );
}

/** A labelled group of radio buttons (a small, fixed choice). */
export function RadioGroup(
  props: Common & {
    options: readonly { value: string | number; label: string }[];
    value?: string | undefined;
  },
) {
  const error = props.errors?.[props.name];
  const id = `${props.idPrefix ?? 'f-'}${props.name}`;
  const autoFocus = useFieldFocus(error, props.errors);
  return (
    <fieldset
      className="field radio-group"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error, props.hint)}
    >
      <legend>{props.label}</legend>
      {props.options.map((o, i) => (
        <label key={o.value} className="radio">
          <input
            type="radio"
            name={props.name}
            value={String(o.value)}
            defaultChecked={props.value === String(o.value)}
            autoFocus={i === 0 ? autoFocus : undefined}
          />
          {o.label}
        </label>
      ))}
      <Messages id={id} error={error} hint={props.hint} />
    </fieldset>
  );
}

/** A labelled select with a blank first option, so "not chosen" is visible and validated. */
export function SelectField(
  props: Common & {
    options: readonly { value: string | number; label: string }[];
    value?: string | undefined;
    placeholder?: string;
  },
) {
  const error = props.errors?.[props.name];
  const id = `${props.idPrefix ?? 'f-'}${props.name}`;
  const autoFocus = useFieldFocus(error, props.errors);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        autoFocus={autoFocus}
        defaultValue={props.value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, props.hint)}
      >
        <option value="">{props.placeholder ?? 'Selecione'}</option>
        {props.options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} hint={props.hint} />
    </div>
  );
}
