import { z } from 'zod';
import { AUTHORITY, type Authority, ORIGIN, type Origin } from '../../domain/users.ts';
import { choice, requiredText, secret } from './fields.ts';

export const CreateUserForm = z
  .object({
    type: choice<Authority>([AUTHORITY.MANAGER, AUTHORITY.EMPLOYEE], 'Selecione o tipo'),
    origin: choice<Origin>([ORIGIN.MATRIZ, ORIGIN.FILIAL], 'Selecione a origem'),
    username: requiredText('Nome Obrigatório'),
    password: secret().pipe(z.string().min(1, { error: 'Senha Obrigatória' })),
    admin_password: secret(),
  })
  .superRefine((v, ctx) => {
    if (v.type === AUTHORITY.MANAGER && !v.admin_password) {
      ctx.addIssue({
        code: 'custom',
        path: ['admin_password'],
        message: 'Senha de administrador obrigatória',
      });
    }
  });
