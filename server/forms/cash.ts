/** Cash forms (SPEC §5): unlock, manual entry, edit entry, period search (and its page). */
import { z } from 'zod';
import { MANUAL_ENTRY_TYPES } from '../../domain/transactions.ts';
import { choice, managerCredentials, requiredDate, requiredMoney, requiredText, secret } from './fields.ts';

export const UnlockForm = z.object({
  username: requiredText('Usuário obrigatório'),
  password: secret().pipe(z.string().min(1, { error: 'Senha obrigatória' })),
});

const entryFields = {
  type: choice(
    MANUAL_ENTRY_TYPES.map((t) => t.code),
    'Tipo obrigatório',
  ),
  description: requiredText('Descrição obrigatória', 2000),
  value: requiredMoney('Valor obrigatório').refine((cents) => cents > 0, {
    error: 'O valor deve ser maior que zero',
  }),
  payment_method: requiredText('Valor obrigatório', 60),
};

export const EntryForm = z.object(entryFields);
export const EditEntryForm = z.object({ ...entryFields, ...managerCredentials });
export const DeleteEntryForm = z.object(managerCredentials);

/** ?pagina=N of the period list: anything but a whole number from 1 means the first page, never an error. */
const pageNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^[1-9]\d*$/.test(v) ? Number(v) : 1),
  z.number(),
);

export const PeriodForm = z
  .object({
    de: requiredDate('Data obrigatória'),
    ate: requiredDate('Data obrigatória'),
    pagina: pageNumber,
  })
  .refine((v) => v.de <= v.ate, {
    path: ['ate'],
    error: 'A data final deve ser igual ou posterior à inicial',
  });
