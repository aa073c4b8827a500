/** Bodies and queries of the print servers, their jobs and the print server's own queue. */
import { z } from 'zod';
import { requiredName, TEXT_MAX } from '../http/fields.ts';

export const PAPERS = ['a4', '80mm'] as const;

export const PrinterBody = z.object({
  name: requiredName('Nome obrigatório'),
  paper: z.enum(PAPERS, { error: 'Papel inválido (a4 ou 80mm)' }),
  note: z
    .string()
    .trim()
    .max(TEXT_MAX, { error: `Máximo de ${TEXT_MAX} caracteres` })
    .nullish()
    .transform((v) => v || null),
});

/** A sheet's path on the web: what it prints and where its jobs are listed. */
const sheetPath = z
  .string({ error: 'Folha obrigatória' })
  .regex(/^\/[\w\-/.?=&%+]{1,300}$/, { error: 'Folha inválida' });

export const JobBody = z.object({
  request_key: z.string().regex(/^[\w-]{16,64}$/, { error: 'Chave do pedido inválida' }),
  sheet_path: sheetPath,
  title: requiredName('Título obrigatório'),
  // A rendered sheet: tens of kilobytes; the api's JSON limit caps the body as a whole.
  html: z.string().min(1, { error: 'Folha vazia' }),
  copies: z.coerce
    .number({ error: 'Cópias: de 1 a 20' })
    .int({ error: 'Cópias: de 1 a 20' })
    .min(1, { error: 'Cópias: de 1 a 20' })
    .max(20, { error: 'Cópias: de 1 a 20' }),
  expires_in_minutes: z.coerce.number().int().min(1).max(1440).default(15),
});

export const JobsQuery = z.object({ sheet: sheetPath });

/** How long the print server's GET may wait for a job: 0 answers at once, at most 25 s. */
export const QueueQuery = z.object({
  wait: z.coerce.number({ error: 'wait: de 0 a 25' }).int().min(0).max(25).default(25),
});

export const ReportBody = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('printed'), reason: z.string().max(500).nullish() }),
    z.object({
      status: z.literal('failed'),
      reason: z
        .string()
        .trim()
        .max(500, { error: 'Máximo de 500 caracteres' })
        .nullish()
        .transform((v) => v || 'sem motivo informado'),
    }),
  ],
  { error: "status deve ser 'printed' ou 'failed'" },
);

export const JobId = z.uuid({ error: 'Trabalho não encontrado' });
