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

/**
 * CPF-shaped numbers (formatted or 11 bare digits) anywhere in a line: a search by CPF travels in URLs
 * and query strings (the web's /consulta?q=…, the api's /clients?filter=…), which no path can redact.
 */
const CPF_LIKE = /(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)/g;

export function maskCpfs(line: string): string {
  return line.replace(CPF_LIKE, '[oculto]');
}

export function createLogger(name: string, level: string) {
  return pino({
    name,
    level,
    redact: { paths: REDACT, censor: '[oculto]' },
    hooks: { streamWrite: maskCpfs },
  });
}

/**
 * What a request's line keeps (pino-http): its id, method, url and caller, and the answer's status and
 * time. Not the headers, which made each line five times longer (the CSP alone is 300 bytes) for fields
 * no one read: every line is redacted, scanned for CPFs and buffered before it is written, and under
 * load those buffers were the web's last few MB over its memory target (npm run bench). The serializers
 * receive what pino's standard ones made of the request and the response.
 */
/**
 * A request line's URL without its secrets: a print link's token (/impressao/<token>) and a print job's
 * id (the web's /impressao/fila/<id>, the api's /print-queue/<id>), and the ones below, are masked.
 */
const PRINT_PATHS =
  /^(\/impressao\/fila\/|\/print-queue\/|\/impressao\/(?!fila(?:[/?#]|$)|links(?:[?#]|$)|enviar(?:[?#]|$)))[^?#]+/;

/** A sheet's print link travels back to it in its query (?link=<token>): the same secret. */
const LINK_PARAM = /([?&]link=)[^&#]*/g;

/**
 * A client's status link (the web's /acompanhar/<token>, the api's /status-links/public/<token>): a log
 * of them would be a list of working links, which the database itself never holds (decision 020).
 */
const STATUS_LINK_PATHS = /^(\/acompanhar\/|\/status-links\/public\/)[^/?#]+/;

/** A kept form's id (?rascunho=): whoever holds it may see the typing, CPFs included. */
const DRAFT_PARAM = /([?&]rascunho=)[^&#]*/g;

/**
 * A search's text (the web's ?q=, the api's ?filter=) holding a whole document or phone number, however
 * it was typed ('111 444 777 35', '529982247/25'): CPF_LIKE sees only the usual shapes.
 */
const SEARCH_PARAM = /([?&](?:q|filter)=)([^&#]*)/g;
const WHOLE_NUMBER_DIGITS = 10;

/** A request line past this is cut in the log: a pasted 16 kB address would fill the log, not explain. */
const LOGGED_URL_MAX = 2_000;

export function maskRequestUrl(url: string | undefined): string | undefined {
  const masked = maskTokens(url);
  return masked && masked.length > LOGGED_URL_MAX ? `${masked.slice(0, LOGGED_URL_MAX)}…` : masked;
}

function maskTokens(url: string | undefined): string | undefined {
  return url
    ?.replace(PRINT_PATHS, '$1[oculto]')
    .replace(LINK_PARAM, '$1[oculto]')
    .replace(STATUS_LINK_PATHS, '$1[oculto]')
    .replace(DRAFT_PARAM, '$1[oculto]')
    .replace(SEARCH_PARAM, (whole, name: string, value: string) =>
      (value.match(/\d/g)?.length ?? 0) >= WHOLE_NUMBER_DIGITS ? `${name}[oculto]` : whole,
    );
}

export const requestLogSerializers = {
  req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string }) => ({
    id: req.id,
    method: req.method,
    url: maskRequestUrl(req.url),
    remoteAddress: req.remoteAddress,
  }),
  res: (res: { statusCode?: number | null }) => ({ statusCode: res.statusCode }),
};
