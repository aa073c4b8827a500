/** Queries of the reports (docs/decisions/022): a day (today in the shop when none), a period, a list. */
import { z } from 'zod';
import { businessDate, queryInteger } from '../http/values.ts';
import { cashSchemas } from '../transactions/schema.ts';

export const ORDERS_LIMIT = 200;

export function reportSchemas(shopTz: string) {
  const date = businessDate(shopTz, 'Data inválida');
  const DashboardQuery = z.object({ date: date.optional() });
  const OrdersQuery = z.object({
    date: date.optional(),
    kind: z.enum(['normal', 'returned', 'external', 'parts'], { error: 'Tipo inválido' }),
    which: z.enum(['opened', 'finished', 'ready_aged'], { error: 'Lista inválida' }),
    days: queryInteger(1, 400, 'Dias inválidos: use um número inteiro de 1 a 400'),
    technician: z.string({ error: 'Técnico inválido' }).max(200).optional(),
  });
  // The period of the cash report and its exports is the cash by period's: the same dates and limit.
  const { PeriodQuery } = cashSchemas(shopTz);
  return { DashboardQuery, OrdersQuery, PeriodQuery };
}
