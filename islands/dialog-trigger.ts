/**
 * Opens a server-rendered <dialog> as a real modal in place, instead of the link that reloads the page
 * with the dialog open. A dialog the server sent open (after a validation error) becomes modal too.
 * Plain DOM, not Preact: a button that calls showModal() needs no renderer (decision 004, later).
 */

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

type Props = { dialogId: string; label: string; className: string };

for (const place of document.querySelectorAll<HTMLElement>('[data-island="dialog-trigger"]')) {
  const { dialogId, label, className } = JSON.parse(place.dataset.props ?? '{}') as Props;
  const dialog = () => document.getElementById(dialogId) as HTMLDialogElement | null;
  const sentOpen = dialog();
  if (sentOpen?.open && !sentOpen.matches(':modal')) {
    sentOpen.close();
    openModal(sentOpen);
  }
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
}
