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
import { LRUCache } from 'lru-cache';
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
  timeoutMs = 3_000,
): Store {
  return new SignedInOnlyStore(sharedStore(redis, log, prefix), timeoutMs);
}

function sharedStore(redis: RedisClientType | null, log: Logger, prefix: string): Store {
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

/** Sessions of nobody signed in kept in this process: at most this many, each for ANONYMOUS_MINUTES. */
const ANONYMOUS_MAX = 5_000;
const ANONYMOUS_MINUTES = 10;

/**
 * Only signed-in sessions reach the shared store (decision 019). A session of nobody signed in holds at
 * most a toast ('Sua sessão expirou…') on its way to the login page: it is kept a few minutes in a small
 * in-process LRU instead, so anonymous traffic, however much of it, neither adds keys to Redis nor
 * evicts the people signed in from the capped in-process store. (The login page's CSRF token is not in
 * the session at all: middleware/csrf.ts.) With several webs an anonymous toast may be lost when the
 * next request lands on another web; nothing else is.
 */
export class SignedInOnlyStore extends session.Store {
  private readonly anonymous = new LRUCache<string, string>({
    max: ANONYMOUS_MAX,
    ttl: ANONYMOUS_MINUTES * 60_000,
  });

  constructor(
    readonly shared: Store,
    private readonly timeoutMs = 3_000,
  ) {
    super();
  }

  /**
   * A store that does not answer (Redis stalled: packets dropped, the socket still open) fails the
   * request after timeoutMs: the clear 503 page, not a page hanging as long as the stall lasts. A late
   * answer is dropped; the next request asks again, so service comes back with Redis, no restart.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the store's callbacks differ in what follows the error
  private inTime(callback: ((err?: any, ...rest: any[]) => void) | undefined) {
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      callback?.(new Error(`session store did not answer in ${this.timeoutMs} ms`));
    }, this.timeoutMs);
    return (err?: unknown, ...rest: unknown[]) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      callback?.(err, ...rest);
    };
  }

  override get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    const kept = this.anonymous.get(sid);
    if (kept) callback(null, JSON.parse(kept) as session.SessionData);
    else this.shared.get(sid, this.inTime(callback));
  }

  override set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    if (data.auth) {
      this.anonymous.delete(sid);
      this.shared.set(sid, data, this.inTime(callback));
      return;
    }
    this.anonymous.set(sid, JSON.stringify(data));
    // Signed out in place (auth removed): the shared copy, which still holds tokens, goes.
    this.shared.destroy(sid, this.inTime(callback));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.anonymous.delete(sid);
    this.shared.destroy(sid, this.inTime(callback));
  }

  override touch(sid: string, data: session.SessionData, callback?: () => void): void {
    if (data.auth && this.shared.touch) this.shared.touch(sid, data, callback);
    else callback?.();
  }

  override length(callback: (err: unknown, length?: number) => void): void {
    if (this.shared.length) this.shared.length(callback);
    else callback(null, 0);
  }
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
