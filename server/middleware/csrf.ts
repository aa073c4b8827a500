/** Synchroniser-token CSRF (csrf-sync): the token lives in the session, forms carry it as `_csrf`. */
import { csrfSync } from 'csrf-sync';

export const { csrfSynchronisedProtection, generateToken } = csrfSync({
  size: 32,
  getTokenFromRequest: (req) => {
    const fromBody = (req.body as { _csrf?: unknown } | undefined)?._csrf;
    if (typeof fromBody === 'string') return fromBody;
    const header = req.headers['x-csrf-token'];
    return typeof header === 'string' ? header : undefined;
  },
});
