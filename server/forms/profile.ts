/**
 * Meus dados (SPEC §5 Profile rules). The "password without the current one" case is not a field
 * error but the spec's toast, so it is reported apart.
 */
import { z } from 'zod';
import type { ProfileChange } from '../../contract/sessions.ts';
import { requiredText, secret } from './fields.ts';
import { type FormResult, textOf, validateForm } from './validate.ts';

export const INCOMPLETE_PASSWORD =
  'Campos incompletos. Para atualizar sua senha, é necessário informar a senha atual.';

const ProfileForm = z
  .object({
    username: requiredText('Nome obrigatório'),
    password_old: secret(),
    password_new: secret(),
    password_confirm: secret(),
  })
  .superRefine((v, ctx) => {
    if (v.password_old && !v.password_new) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_new'],
        message: 'Campo obrigatório para troca de senha',
      });
    }
    if (v.password_new && v.password_confirm !== v.password_new) {
      ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: 'Confirmação incorreta' });
    }
  });

export type ProfileCheck =
  | FormResult<ProfileChange>
  | { ok: false; incomplete: true; errors: Record<string, string> };

export function checkProfile(body: unknown): ProfileCheck {
  const result = validateForm(ProfileForm, body);
  const typed = (name: string) => textOf(body, name) !== '';
  // The toast shows whenever a new or confirm password comes without the current one, together with
  // any field errors (a new password without its confirmation is both).
  const incomplete = !typed('password_old') && (typed('password_new') || typed('password_confirm'));
  if (!result.ok) return incomplete ? { ok: false, incomplete: true, errors: result.errors } : result;
  if (incomplete) return { ok: false, incomplete: true, errors: {} };
  const v = result.data;
  // Password fields go to the api only with the current password (SPEC §5).
  const change: ProfileChange = v.password_old
    ? {
        username: v.username,
        password_old: v.password_old,
        password_new: v.password_new,
        password_confirm: v.password_confirm,
      }
    : { username: v.username };
  return { ok: true, data: change };
}
