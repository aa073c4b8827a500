/** Pagamento antecipado (SPEC §5): description, value, payment method — each required with its message. */
import { z } from 'zod';
import { requiredMoney, requiredText } from './fields.ts';

export const UpfrontForm = z.object({
  description: requiredText('Descrição obrigatória', 2000),
  value: requiredMoney('Valor obrigatório').refine((cents) => cents > 0, {
    error: 'O valor deve ser maior que zero',
  }),
  payment_method: requiredText('Valor obrigatório', 60),
});
