import type { ReactNode } from 'react';
import { OpenDialogReact, useView } from '../context.ts';
import { Island } from './Island.tsx';

/**
 * A modal that works without JavaScript: the trigger is a link to the same page with ?dialogo=<id>,
 * which the server answers with the dialog open; Cancelar closes it with the browser's own
 * form method="dialog". With JavaScript the island opens it in place, as a real modal.
 */
export function DialogTrigger(props: { dialogId: string; label: string; href: string; className?: string }) {
  return (
    <Island
      name="dialog-trigger"
      props={{ dialogId: props.dialogId, label: props.label, className: props.className ?? '' }}
    >
      <a className={`button ${props.className ?? ''}`} href={props.href}>
        {props.label}
      </a>
    </Island>
  );
}

export function Dialog(props: {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  open: boolean;
  /** The id of the link that opened it, when no trigger of its own does: the keyboard goes back there. */
  opener?: string | undefined;
  children: ReactNode;
}) {
  // Sent open, it becomes a real modal in the browser (islands/dialog-trigger.ts), trigger or not.
  const view = useView();
  if (props.open) view.islands.add('dialog-trigger');
  return (
    <dialog
      id={props.id}
      open={props.open}
      aria-labelledby={`${props.id}-title`}
      className="modal"
      data-opener={props.opener}
    >
      <header>
        <h2 id={`${props.id}-title`}>{props.title}</h2>
        {props.subtitle ? <p className="subtitle">{props.subtitle}</p> : null}
      </header>
      {props.open ? (
        <OpenDialogReact.Provider value={{ focusTaken: false }}>{props.children}</OpenDialogReact.Provider>
      ) : (
        props.children
      )}
    </dialog>
  );
}

/** Cancelar: closes the dialog natively (no script) and never submits or validates the form. */
export function DialogCancel({ label = 'Cancelar' }: { label?: string }) {
  return (
    <button type="submit" formMethod="dialog" formNoValidate className="secondary" value="cancel">
      {label}
    </button>
  );
}
