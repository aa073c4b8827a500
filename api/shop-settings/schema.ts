/** What a manager may set (decision 020): each part optional, every template free of unknown placeholders. */
import { z } from 'zod';
import {
  MAX_WARRANTY_DAYS,
  PLACEHOLDERS,
  TEMPLATE_KEYS,
  unknownPlaceholders,
} from '../../domain/client-view.ts';
import { TEXT_MAX } from '../http/fields.ts';

const days = (message: string, min: number) =>
  z.number({ message }).int(message).min(min, message).max(MAX_WARRANTY_DAYS, message);

const template = z
  .string({ message: 'Mensagem obrigatória' })
  .trim()
  .min(1, 'Mensagem obrigatória')
  .max(TEXT_MAX, `Mensagem de até ${TEXT_MAX} caracteres`)
  .superRefine((text, ctx) => {
    const unknown = unknownPlaceholders(text);
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Campo desconhecido: ${unknown.map((n) => `{${n}}`).join(', ')}. Use ${PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}`,
      });
    }
  });

const limits = z.record(z.string().regex(/^\d{3}$/, 'Status inválido'), days('Dias inválidos', 1));

export const ShopSettingsBody = z.object({
  warranty_days: days('Garantia deve ser de 0 a 3650 dias', 0).optional(),
  ageing_limits: z
    .object({
      normal: limits.optional(),
      returned: limits.optional(),
      external: limits.optional(),
      parts: limits.optional(),
    })
    .optional(),
  whatsapp_templates: z
    .object(Object.fromEntries(TEMPLATE_KEYS.map((key) => [key, template.optional()])))
    .optional(),
});

export type ShopSettingsInput = z.output<typeof ShopSettingsBody>;
