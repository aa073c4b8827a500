import { z } from 'zod';
import { requiredSecret, username } from '../http/fields.ts';

export const LoginBody = z.object({
  username: username('Usuário obrigatório'),
  password: requiredSecret('Senha obrigatória'),
});

export const RefreshBody = z.object({ refresh_token: z.string().min(1).max(200).optional() });

/** Manager confirmation carried by destructive requests (API.md "Manager confirmation"). */
export const ManagerConfirmation = z.object({
  confirm_username: username('Usuário obrigatório'),
  confirm_password: requiredSecret('Senha obrigatória'),
});
