/** Field atoms the web forms are built from; the messages are SPEC §5's, to the letter. */
import { z } from 'zod';

/** Required text: trimmed, not empty. */
export const requiredText = (message: string, max = 120) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : ''),
    z
      .string()
      .min(1, { error: message })
      .max(max, { error: `Máximo de ${max} caracteres` }),
  );

/** Optional text: trimmed, '' when absent. */
export const optionalText = (max = 2000) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : ''),
    z.string().max(max, { error: `Máximo de ${max} caracteres` }),
  );

/** A password as typed (no trimming), '' when absent. */
export const secret = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z.string().max(200, { error: 'Máximo de 200 caracteres' }),
  );

/** One of a fixed set of numeric codes chosen in a select or radio group. */
export const choice = <T extends number>(codes: readonly T[], message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? Number(v) : undefined),
    z.custom<T>((v) => codes.includes(v as T), { error: message }),
  );
