/**
 * Synchroniser-token CSRF (csrf-sync): forms carry the token as `_csrf`.
 *
 * Where the token is kept depends on who asks. A signed-in session keeps it in the session, as before.
 * Anyone else (the login page) gets it in a cookie of its own, signed with an HMAC of the session secret,
 * so an anonymous visit stores nothing on the server: a flood of anonymous requests cannot fill the
 * session store or evict the people signed in (decision 019). The cookie is HttpOnly and SameSite=Lax;
 * a forged request carries neither a valid cookie nor the page's token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { csrfSync } from 'csrf-sync';
import type { Request } from 'express';

export const ANONYMOUS_CSRF_COOKIE = 'bancada.csrf';

/** The key signing anonymous tokens: the app's session secret (app.locals.csrfKey), else one per process. */
const processKey = randomBytes(32);
const keyOf = (req: Request): string | Buffer => {
  const key = (req.app?.locals as { csrfKey?: unknown } | undefined)?.csrfKey;
  return typeof key === 'string' && key ? key : processKey;
};

const signatureOf = (req: Request, token: string) =>
  createHmac('sha256', keyOf(req)).update(`csrf:${token}`).digest('base64url');

function cookieValue(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === ANONYMOUS_CSRF_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

type WithAnonymousToken = Request & { anonymousCsrf?: string };

function anonymousToken(req: WithAnonymousToken): string | undefined {
  if (req.anonymousCsrf) return req.anonymousCsrf;
  const [token, signature] = (cookieValue(req) ?? '').split('.');
  if (!token || !signature) return undefined;
  const expected = Buffer.from(signatureOf(req, token));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? token : undefined;
}

/**
 * Pages go compressed (page-compression.ts), and a secret that sits unchanged in compressed pages beside
 * text an attacker can make the page repeat leaks through the pages' sizes (BREACH). So a page never
 * carries the token itself: each render writes it XORed with fresh random bytes, the bytes first
 * (`m.` + base64url), and the server takes the mask off what comes back.
 */
const MASKED = 'm.';

function xor(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) ^ (b[i] as number);
  return out;
}

function masked(token: string): string {
  const plain = Buffer.from(token);
  const mask = randomBytes(plain.length);
  return MASKED + Buffer.concat([mask, xor(plain, mask)]).toString('base64url');
}

function unmasked(given: string): string {
  if (!given.startsWith(MASKED)) return given;
  const bytes = Buffer.from(given.slice(MASKED.length), 'base64url');
  const half = bytes.length / 2;
  if (!Number.isInteger(half)) return '';
  return xor(bytes.subarray(half), bytes.subarray(0, half)).toString();
}

const sync = csrfSync({
  size: 32,
  getTokenFromRequest: (req) => {
    const fromBody = (req.body as { _csrf?: unknown } | undefined)?._csrf;
    if (typeof fromBody === 'string') return unmasked(fromBody);
    const header = req.headers['x-csrf-token'];
    return typeof header === 'string' ? unmasked(header) : undefined;
  },
  getTokenFromState: (req) => (req.session?.auth ? req.session.csrfToken : anonymousToken(req)),
  storeTokenInState: (req, token) => {
    if (req.session?.auth) {
      req.session.csrfToken = token;
      return;
    }
    const anonymous = req as WithAnonymousToken;
    if (!token) {
      delete anonymous.anonymousCsrf;
      req.res?.clearCookie(ANONYMOUS_CSRF_COOKIE, { path: '/' });
      return;
    }
    anonymous.anonymousCsrf = token;
    req.res?.cookie(ANONYMOUS_CSRF_COOKIE, `${token}.${signatureOf(req, token)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
    });
  },
});

export const { csrfSynchronisedProtection } = sync;

/** The token as a page writes it: masked anew on every call (the state keeps the plain one). */
export const generateToken = (req: Request): string => masked(sync.generateToken(req));
