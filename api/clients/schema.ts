/**
 * Client bodies (SPEC §5 Register/Edit client, §7 Clients; API.md Clients): the name is required, every
 * other field is optional text, trimmed, where '' or null means none. CPF and CNPJ are checked for their
 * check digits and come out as stored (11 digits; 14 upper-case alphanumerics), the CEP as 8 digits.
 */

import { z } from 'zod';
import {
  isValidCnpj,
  isValidCpf,
  normalizeCep,
  normalizeCnpj,
  normalizeCpf,
} from '../../domain/documents.ts';
import { requiredName, TEXT_MAX } from '../http/fields.ts';
import { pagingFields } from '../http/paging.ts';
import { versionField } from '../http/versions.ts';

const NOT_TEXT = 'Deve ser um texto';

/** Optional trimmed text capped at `max`: '' , null or absent -> null. */
const optionalText = (max: number) =>
  z
    .string({ error: NOT_TEXT })
    .trim()
    .max(max, { error: `Máximo de ${max} caracteres` })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Optional text that, when present, must pass `check` (and fit in `max` characters) and is stored as
 * `normalize` gives it; any failure answers the field's own message.
 */
const optionalChecked = (
  message: string,
  check: (v: string) => boolean,
  normalize: (v: string) => string,
  max = 254,
) =>
  z
    .string({ error: NOT_TEXT })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (v.length <= max && check(v)), { error: message })
    .transform((v) => (v === null ? null : normalize(v)));

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const CEP = /^[0-9.\- ]+$/;

export const ClientBody = z.object({
  name: requiredName('Nome obrigatório'),
  cpf: optionalChecked('CPF inválido', isValidCpf, normalizeCpf, 40),
  cnpj: optionalChecked('CNPJ inválido', isValidCnpj, normalizeCnpj, 40),
  email: optionalChecked(
    'E-mail inválido',
    (v) => EMAIL.test(v),
    (v) => v,
  ),
  phone1: optionalText(TEXT_MAX),
  phone2: optionalText(TEXT_MAX),
  phone3: optionalText(TEXT_MAX),
  zip_code: optionalChecked(
    'CEP inválido',
    (v) => CEP.test(v) && normalizeCep(v) !== null,
    (v) => normalizeCep(v) ?? v,
    20,
  ),
  address: optionalText(TEXT_MAX),
  number: optionalText(TEXT_MAX),
  complement: optionalText(TEXT_MAX),
  neighborhood: optionalText(TEXT_MAX),
  city: optionalText(TEXT_MAX),
  state: optionalChecked(
    'UF inválida',
    (v) => /^[A-Za-z]{2}$/.test(v),
    (v) => v.toUpperCase(),
  ),
});

export type ClientInput = z.output<typeof ClientBody>;

/** An edit: the fields, and the version it was loaded from when the caller names one (409 when stale). */
export const ClientEditBody = ClientBody.extend(versionField);

export const SEARCH_MAX = 200;

export const SearchQuery = z.object({
  filter: z
    .string({ error: 'Digite algo para buscar' })
    .trim()
    .min(1, { error: 'Digite algo para buscar' })
    .max(SEARCH_MAX, { error: `Máximo de ${SEARCH_MAX} caracteres` }),
  limit: pagingFields.limit,
  offset: pagingFields.offset,
});

/** A client id in a path: a positive 32-bit integer, or nothing (the route then answers 404). */
export function clientIdOf(param: unknown): number | null {
  if (typeof param !== 'string' || !/^[0-9]{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
