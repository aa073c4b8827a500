/** Field atoms the web forms are built from; the messages are SPEC §5's, to the letter. */
import { z } from 'zod';
import { parseDisplayDate } from '../../domain/dates.ts';
import { parseMoney } from '../../domain/money.ts';
import { acceptsPaymentMethod, PAYMENT_METHOD_UNKNOWN } from '../../domain/payment-methods.ts';

/** Required text: trimmed, not empty. */
export const requiredText = (message: string, max = 120) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : ''),
    z
      .string()
      .min(1, { error: message })
      .max(max, { error: `Máximo de ${max} caracteres` }),
  );

/** Optional text: trimmed, '' when absent. */
export const optionalText = (max = 2000) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : ''),
    z.string().max(max, { error: `Máximo de ${max} caracteres` }),
  );

/** A password as typed (no trimming), '' when absent. */
export const secret = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z.string().max(200, { error: 'Máximo de 200 caracteres' }),
  );

/** One of a fixed set of numeric codes chosen in a select or radio group. */
export const choice = <T extends number>(codes: readonly T[], message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? Number(v) : undefined),
    z.custom<T>((v) => codes.includes(v as T), { error: message }),
  );

/** Money typed with a decimal comma ("1.234,56") -> cents; '' -> null. */
export const optionalMoney = () =>
  z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string())
    .transform((v, ctx) => {
      if (v === '') return null;
      const parsed = parseMoney(v);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }
      return parsed.cents;
    });

/** Money that must be there ("Valor obrigatório" unless told otherwise), in cents. */
export const requiredMoney = (message = 'Valor obrigatório') =>
  z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string())
    .transform((v, ctx) => {
      const parsed = v === '' ? { ok: false as const, message } : parseMoney(v);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }
      return parsed.cents;
    });

/** A date typed as dd/MM/yyyy, strictly (SPEC §5) -> 'yyyy-MM-dd'; '' -> null. */
export const optionalDate = () =>
  z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string())
    .transform((v, ctx) => {
      if (v === '') return null;
      return isoDayOrIssue(v, ctx);
    });

/** A date that must be there, dd/MM/yyyy strictly -> 'yyyy-MM-dd'. */
export const requiredDate = (message: string) =>
  z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string().min(1, { error: message }))
    .transform((v, ctx) => isoDayOrIssue(v, ctx));

function isoDayOrIssue(text: string, ctx: z.RefinementCtx): string {
  const parsed = parseDisplayDate(text);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.iso;
}

/** The manager's credentials typed in a confirmation dialog (SPEC §5 Delete dialogs). */
export const managerCredentials = {
  confirm_username: requiredText('Usuário obrigatório'),
  confirm_password: secret().pipe(z.string().min(1, { error: 'Senha obrigatória' })),
};

/**
 * Forma de pagamento that must be there: one of the offered methods, or on an edit the record's own
 * value (`kept`, which may be an older backend's free text). A forged other text is refused.
 */
export const requiredPaymentMethod = (message: string, kept?: string | null) =>
  requiredText(message, 60).refine((v) => acceptsPaymentMethod(v, kept), { error: PAYMENT_METHOD_UNKNOWN });

/** Forma de pagamento that may be left blank (null); when given, as requiredPaymentMethod. */
export const optionalPaymentMethod = (kept?: string | null) =>
  optionalText(60)
    .refine((v) => v === '' || acceptsPaymentMethod(v, kept), { error: PAYMENT_METHOD_UNKNOWN })
    .transform((v) => (v === '' ? null : v));
