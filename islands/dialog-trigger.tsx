/**
 * Opens a server-rendered <dialog> as a real modal in place, instead of the link that reloads the page
 * with the dialog open. A dialog the server sent open (after a validation error) becomes modal too.
 */
import { useEffect } from 'preact/hooks';
import { mount } from './lib/mount.ts';

type Props = { dialogId: string; label: string; className: string };

function dialog(id: string): HTMLDialogElement | null {
  return document.getElementById(id) as HTMLDialogElement | null;
}

function DialogTrigger({ dialogId, label, className }: Props) {
  useEffect(() => {
    const d = dialog(dialogId);
    if (d?.open && !d.matches(':modal')) {
      d.close();
      d.showModal();
    }
  }, [dialogId]);

  return (
    <button type="button" class={`button ${className}`} onClick={() => dialog(dialogId)?.showModal()}>
      {label}
    </button>
  );
}

mount('dialog-trigger', DialogTrigger);
