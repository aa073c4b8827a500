/**
 * Pagamento antecipado (SPEC §5): description, value, payment method — each required with its message;
 * a payment is new, so its method is one of the list.
 */
import { z } from 'zod';
import { requiredMoney, requiredPaymentMethod, requiredText } from './fields.ts';

export const UpfrontForm = z.object({
  description: requiredText('Descrição obrigatória', 2000),
  value: requiredMoney('Valor obrigatório').refine((cents) => cents > 0, {
    error: 'O valor deve ser maior que zero',
  }),
  payment_method: requiredPaymentMethod('Valor obrigatório'),
});
