import { z } from 'zod';
import { requiredName, requiredSecret } from '../http/fields.ts';

export const LoginBody = z.object({
  username: requiredName('Usuário obrigatório'),
  password: requiredSecret('Senha obrigatória'),
});

export const RefreshBody = z.object({ refresh_token: z.string().min(1).max(200).optional() });

/** Manager confirmation carried by destructive requests (API.md "Manager confirmation"). */
export const ManagerConfirmation = z.object({
  confirm_username: requiredName('Usuário obrigatório'),
  confirm_password: requiredSecret('Senha obrigatória'),
});
