/**
 * zod atoms for the values the order and cash areas carry (API.md General): money as JSON numbers in
 * reais with at most two decimals, stored as cents; dates as yyyy-MM-dd or ISO date-times taken in the
 * shop's time zone; '' or null meaning none.
 */
import { z } from 'zod';
import { isIsoDay, shopDayOf } from '../../domain/dates.ts';
import { MAX_CENTS, reaisToCents } from '../../domain/money.ts';
import { TEXT_MAX } from './fields.ts';

/** Reais (number) -> cents; negative, non-finite or more than two decimals refused. */
export const moneyCents = (message = 'Valor inválido') =>
  z
    .number({ error: message })
    .refine((v) => v >= 0, { error: 'O valor não pode ser negativo' })
    .transform((v, ctx) => {
      const cents = reaisToCents(v);
      if (cents === null || cents > MAX_CENTS) {
        ctx.addIssue({ code: 'custom', message: 'Valor com mais de duas casas decimais ou alto demais' });
        return z.NEVER;
      }
      return cents;
    });

/** Money that may be absent: null, undefined or '' mean none. */
export const optionalMoneyCents = () =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), moneyCents().nullable());

/** A business date: yyyy-MM-dd, or an ISO date-time read in the shop's zone; ''/null -> null. */
export const businessDate = (shopTz: string, message = 'Data inválida') =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string({ error: message })
      .nullable()
      .transform((v, ctx) => {
        if (v === null) return null;
        if (isIsoDay(v)) return v;
        const instant = new Date(v);
        // A date-time must name a real day too: '2026-02-31T10:00:00Z' is not 3 March.
        if (/^\d{4}-\d{2}-\d{2}T/.test(v) && isIsoDay(v.slice(0, 10)) && !Number.isNaN(instant.getTime())) {
          return shopDayOf(instant, shopTz);
        }
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }),
  );

/** Optional free text: trimmed, capped, ''/null -> null. */
export const optionalText = (max = TEXT_MAX) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? null : typeof v === 'string' ? v.trim() || null : v),
    z
      .string({ error: 'Texto inválido' })
      .max(max, { error: `Máximo de ${max} caracteres` })
      .nullable(),
  );

/** A positive integer id from a path or body ('12' or 12). */
export const idParam = (message = 'Identificador inválido') =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
    // Ids are PostgreSQL integers: anything larger is no id of ours (and must not reach the database).
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(2_147_483_647, { error: message }),
  );

/**
 * An optional whole number from a query string ('200'), between min and max; absent -> undefined. Only
 * plain digits are read: '1e3', ' 1', '1.0', '' and a repeated key are refused with the message.
 */
export const queryInteger = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .optional(),
  );
