import { z } from 'zod';
import { requiredText, secret } from './fields.ts';

export const LoginForm = z.object({
  username: requiredText('Usuário obrigatório'),
  password: secret().pipe(z.string().min(1, { error: 'Senha obrigatória' })),
});
