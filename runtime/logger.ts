/** pino with every secret-bearing field redacted: no token, password or CPF ever reaches a log. */
import { pino } from 'pino';

export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-refresh-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_old',
  '*.password_new',
  '*.password_confirm',
  '*.admin_password',
  '*.confirm_password',
  '*.token',
  '*.refresh_token',
  '*.cpf',
];

export function createLogger(name: string, level: string) {
  return pino({ name, level, redact: { paths: REDACT, censor: '[oculto]' } });
}
