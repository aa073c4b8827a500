/**
 * express-session in Redis (connect-redis) when REDIS_URL is set, so any web instance serves any
 * session and sessions outlive a restart; else a bounded in-process store, with a warning.
 *
 * An idle session lasts SESSION_HOURS, and using it pushes that expiry forward. Not on every response,
 * though (that re-signs the cookie and writes the store each time): only once a twelfth of the lifetime
 * has passed since the last push, see docs/decisions/012-session-refresh-and-memory-caps.md.
 */
import { randomBytes } from 'node:crypto';
import { RedisStore } from 'connect-redis';
import type { Request, RequestHandler } from 'express';
import session, { type Store } from 'express-session';
import createMemoryStore from 'memorystore';
import type { Logger } from 'pino';
import type { RedisClientType } from 'redis';

export const SESSION_COOKIE = 'bancada.sid';
/** Where sessions are kept in Redis, each under `${SESSION_PREFIX}${id}`. */
export const SESSION_PREFIX = 'bancada:sess:';

/** The share of its lifetime a session uses up before a request pushes its expiry forward again. */
export const REFRESH_AFTER_SHARE = 1 / 12;

// Neither store extends a session on its own (express-session calls `touch` after every response): the
// expiry moves only when the session is saved, which refreshWhenDue() below arranges, so the store's TTL
// and the cookie's expiry agree.
export function createSessionStore(
  redis: RedisClientType | null,
  log: Logger,
  prefix = SESSION_PREFIX,
): Store {
  if (redis) return new RedisStore({ client: redis, prefix, disableTouch: true });
  log.warn('REDIS_URL não definida: sessões ficam na memória deste processo (perdidas ao reiniciar).');
  const MemoryStore = createMemoryStore(session);
  class MemoryStoreWithoutTouch extends MemoryStore {
    override touch(_sid: string, _session: session.SessionData, callback?: () => void): void {
      callback?.();
    }
  }
  return new MemoryStoreWithoutTouch({ checkPeriod: 10 * 60 * 1000, max: 10_000 });
}

/**
 * Pushes the expiry of a session in use forward once it has used up REFRESH_AFTER_SHARE of its
 * lifetime. The cookie's expiry as last saved tells how much is left (express-session moves it in memory
 * only when the response ends); changing the session's data is what makes express-session (rolling:
 * false, resave: false) save it with a new expiry, hence a new store TTL, and send the cookie again.
 * A session refreshed more recently than that costs neither a store write nor a cookie.
 */
function refreshWhenDue(req: Request, maxAgeMs: number): void {
  const left = req.session?.cookie.maxAge;
  if (typeof left === 'number' && left < maxAgeMs * (1 - REFRESH_AFTER_SHARE)) {
    req.session.refreshedAt = Date.now();
  }
}

export function sessionMiddleware(opts: {
  store: Store;
  secret: string | undefined;
  hours: number;
  log: Logger;
}): RequestHandler {
  let secret = opts.secret;
  if (!secret) {
    secret = randomBytes(32).toString('hex');
    opts.log.warn(
      'SESSION_SECRET não definida: usando um segredo aleatório (sessões não sobrevivem a reinício).',
    );
  }
  const maxAgeMs = opts.hours * 60 * 60 * 1000;
  const handler = session({
    name: SESSION_COOKIE,
    store: opts.store,
    secret,
    resave: false,
    saveUninitialized: false,
    // The expiry slides through refreshWhenDue(), not on every response.
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever the request came over TLS (directly or through a trusted proxy).
      secure: 'auto',
      maxAge: maxAgeMs,
    },
  });
  return (req, res, next) =>
    handler(req, res, (err?: unknown) => {
      if (err) return next(err);
      refreshWhenDue(req, maxAgeMs);
      next();
    });
}
