/** The api's configuration, read once at start; a wrong value stops the process with one clear line each. */
import { z } from 'zod';
import { DEFAULT_SHOP_TZ, isTimeZone } from '../domain/dates.ts';
import { API_SECRETS, unsafeProductionSecrets } from '../runtime/production-secrets.ts';

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
  // Shared with the web: the proof that a request's client address header comes from it (decision 019).
  WEB_API_SECRET: z.string().min(32, 'WEB_API_SECRET precisa de pelo menos 32 caracteres').optional(),
  // A query that gets no answer (PostgreSQL stalled) fails after this long: a clear 503, not a hang.
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(4_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ApiEnv = z.infer<typeof schema>;

export function readApiEnv(source: NodeJS.ProcessEnv = process.env): ApiEnv {
  const parsed = schema.safeParse(source);
  const lines = parsed.success
    ? unsafeProductionSecrets(source, API_SECRETS)
    : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (parsed.success && lines.length === 0) return parsed.data;
  throw new Error(`Configuração inválida da api:\n${lines.join('\n')}`);
}
