/** Cash forms (SPEC §5): unlock, manual entry, edit entry, period search (and its page). */
import { z } from 'zod';
import { MANUAL_ENTRY_TYPES } from '../../domain/transactions.ts';
import {
  choice,
  managerCredentials,
  requiredDate,
  requiredMoney,
  requiredPaymentMethod,
  requiredText,
  secret,
} from './fields.ts';

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
  payment_method: requiredPaymentMethod('Valor obrigatório'),
};

export const EntryForm = z.object(entryFields);
/** An edit may keep the method the entry already has (`kept`), even an older backend's free text. */
export const editEntryForm = (kept?: string | null) =>
  z.object({
    ...entryFields,
    payment_method: requiredPaymentMethod('Valor obrigatório', kept),
    ...managerCredentials,
  });
export const DeleteEntryForm = z.object(managerCredentials);

/** ?pagina=N of the period list: anything but a whole number from 1 means the first page, never an error. */
const pageNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^[1-9]\d*$/.test(v) ? Number(v) : 1),
  z.number(),
);

/**
 * The longest period the cash by period shows, both ends counted: our api's own bound (API.md Cash),
 * checked here too so a longer one is refused under its field without asking the api.
 */
export const PERIOD_MAX_DAYS = 400;

/** Days from start to end, both counted ('yyyy-MM-dd'): a single day is 1. */
function daysInPeriod(start: string, end: string): number {
  const utc = (d: string) =>
    Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(end) - utc(start)) / 86_400_000) + 1;
}

export const PeriodForm = z
  .object({
    de: requiredDate('Data obrigatória'),
    ate: requiredDate('Data obrigatória'),
    pagina: pageNumber,
  })
  .refine((v) => v.de <= v.ate, {
    path: ['ate'],
    error: 'A data final deve ser igual ou posterior à inicial',
  })
  .refine((v) => v.de > v.ate || daysInPeriod(v.de, v.ate) <= PERIOD_MAX_DAYS, {
    path: ['ate'],
    error: `O período pode ter no máximo ${PERIOD_MAX_DAYS} dias`,
  });

/** The period form's fields named by the api's (start_date, end_date), for its refusals. */
export function periodIssues(issues: Record<string, string> | undefined): Record<string, string> {
  const names: Record<string, string> = { start_date: 'de', end_date: 'ate', de: 'de', ate: 'ate' };
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(issues ?? {})) {
    const name = names[field];
    if (name) errors[name] ??= message;
  }
  return errors;
}
