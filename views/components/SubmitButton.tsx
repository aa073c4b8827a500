import { useDialogFocus } from '../context.ts';
import { Island } from './Island.tsx';

/**
 * A submit button that, with JavaScript, hides itself (or shows busyLabel, disabled) while the form's
 * request runs (SPEC §4 "Form submit buttons"). Without JavaScript it is a plain button.
 */
export function SubmitButton(props: { label: string; busyLabel?: string; name?: string; value?: string }) {
  // The first control of an open dialog that has no field (a confirmation) is its button.
  const autoFocus = useDialogFocus() || undefined;
  return (
    <Island
      name="busy-button"
      props={{
        label: props.label,
        busyLabel: props.busyLabel ?? null,
        name: props.name ?? null,
        value: props.value ?? null,
      }}
    >
      <button type="submit" className="primary" name={props.name} value={props.value} autoFocus={autoFocus}>
        {props.label}
      </button>
    </Island>
  );
}
