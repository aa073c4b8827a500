/**
 * Opens a server-rendered <dialog> as a real modal in place, instead of the link that reloads the page
 * with the dialog open. A dialog the server sent open (?dialogo=, ?editar=, a refused submit) becomes
 * modal too, and once closed its query leaves the address (a reload would open it again) and the
 * keyboard goes back to what opened it. Plain DOM, not Preact: a button that calls showModal() needs no
 * renderer (decision 004, later).
 */

/** The queries that open a dialog from the server (views/components/Dialog.tsx), and the typing it kept. */
const OPENING_QUERIES = ['dialogo', 'editar', 'deletar', 'rascunho'];

/**
 * A modal dialog sits in the browser's top layer, above anything a z-index can lift: the page's toasts
 * move into it while it is open (so a message stays readable above the backdrop) and back on close.
 */
function openModal(d: HTMLDialogElement) {
  d.showModal();
  // The keyboard starts in the first field, not on a link drawn above it (a client's open orders).
  if (!d.querySelector('[autofocus]')) {
    d.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
  }
  const toasts = document.querySelector<HTMLElement>('.toasts');
  if (!toasts || d.contains(toasts)) return;
  const home = { parent: toasts.parentNode, next: toasts.nextSibling };
  d.append(toasts);
  d.addEventListener('close', () => home.parent?.insertBefore(toasts, home.next), { once: true });
}

/** A dialog the server sent open: modal now; on close, the address without its query and the focus back. */
function upgradeSentOpen(d: HTMLDialogElement, opener: HTMLElement | null) {
  // Not close(): its 'close' event comes later, and the listeners below would take it for the person's.
  d.removeAttribute('open');
  // The browser gives the focus back, on close, to what had it before the modal opened: the opener.
  opener?.focus();
  openModal(d);
  d.addEventListener(
    'close',
    () => {
      const url = new URL(window.location.href);
      for (const name of OPENING_QUERIES) url.searchParams.delete(name);
      history.replaceState(history.state, '', url);
    },
    { once: true },
  );
}

type Props = { dialogId: string; label: string; className: string };

for (const place of document.querySelectorAll<HTMLElement>('[data-island="dialog-trigger"]')) {
  const { dialogId, label, className } = JSON.parse(place.dataset.props ?? '{}') as Props;
  const dialog = () => document.getElementById(dialogId) as HTMLDialogElement | null;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `button ${className}`;
  button.textContent = label;
  button.addEventListener('click', () => {
    const d = dialog();
    if (d) openModal(d);
  });
  // The server's markup (a link that reloads the page with the dialog open) is the no-JavaScript version.
  place.replaceChildren(button);
  const sentOpen = dialog();
  if (sentOpen?.open && !sentOpen.matches(':modal')) upgradeSentOpen(sentOpen, button);
}

// Dialogs opened by a link of their own (an entry's Editar and Excluir on Caixa do dia): back to that link.
for (const d of document.querySelectorAll<HTMLDialogElement>('dialog.modal[open]')) {
  if (d.matches(':modal')) continue;
  upgradeSentOpen(d, d.dataset.opener ? document.getElementById(d.dataset.opener) : null);
}
