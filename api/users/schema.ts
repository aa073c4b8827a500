import { z } from 'zod';
import { AUTHORITY } from '../../domain/users.ts';
import { origin, requiredName, requiredSecret, username } from '../http/fields.ts';

const newPassword = (message: string) =>
  requiredSecret(message).refine((p) => p.length >= 4, {
    error: 'A senha precisa de pelo menos 4 caracteres',
  });

export const CreateEmployeeBody = z.object({
  origin,
  username: username('Nome Obrigatório'),
  password: newPassword('Senha Obrigatória'),
});

export const CreateManagerBody = CreateEmployeeBody.extend({
  admin_password: requiredSecret('Senha de administrador obrigatória'),
  authority_level: z.literal(AUTHORITY.MANAGER, { error: 'authority_level deve ser 100' }).optional(),
});

export const ProfileBody = z
  .object({
    username: username('Nome obrigatório'),
    password_old: z.string().max(200).optional(),
    password_new: z.string().max(200).optional(),
    password_confirm: z.string().max(200).optional(),
  })
  .superRefine((body, ctx) => {
    const changing = Boolean(body.password_old || body.password_new || body.password_confirm);
    if (!changing) return;
    if (!body.password_old) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_old'],
        message: 'Campos incompletos. Para atualizar sua senha, é necessário informar a senha atual.',
      });
    }
    if (!body.password_new) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_new'],
        message: 'Campo obrigatório para troca de senha',
      });
    } else if (body.password_new.length < 4) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_new'],
        message: 'A senha precisa de pelo menos 4 caracteres',
      });
    }
    if (body.password_new && body.password_confirm !== body.password_new) {
      ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: 'Confirmação incorreta' });
    }
  });
