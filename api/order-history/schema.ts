/** The events staff add to an order's history without changing it (decision 020). */
import { z } from 'zod';

export const HistoryEventBody = z.object({
  event: z.enum(['whatsapp-opened', 'printed'], { message: 'Evento inválido' }),
  detail: z.string().trim().max(120, 'Detalhe de até 120 caracteres').optional(),
});

export type HistoryEvent = z.output<typeof HistoryEventBody>;
