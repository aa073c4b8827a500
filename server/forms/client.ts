/** Cadastrar/Editar Cliente (SPEC §5): name required; documents checked; everything else free text. */
import { z } from 'zod';
import type { ClientWithOrders } from '../../contract/clients.ts';
import type { ClientValues } from '../../contract/web.ts';
import { CLIENT_FIELD_NAMES, type ClientFields } from '../../domain/clients.ts';
import {
  formatCep,
  formatCnpj,
  formatCpf,
  isValidCnpj,
  isValidCpf,
  normalizeCep,
  normalizeCnpj,
  normalizeCpf,
} from '../../domain/documents.ts';
import { optionalText, requiredText } from './fields.ts';

/** '' -> null, so the api stores "none" rather than an empty string. */
const orNull = (v: string) => (v === '' ? null : v);

const optional = (max = 2000) => optionalText(max).transform(orNull);

export const ClientForm = z.object({
  // Spaces typed between words count as one: a name sorts and prints as anyone else's.
  name: requiredText('Nome obrigatório').transform((v) => v.replace(/\s+/g, ' ')),
  cpf: optionalText(20)
    .refine((v) => v === '' || isValidCpf(v), { error: 'CPF inválido' })
    .transform((v) => orNull(normalizeCpf(v))),
  cnpj: optionalText(20)
    .refine((v) => v === '' || isValidCnpj(v), { error: 'CNPJ inválido' })
    .transform((v) => orNull(normalizeCnpj(v))),
  email: optionalText(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'E-mail inválido' })
    .transform(orNull),
  phone1: optional(40),
  phone2: optional(40),
  phone3: optional(40),
  zip_code: optionalText(12)
    .refine((v) => v === '' || normalizeCep(v) !== null, { error: 'CEP inválido' })
    .transform((v) => (v === '' ? null : normalizeCep(v))),
  address: optional(200),
  number: optional(20),
  complement: optional(120),
  neighborhood: optional(120),
  city: optional(120),
  state: optionalText(2)
    .refine((v) => v === '' || /^[A-Za-z]{2}$/.test(v), { error: 'UF inválida' })
    .transform((v) => orNull(v.toUpperCase())),
}) satisfies z.ZodType<ClientFields, unknown>;

/** What the person typed, to put back in the form. */
export function clientValuesOf(body: unknown): ClientValues {
  const values: ClientValues = {};
  for (const name of CLIENT_FIELD_NAMES) {
    const v = (body as Record<string, unknown> | undefined)?.[name];
    if (typeof v === 'string') values[name] = v;
  }
  return values;
}

/** The form as a person reads it: documents and CEP with their masks. */
export function clientValuesFrom(client: ClientWithOrders): ClientValues {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    name: client.name,
    cpf: formatCpf(client.cpf),
    cnpj: formatCnpj(client.cnpj),
    email: text(client.email),
    phone1: text(client.phone1),
    phone2: text(client.phone2),
    phone3: text(client.phone3),
    zip_code: formatCep(client.zip_code),
    address: text(client.address),
    number: text(client.number),
    complement: text(client.complement),
    neighborhood: text(client.neighborhood),
    city: text(client.city),
    state: text(client.state),
  };
}

/**
 * Whether a post of the client form is a CEP lookup: 'Buscar CEP' pressed, or Enter pressed (the form's
 * hidden default button, intent=enter) while a CEP is typed and the address is still empty. Without
 * JavaScript a form has one default button whatever field has the focus, so Enter in the CEP field can't
 * be told from Enter elsewhere; an empty address is when looking the CEP up is what Enter should do, and
 * once the address is filled (by the lookup or by hand) Enter saves. With JavaScript the cep-lookup
 * island answers Enter in the CEP field itself.
 */
export function looksUpCep(intent: string, values: ClientValues): boolean {
  if (intent === 'cep') return true;
  if (intent !== 'enter') return false;
  const blank = (v: string | undefined) => !v?.trim();
  return (
    !blank(values.zip_code) &&
    blank(values.address) &&
    blank(values.neighborhood) &&
    blank(values.city) &&
    blank(values.state)
  );
}
