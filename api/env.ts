/** The api's configuration, read once at start; a wrong value stops the process with one clear line each. */
import { z } from 'zod';
import { DEFAULT_SHOP_TZ, isTimeZone } from '../domain/dates.ts';

const schema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3333),
  API_HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url('DATABASE_URL deve ser uma URL postgres://').optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET precisa de pelo menos 32 caracteres').optional(),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD precisa de pelo menos 8 caracteres').optional(),
  SHOP_TZ: z
    .string()
    .refine(isTimeZone, 'SHOP_TZ deve ser um fuso horário IANA, como America/Sao_Paulo')
    .default(DEFAULT_SHOP_TZ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ApiEnv = z.infer<typeof schema>;

export function readApiEnv(source: NodeJS.ProcessEnv = process.env): ApiEnv {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new Error(`Configuração inválida da api:\n${lines.join('\n')}`);
}
