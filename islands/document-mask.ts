/**
 * Shows CPF, CNPJ and CEP in their official shape while they are typed (the server formats after saving).
 *
 * Plain DOM, not Preact (decision 004): it draws nothing, it only reshapes three inputs.
 */
import { maskCep, maskCnpj, maskCpf } from './lib/masks.ts';

type Props = { cpf?: string; cnpj?: string; cep?: string };

/** How many characters of the document (digits, and a CNPJ's letters) a text holds. */
const keptIn = (text: string) => text.replace(/[^0-9A-Za-z]/g, '').length;

/** Where the caret goes in a masked text: just after its `kept`-th character of the document. */
function caretAfter(masked: string, kept: number): number {
  if (kept === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/[0-9A-Za-z]/.test(masked.charAt(i)) && ++seen === kept) return i + 1;
  }
  return masked.length;
}

/**
 * Setting the value sends the caret to the end, so an edit in the middle would go on at the end: the
 * caret is put back after as many characters of the document as were before it.
 */
function reshape(input: HTMLInputElement, mask: (text: string) => string, removedOnlyMark: Removal) {
  if (removedOnlyMark) dropCharacterBeside(input, removedOnlyMark);
  const masked = mask(input.value);
  if (masked === input.value) return;
  const caret = input.selectionStart ?? input.value.length;
  // Counted in the masked prefix: what the mask drops (a letter in a CPF, past the last place) is not kept.
  const kept = keptIn(mask(input.value.slice(0, caret)));
  input.value = masked;
  if (document.activeElement === input) {
    const at = caretAfter(masked, kept);
    input.setSelectionRange(at, at);
  }
}

type Removal = 'backward' | 'forward' | null;

/**
 * Backspace right after a dot (or Delete right before one) removes only the mark, which the mask puts
 * straight back: the caret would step over it and nothing be deleted. The person meant the digit beyond
 * the mark, so that one goes too.
 */
function dropCharacterBeside(input: HTMLInputElement, direction: 'backward' | 'forward') {
  const caret = input.selectionStart ?? input.value.length;
  const at = direction === 'backward' ? caret - 1 : caret;
  if (at < 0 || at >= input.value.length) return;
  input.value = input.value.slice(0, at) + input.value.slice(at + 1);
  input.setSelectionRange(at, at);
}

/** Which key removed one mark alone, if that is what the input event did: the same document, one character less. */
function markOnlyRemoval(event: Event, before: string, after: string): Removal {
  if (
    !(event instanceof InputEvent) ||
    after.length !== before.length - 1 ||
    keptIn(after) !== keptIn(before)
  )
    return null;
  if (event.inputType === 'deleteContentBackward') return 'backward';
  if (event.inputType === 'deleteContentForward') return 'forward';
  return null;
}

function follow(input: HTMLInputElement, mask: (text: string) => string) {
  let before = input.value;
  input.addEventListener('input', (event) => {
    reshape(input, mask, markOnlyRemoval(event, before, input.value));
    before = input.value;
  });
}

for (const place of document.querySelectorAll<HTMLElement>('[data-island="document-mask"]')) {
  const { cpf, cnpj, cep } = JSON.parse(place.dataset.props ?? '{}') as Props;
  const pairs: [string | undefined, (text: string) => string][] = [
    [cpf, maskCpf],
    [cnpj, maskCnpj],
    [cep, maskCep],
  ];
  for (const [id, mask] of pairs) {
    const input = id ? document.getElementById(id) : null;
    if (input instanceof HTMLInputElement) follow(input, mask);
  }
}
