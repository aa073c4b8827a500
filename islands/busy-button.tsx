/**
 * Salvar/Entrar while the form's request runs: hidden (SPEC §4), or disabled with a busy text such as
 * 'Enviando...'. A page that comes back (an error re-render, or the back button) shows it again.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { mount } from './lib/mount.ts';

type Props = { label: string; busyLabel: string | null; name: string | null; value: string | null };

function BusyButton({ label, busyLabel, name, value }: Props) {
  const ref = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      if (event.defaultPrevented) return;
      // Cancelar of a dialog (method="dialog") closes it and sends nothing: nothing to wait for.
      const method = event.submitter?.getAttribute('formmethod') ?? form.getAttribute('method');
      if (method?.toLowerCase() === 'dialog') return;
      // After the browser has read the form (a disabled button would drop its own name and value).
      setTimeout(() => setBusy(true), 0);
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    form.addEventListener('submit', onSubmit);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      form.removeEventListener('submit', onSubmit);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);

  return (
    <button
      ref={ref}
      type="submit"
      class="primary"
      name={name ?? undefined}
      value={value ?? undefined}
      hidden={busy && !busyLabel}
      disabled={busy}
      aria-busy={busy}
    >
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}

mount('busy-button', BusyButton);
