/**
 * Cash bodies and queries (SPEC §5 Manual/Edit/Delete cash entry, §7 Transactions; API.md General, Cash):
 * manual entries are 103 (Entrada) or 201 (Saida) with a value above zero in reais (at most two decimals),
 * a description and a payment method; days are yyyy-MM-dd or ISO date-times read in the shop's zone.
 */
import { z } from 'zod';
import { isManualEntryType } from '../../domain/transactions.ts';
import { ManagerConfirmation } from '../auth/schema.ts';
import { parse } from '../http/errors.ts';
import { requiredName, TEXT_MAX } from '../http/fields.ts';
import { businessDate, moneyCents, queryInteger } from '../http/values.ts';
import { versionField } from '../http/versions.ts';

/** The longest period the cash by period answers, both ends counted. */
export const PERIOD_MAX_DAYS = 400;

/** The most entries one page of a period may ask for (`limit`). */
export const PAGE_LIMIT_MAX = 1000;
/** PostgreSQL's OFFSET takes a bigint; no period holds anywhere near this many entries. */
const OFFSET_MAX = 2_147_483_647;

const TYPE_REQUIRED = 'Tipo obrigatório';
const TYPE_NOT_MANUAL = 'Tipo inválido: um lançamento manual é 103 (Entrada) ou 201 (Saida)';
const VALUE_REQUIRED = 'Valor obrigatório';
const DATE_INVALID = 'Data inválida';

const absent = (v: unknown) => v === undefined || v === null || v === '';

/** 103 or 201; a select's '103' is read as 103. */
const manualType = z.unknown().transform((v, ctx): 103 | 201 => {
  if (absent(v)) {
    ctx.addIssue({ code: 'custom', message: TYPE_REQUIRED });
    return z.NEVER;
  }
  const code = typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v;
  if (typeof code !== 'number' || !isManualEntryType(code)) {
    ctx.addIssue({ code: 'custom', message: TYPE_NOT_MANUAL });
    return z.NEVER;
  }
  return code as 103 | 201;
});

/** Reais as a JSON number above zero, at most two decimals -> cents. */
const positiveCents = z.unknown().transform((v, ctx): number => {
  if (absent(v)) {
    ctx.addIssue({ code: 'custom', message: VALUE_REQUIRED });
    return z.NEVER;
  }
  const parsed = moneyCents('Valor inválido: envie um número em reais').safeParse(v);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Valor inválido' });
    return z.NEVER;
  }
  if (parsed.data <= 0) {
    ctx.addIssue({ code: 'custom', message: 'O valor deve ser maior que zero' });
    return z.NEVER;
  }
  return parsed.data;
});

/** A business day: yyyy-MM-dd, or an ISO date-time read in the shop's zone; ''/null/absent -> null. */
const day = (shopTz: string) => businessDate(shopTz, DATE_INVALID);

const requiredDay = (shopTz: string, missing: string) =>
  day(shopTz).transform((v, ctx): string => {
    if (v === null) {
      ctx.addIssue({ code: 'custom', message: missing });
      return z.NEVER;
    }
    return v;
  });

/** Days from start to end, both counted: 2026-01-01..2026-01-01 is 1. */
export function daysInPeriod(start: string, end: string): number {
  const utc = (d: string) =>
    Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(end) - utc(start)) / 86_400_000) + 1;
}

const entryFields = {
  type: manualType,
  value: positiveCents,
  description: z
    .string({ error: 'Descrição obrigatória' })
    .trim()
    .min(1, { error: 'Descrição obrigatória' })
    .max(TEXT_MAX, { error: `Máximo de ${TEXT_MAX} caracteres` }),
  payment_method: requiredName(VALUE_REQUIRED),
};

export function cashSchemas(shopTz: string) {
  const DayQuery = z.object({ date: requiredDay(shopTz, 'Data obrigatória') });

  const periodFields = {
    start_date: requiredDay(shopTz, 'Data inicial obrigatória'),
    end_date: requiredDay(shopTz, 'Data final obrigatória'),
  };
  const periodChecks = (q: { start_date: string; end_date: string }, ctx: z.RefinementCtx) => {
    if (q.start_date > q.end_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'A data final deve ser igual ou posterior à data inicial',
      });
    } else if (daysInPeriod(q.start_date, q.end_date) > PERIOD_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `O período pode ter no máximo ${PERIOD_MAX_DAYS} dias`,
      });
    }
  };

  /** GET /transactions/period/summary: the period alone. */
  const PeriodQuery = z.object(periodFields).superRefine(periodChecks);

  /**
   * GET /transactions/period: the period and, optionally, one slice of it. Without `limit` and `offset`
   * the whole period is answered, as callers that know nothing of pages expect.
   */
  const PeriodPageQuery = z
    .object({
      ...periodFields,
      limit: queryInteger(
        1,
        PAGE_LIMIT_MAX,
        `Limite inválido: use um número inteiro de 1 a ${PAGE_LIMIT_MAX}`,
      ),
      offset: queryInteger(0, OFFSET_MAX, 'Deslocamento inválido: use um número inteiro a partir de 0'),
    })
    .superRefine(periodChecks);

  /** POST /transactions: the four fields, and the business date (today in the shop when none). */
  const NewEntryBody = z.object({ ...entryFields, date: day(shopTz).optional() });

  /** PUT /transactions/{id}: the four fields; the date stays as it was (SPEC §7). */
  // An edit may name the version it was loaded from (409 when the entry has moved on since).
  const EditEntryBody = z.object({ ...entryFields, ...versionField });

  return { DayQuery, PeriodQuery, PeriodPageQuery, NewEntryBody, EditEntryBody };
}

type Schemas = ReturnType<typeof cashSchemas>;
export type NewEntryInput = z.output<Schemas['NewEntryBody']>;
export type EditEntryInput = z.output<Schemas['EditEntryBody']>;
export type Confirmation = z.output<typeof ManagerConfirmation>;

/**
 * An edit may carry a manager's confirmation (SPEC §5 Edit cash entry); when either field is there both
 * must be, and they are checked like every confirmation. Without them the manager's token suffices.
 */
export function optionalConfirmation(body: unknown): Confirmation | null {
  const b = (body ?? {}) as Record<string, unknown>;
  if (absent(b.confirm_username) && absent(b.confirm_password)) return null;
  return parse(ManagerConfirmation, b);
}
