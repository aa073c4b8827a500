/** zod atoms shared by every api schema: trimmed, capped text and the codes of SPEC §3. */
import { z } from 'zod';
import { ORIGIN } from '../../domain/users.ts';

export const NAME_MAX = 120;
export const TEXT_MAX = 2000;

/** A required name: trimmed, 1..120 characters. */
export const requiredName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(NAME_MAX, { error: `Máximo de ${NAME_MAX} caracteres` });

/** A required secret: not trimmed (spaces are part of a password), 1..200 characters. */
export const requiredSecret = (message: string) =>
  z.string({ error: message }).min(1, { error: message }).max(200, { error: 'Máximo de 200 caracteres' });

export const origin = z.union([z.literal(ORIGIN.MATRIZ), z.literal(ORIGIN.FILIAL)], {
  error: 'Origem inválida (100 matriz, 200 filial)',
});
