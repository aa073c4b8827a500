/**
 * Salvar/Entrar while the form's request runs: hidden (SPEC §4), or disabled with a busy text such as
 * 'Enviando...'. A page that comes back (an error re-render, or the back button) shows it again.
 *
 * Plain DOM over the server's own button, not Preact: the button is there, and works, before any script
 * runs, and a page whose only island this is (the login, most forms) loads a few hundred bytes of script
 * instead of the islands' 13 kB runtime.
 */
for (const place of document.querySelectorAll<HTMLElement>('[data-island="busy-button"]')) {
  const button = place.querySelector<HTMLButtonElement>('button[type="submit"]');
  const form = button?.form;
  if (!button || !form) continue;
  const { busyLabel } = JSON.parse(place.dataset.props ?? '{}') as { busyLabel?: string | null };
  const label = button.textContent ?? '';
  const show = (busy: boolean) => {
    button.disabled = busy;
    button.hidden = busy && !busyLabel;
    button.setAttribute('aria-busy', String(busy));
    button.textContent = busy && busyLabel ? busyLabel : label;
  };
  form.addEventListener('submit', (event) => {
    if (event.defaultPrevented) return;
    // Cancelar of a dialog (method="dialog") closes it and sends nothing: nothing to wait for.
    const method = event.submitter?.getAttribute('formmethod') ?? form.getAttribute('method');
    if (method?.toLowerCase() === 'dialog') return;
    // After the browser has read the form (a disabled button would drop its own name and value).
    setTimeout(() => show(true), 0);
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) show(false);
  });
}
