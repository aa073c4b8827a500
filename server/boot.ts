/** Builds a running web from its configuration: Redis (when set), the api client, the assets. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { createClient, type RedisClientType } from 'redis';
import { createWebApp } from './app.ts';
import { loadAssets, PUBLIC_DIR } from './assets.ts';
import { createApiHttp } from './backend/http.ts';
import { createRefreshCoordinator } from './backend/refresh-coordinator.ts';
import { memoryCepCache, redisCepCache } from './cep/cache.ts';
import { createCepLookup } from './cep/lookup.ts';
import type { CepProvider } from './cep/providers.ts';
import type { WebDeps } from './context.ts';
import type { WebEnv } from './env.ts';
import { createSessionStore, SESSION_PREFIX } from './middleware/session.ts';
import { memoryPrintLinks, redisPrintLinks } from './print/links.ts';
import { createRender } from './render.tsx';

export async function connectRedis(url: string, log: Logger): Promise<RedisClientType> {
  const client: RedisClientType = createClient({
    url,
    socket: { reconnectStrategy: (retries) => Math.min(retries * 200, 3_000), connectTimeout: 5_000 },
    // Fail a command at once while Redis is away (a clear 503 page) instead of queueing it forever.
    disableOfflineQueue: true,
  });
  let warned = false;
  client.on('error', (err) => {
    if (!warned) log.error({ err }, 'redis error');
    warned = true;
  });
  client.on('ready', () => {
    if (warned) log.info('redis is back');
    warned = false;
  });
  // A Redis down at start does not keep the web's port closed ("connection refused" at every counter):
  // after a short wait the web listens anyway, answering the clear 503 page wherever a session is needed
  // (the login page opens), and the client keeps reconnecting in the background.
  const connecting = client.connect();
  const connected = await Promise.race([
    connecting.then(() => true),
    new Promise<false>((resolve) => setTimeout(resolve, REDIS_START_WAIT_MS, false).unref()),
  ]);
  if (!connected) {
    connecting.catch(() => {});
    log.error(
      'redis unavailable at start: the web listens, and pages that need a session answer 503 until it is back',
    );
  }
  return client;
}

/** How long the web waits for Redis at start before listening without it. */
const REDIS_START_WAIT_MS = 5_000;

function cepProviders(env: WebEnv): CepProvider[] {
  const providers: CepProvider[] = [{ url: env.CEP_PROVIDER_URL, format: 'viacep' }];
  if (env.CEP_FALLBACK_URL) providers.push({ url: env.CEP_FALLBACK_URL, format: 'brasilapi' });
  return providers;
}

/**
 * The web app and what it holds open. `sessionPrefix` keeps a run's sessions apart in a shared Redis
 * (the tests give each web their own and remove it when done).
 */
/**
 * The shop's logo (SHOP_LOGO) is one of our own static files: a name typed wrong, or a file not copied into
 * public/, prints a broken image on every sheet. Said once at start, in the shop's words.
 */
function warnIfLogoMissing(logo: string, log: Logger) {
  if (!logo.startsWith('/static/')) return;
  const file = join(PUBLIC_DIR, decodeURIComponent(logo.slice('/static/'.length).split(/[?#]/)[0] ?? ''));
  if (!file.startsWith(PUBLIC_DIR) || !existsSync(file)) {
    log.warn(`SHOP_LOGO (${logo}) não existe em public/: as folhas impressas sairão sem o logo.`);
  }
}

export async function buildWeb(env: WebEnv, log: Logger, options: { sessionPrefix?: string } = {}) {
  warnIfLogoMissing(env.SHOP_LOGO, log);
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, log) : null;
  const http = createApiHttp(env.apiUrl, env.API_TIMEOUT_MS);
  const stopping = new AbortController();
  const deps: WebDeps = {
    env,
    http,
    coordinator: createRefreshCoordinator(60_000, redis),
    render: createRender(loadAssets()),
    log,
    redis,
    lookupCep: createCepLookup({
      providers: cepProviders(env),
      timeoutMs: env.CEP_TIMEOUT_MS,
      cache: redis ? redisCepCache(redis) : memoryCepCache(),
    }),
    printLinks: redis ? redisPrintLinks(redis) : memoryPrintLinks(),
    stopping: stopping.signal,
  };
  const sessionPrefix = options.sessionPrefix ?? SESSION_PREFIX;
  const sessionStore = createSessionStore(redis, log, sessionPrefix, env.REDIS_TIMEOUT_MS);
  const app = createWebApp(deps, sessionStore);
  return {
    app,
    deps,
    sessionStore,
    sessionPrefix,
    /** Before the server closes: long waits answer now instead of holding the stop for their 25 s. */
    beginStop: () => stopping.abort(),
    async close() {
      await http.close();
      if (redis?.isOpen) await redis.close();
    },
  };
}
