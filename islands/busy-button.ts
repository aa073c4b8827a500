/**
 * Salvar/Entrar while the form's request runs: hidden (SPEC §4) with 'Enviando...' said in its place, or
 * disabled with a busy text such as 'Enviando...'. A page that comes back (an error re-render, or the
 * back button) shows it again.
 *
 * Plain DOM over the server's own button, not Preact: the button is there, and works, before any script
 * runs, and a page whose only island this is (the login, most forms) loads a few hundred bytes of script
 * instead of the islands' 13 kB runtime.
 */
/**
 * Back and Salvar again opens what the first submit made (server/idempotency.ts), so the key it went
 * with must come back with the page. Pages are not cached (no-store), so Back fetches the form anew with
 * a new key, and browsers give back only what was typed. The history entry keeps the sent key instead,
 * and a page reached by Back or Forward takes it again; a form opened afresh keeps its own.
 */
function rememberKey(form: HTMLFormElement) {
  const key = form.elements.namedItem('_key');
  if (key instanceof HTMLInputElement) history.replaceState({ ...history.state, formKey: key.value }, '');
}

const [arrival] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
const sentKey = (history.state as { formKey?: unknown } | null)?.formKey;
if (arrival?.type === 'back_forward' && typeof sentKey === 'string') {
  for (const key of document.querySelectorAll<HTMLInputElement>('input[name="_key"]')) key.value = sentKey;
}

for (const place of document.querySelectorAll<HTMLElement>('[data-island="busy-button"]')) {
  const button = place.querySelector<HTMLButtonElement>('button[type="submit"]');
  const form = button?.form;
  if (!button || !form) continue;
  const { busyLabel } = JSON.parse(place.dataset.props ?? '{}') as { busyLabel?: string | null };
  const label = button.textContent ?? '';
  // Where the hidden button was: says the form is on its way, and keeps the keyboard's place (a hidden
  // button drops the focus to the page, and the next Tab starts over from the top).
  const note = document.createElement('span');
  note.className = 'busy-note';
  note.setAttribute('role', 'status');
  note.tabIndex = -1;
  note.textContent = 'Enviando...';
  const show = (busy: boolean) => {
    const hide = busy && !busyLabel;
    const hadFocus = document.activeElement === button;
    button.disabled = busy;
    button.hidden = hide;
    button.setAttribute('aria-busy', String(busy));
    button.textContent = busy && busyLabel ? busyLabel : label;
    if (hide) {
      button.after(note);
      if (hadFocus) note.focus();
    } else note.remove();
  };
  form.addEventListener('submit', (event) => {
    if (event.defaultPrevented) return;
    // Cancelar of a dialog (method="dialog") closes it and sends nothing: nothing to wait for.
    const method = event.submitter?.getAttribute('formmethod') ?? form.getAttribute('method');
    if (method?.toLowerCase() === 'dialog') return;
    rememberKey(form);
    // After the browser has read the form (a disabled button would drop its own name and value).
    setTimeout(() => show(true), 0);
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) show(false);
  });
}
