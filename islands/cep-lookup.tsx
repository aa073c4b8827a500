/**
 * "Buscar CEP" in place: asks the web's /cep endpoint and fills street, neighborhood, city and state,
 * leaving everything else typed; Enter in the CEP field does the same instead of saving. Without
 * JavaScript the same button posts the form instead.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { addressAfterCep } from '../domain/cep-address.ts';
import { mount } from './lib/mount.ts';

type Props = { label: string };

type Answer =
  | { ok: true; cep: string; street: string; neighborhood: string; city: string; state: string }
  | {
      ok: false;
      message: string;
    };

const UNAVAILABLE = 'Não foi possível consultar o CEP agora. Preencha o endereço à mão.';

function input(id: string): HTMLInputElement | null {
  return document.getElementById(id) as HTMLInputElement | null;
}

/** The message under the CEP field, as the server would render it. */
function showError(message: string | null) {
  const field = input('f-zip_code');
  if (!field) return;
  const id = 'f-zip_code-error';
  let p = document.getElementById(id);
  if (!message) {
    p?.remove();
    field.removeAttribute('aria-invalid');
    if (field.getAttribute('aria-describedby') === id) field.removeAttribute('aria-describedby');
    return;
  }
  if (!p) {
    p = document.createElement('p');
    p.id = id;
    p.className = 'field-error';
    // Announced as it appears, wherever the focus is.
    p.setAttribute('role', 'alert');
    field.parentElement?.appendChild(p);
  }
  p.textContent = message;
  field.setAttribute('aria-invalid', 'true');
  field.setAttribute('aria-describedby', id);
  // Back to the CEP to fix it.
  field.focus();
}

async function lookup(cep: string): Promise<Answer> {
  try {
    const res = await fetch(`/cep/${encodeURIComponent(cep)}`, { headers: { accept: 'application/json' } });
    if (!res.headers.get('content-type')?.includes('json')) return { ok: false, message: UNAVAILABLE };
    return (await res.json()) as Answer;
  } catch {
    return { ok: false, message: UNAVAILABLE };
  }
}

function CepLookup({ label }: Props) {
  const [busy, setBusy] = useState(false);

  async function onClick() {
    if (busy) return;
    const typedCep = input('f-zip_code')?.value ?? '';
    const cep = typedCep.replace(/\D/g, '');
    if (!cep) {
      showError('CEP inválido');
      return;
    }
    // The last lookup's message is about another CEP: gone while this one is asked.
    showError(null);
    const typed = (id: string) => input(id)?.value ?? '';
    // The address as it was when the lookup began: a slow answer (up to 30 s) must not undo what the
    // person typed meanwhile.
    const before = {
      street: typed('f-address'),
      neighborhood: typed('f-neighborhood'),
      city: typed('f-city'),
      state: typed('f-state'),
    };
    setBusy(true);
    const answer = await lookup(cep);
    setBusy(false);
    // Another CEP typed while this one was asked: this answer is about an address no longer wanted.
    if (typed('f-zip_code') !== typedCep) return;
    if (!answer.ok) {
      showError(answer.message);
      return;
    }
    showError(null);
    const address = addressAfterCep(before, answer);
    const fill: [string, keyof typeof before | null, string][] = [
      ['f-zip_code', null, answer.cep],
      ['f-address', 'street', address.street],
      ['f-neighborhood', 'neighborhood', address.neighborhood],
      ['f-city', 'city', address.city],
      ['f-state', 'state', address.state],
    ];
    for (const [id, field, value] of fill) {
      const el = input(id);
      if (el && (field === null || el.value === before[field])) el.value = value;
    }
    // On to the number, unless the person went on to another field while it was asked.
    const here = document.activeElement;
    if (
      !here ||
      here === document.body ||
      here.closest('[data-island="cep-lookup"]') ||
      here.id === 'f-zip_code'
    )
      input('f-number')?.focus();
  }

  // Enter in the CEP field looks it up (the form's default button would save the client). Listened for
  // as the button is put in (a layout effect), not a frame later, when an Enter could already save.
  const latest = useRef(onClick);
  latest.current = onClick;
  useLayoutEffect(() => {
    const field = input('f-zip_code');
    if (!field) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.isComposing) return;
      e.preventDefault();
      void latest.current();
    };
    field.addEventListener('keydown', onKey);
    return () => field.removeEventListener('keydown', onKey);
  }, []);

  return (
    // aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page.
    <button type="button" class="secondary" onClick={onClick} aria-disabled={busy} aria-busy={busy}>
      {busy ? 'Buscando...' : label}
    </button>
  );
}

mount('cep-lookup', CepLookup);
