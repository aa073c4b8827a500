/**
 * express-session in Redis (connect-redis) when REDIS_URL is set, so any web instance serves any
 * session and sessions outlive a restart; else a bounded in-process store, with a warning.
 */
import { randomBytes } from 'node:crypto';
import { RedisStore } from 'connect-redis';
import type { RequestHandler } from 'express';
import session, { type Store } from 'express-session';
import createMemoryStore from 'memorystore';
import type { Logger } from 'pino';
import type { RedisClientType } from 'redis';

export const SESSION_COOKIE = 'bancada.sid';

export function createSessionStore(redis: RedisClientType | null, log: Logger): Store {
  if (redis) return new RedisStore({ client: redis, prefix: 'bancada:sess:' });
  log.warn('REDIS_URL não definida: sessões ficam na memória deste processo (perdidas ao reiniciar).');
  const MemoryStore = createMemoryStore(session);
  return new MemoryStore({ checkPeriod: 10 * 60 * 1000, max: 10_000 });
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
  return session({
    name: SESSION_COOKIE,
    store: opts.store,
    secret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever the request came over TLS (directly or through a trusted proxy).
      secure: 'auto',
      maxAge: opts.hours * 60 * 60 * 1000,
    },
  });
}
