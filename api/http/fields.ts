/** zod atoms shared by every api schema: trimmed, capped text and the codes of SPEC §3. */
import { z } from 'zod';
import { CONTROL, CONTROL_MESSAGE } from '../../domain/text-checks.ts';
import { normalizeUsername, ORIGIN } from '../../domain/users.ts';

export const NAME_MAX = 120;
export const TEXT_MAX = 2000;

/**
 * Characters that show nothing or reorder what is shown: zero-width spaces and joiners, the soft hyphen,
 * word joiners, the BOM, and the bidi embeddings, overrides and isolates. In a name they make two
 * different texts look alike ('gerente\u200B'); in any text they can disguise what a sheet says.
 */
export const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
export const INVISIBLE_MESSAGE = 'Texto com caracteres invisíveis ou de controle de direção não é aceito';

/** A zero-width joiner inside an emoji sequence (man, joiner, wrench): one picture, hiding nothing. */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu;

/** Whether a text holds a character of INVISIBLE that is not part of an emoji. */
export function hasInvisible(text: string): boolean {
  return INVISIBLE.test(text.replace(EMOJI_JOINER, ''));
}

/** A required name: trimmed, 1..120 characters, nothing invisible. */
export const requiredName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(NAME_MAX, { error: `Máximo de ${NAME_MAX} caracteres` })
    .refine((text) => !hasInvisible(text), { error: INVISIBLE_MESSAGE });

/** Secrets keep every character: a password is whatever its owner typed. */
const SECRET_FIELDS = /(^|_)password($|_)/;

/**
 * Every text field of a body, at any depth, checked for INVISIBLE and CONTROL at once, whatever its
 * schema says: { 'field.path': message } for each one that has them, empty when none do. A password
 * keeps every character but the NUL, which nothing can store or compare as text.
 */
export function invisibleIssues(value: unknown, path: string[] = [], secret = false): Record<string, string> {
  const issues: Record<string, string> = {};
  const name = path.join('.') || '_';
  if (typeof value === 'string') {
    if (secret) {
      if (value.includes('\u0000')) issues[name] = CONTROL_MESSAGE;
    } else if (CONTROL.test(value)) issues[name] = CONTROL_MESSAGE;
    else if (hasInvisible(value)) issues[name] = INVISIBLE_MESSAGE;
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      Object.assign(issues, invisibleIssues(inner, [...path, key], secret || SECRET_FIELDS.test(key)));
    }
  }
  return issues;
}

/** A required secret: not trimmed (spaces are part of a password), 1..200 characters. */
export const requiredSecret = (message: string) =>
  z.string({ error: message }).min(1, { error: message }).max(200, { error: 'Máximo de 200 caracteres' });

export const origin = z.union([z.literal(ORIGIN.MATRIZ), z.literal(ORIGIN.FILIAL)], {
  error: 'Origem inválida (100 matriz, 200 filial)',
});

/** A username: a required name in NFKC (a full-width or ligature spelling is the plain one). */
export const username = (message: string) => requiredName(message).transform(normalizeUsername);
