/** The web's configuration, read once at start; a wrong value stops it with one clear line each. */
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_SHOP_TZ, isTimeZone } from '../domain/dates.ts';
import { unsafeProductionSecrets, WEB_SECRETS } from '../runtime/production-secrets.ts';

// The web's own configuration messages in Portuguese, as the api's are.
z.config(z.locales.ptBR());

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3333),
  API_URL: z.string().url('API_URL deve ser uma URL http(s)://').optional(),
  // SPEC §7/§9: a call to the api gives up after 20 s (shorter only in tests of a hanging api).
  API_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  REDIS_URL: z.string().url('REDIS_URL deve ser uma URL redis://').optional(),
  // A Redis that stops answering fails a request after this long: the clear 503 page, never a hang.
  REDIS_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET precisa de pelo menos 32 caracteres').optional(),
  SESSION_HOURS: z.coerce.number().positive().default(12),
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((value) => value === undefined || trustProxyValid(value), {
      error: "use 'true', 'false', um número de saltos ou endereços/sub-redes separados por vírgula",
    }),
  // Shared with the api: lets it believe the browser address the web passes on (decision 019).
  WEB_API_SECRET: z.string().min(32, 'WEB_API_SECRET precisa de pelo menos 32 caracteres').optional(),
  SHOP_TZ: z
    .string()
    .refine(isTimeZone, 'SHOP_TZ deve ser um fuso horário IANA, como America/Sao_Paulo')
    .default(DEFAULT_SHOP_TZ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  CEP_PROVIDER_URL: z
    .string()
    .url('CEP_PROVIDER_URL deve ser uma URL')
    .default('https://viacep.com.br/ws/{cep}/json/'),
  CEP_FALLBACK_URL: z
    .string()
    .url('CEP_FALLBACK_URL deve ser uma URL')
    .or(z.literal(''))
    .default('https://brasilapi.com.br/api/cep/v1/{cep}'),
  CEP_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // The shop as printed on tickets and address labels.
  SHOP_NAME: z.string().default('Bancada Assistência Técnica'),
  SHOP_PHONES: z.string().default(''),
  SHOP_STREET: z.string().default(''),
  SHOP_DISTRICT: z.string().default(''),
  SHOP_CITY: z.string().default(''),
  SHOP_STATE: z.string().default(''),
  // The pages load images only from the web itself (CSP img-src 'self' and data:): a path of ours.
  SHOP_LOGO: z
    .string()
    .regex(/^\/(?![/\\])/, {
      error: 'SHOP_LOGO deve ser um caminho da própria web, como /static/img/logo.png',
    })
    .default('/static/img/logo.svg'),
  // The shop's address as people reach it: print links and clients' status links with their QR codes
  // are built on it, never on the Host header.
  // Empty is unset: Compose passes `${PUBLIC_URL:-}` through when .env leaves it blank.
  PUBLIC_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().url('PUBLIC_URL deve ser uma URL http(s)://').optional(),
  ),
  // Without PUBLIC_URL: host names (comma-separated) a link may be built on besides this machine's own.
  PUBLIC_HOSTS: z.string().default(''),
  PRINT_LINK_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  // A job sent to a print server and not taken within this time expires (decision 021).
  PRINT_JOB_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  // Pages being answered at once beyond which a page asked for is refused at once (503, "try again"),
  // rather than queued until the process runs out of memory (decision 026).
  WEB_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(100),
});

export type WebEnv = z.infer<typeof schema> & { apiUrl: string };

export function readWebEnv(source: NodeJS.ProcessEnv = process.env): WebEnv {
  const parsed = schema.safeParse(source);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (parsed.success) lines.push(...unsafeProductionSecrets(source, WEB_SECRETS));
  if (!parsed.success || lines.length > 0) {
    throw new Error(`Configuração inválida da web:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return { ...env, apiUrl: env.API_URL ?? `http://127.0.0.1:${env.API_PORT}` };
}

/** Names Express (proxy-addr) takes for groups of addresses. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as Express would take it, so a typo fails at start with its name, not in a request. */
function trustProxyValid(value: string): boolean {
  if (value === '' || value === 'true' || value === 'false' || /^\d+$/.test(value)) return true;
  return value.split(',').every((part) => {
    const item = part.trim();
    if (PROXY_NAMES.has(item)) return true;
    const [address = '', prefix, ...rest] = item.split('/');
    if (rest.length > 0 || isIP(address) === 0) return false;
    return (
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128))
    );
  });
}

/** TRUST_PROXY: 'true', a hop count, or a list of addresses/subnets, as Express reads it. */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
