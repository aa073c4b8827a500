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

/**
 * A modal dialog sits in the browser's top layer, above anything a z-index can lift: the page's toasts
 * move into it while it is open (so a message stays readable above the backdrop) and back on close.
 */
function openModal(d: HTMLDialogElement) {
  d.showModal();
  const toasts = document.querySelector<HTMLElement>('.toasts');
  if (!toasts || d.contains(toasts)) return;
  const home = { parent: toasts.parentNode, next: toasts.nextSibling };
  d.append(toasts);
  d.addEventListener('close', () => home.parent?.insertBefore(toasts, home.next), { once: true });
}

function DialogTrigger({ dialogId, label, className }: Props) {
  useEffect(() => {
    const d = dialog(dialogId);
    if (d?.open && !d.matches(':modal')) {
      d.close();
      openModal(d);
    }
  }, [dialogId]);

  return (
    <button
      type="button"
      class={`button ${className}`}
      onClick={() => {
        const d = dialog(dialogId);
        if (d) openModal(d);
      }}
    >
      {label}
    </button>
  );
}

mount('dialog-trigger', DialogTrigger);
