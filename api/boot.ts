/** Builds a running api from its configuration: database, migrations, first manager, keys. */
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { createApiApp } from './app.ts';
import { createLoginLimiter } from './auth/login-limiter.ts';
import type { ApiDeps } from './context.ts';
import { connectDatabase, type DbOptions } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startUpkeep } from './db/upkeep.ts';
import type { ApiEnv } from './env.ts';
import { type FirstManager, seedFirstManager } from './seed.ts';
import { jwtSecret } from './settings.ts';

export type BuiltApi = {
  app: ReturnType<typeof createApiApp>;
  deps: ApiDeps;
  firstManager: FirstManager | null;
  /** Before the server closes: long waits answer now instead of holding the stop for their 25 s. */
  beginStop: () => void;
  close: () => Promise<void>;
};

export function dbOptionsFrom(env: ApiEnv): DbOptions {
  return env.DATABASE_URL
    ? {
        kind: 'postgres',
        url: env.DATABASE_URL,
        queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
        ...(env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {}),
      }
    : { kind: 'pglite', dataDir: resolve(env.DATA_DIR, 'pglite') };
}

export async function buildApi(
  env: ApiEnv,
  log: Logger,
  dbOptions: DbOptions = dbOptionsFrom(env),
): Promise<BuiltApi> {
  const { db, kind, close } = await connectDatabase(dbOptions);
  await migrateToLatest(db);
  const firstManager = await seedFirstManager(db, {
    username: env.ADMIN_USERNAME,
    password: env.ADMIN_PASSWORD,
  });
  const stopping = new AbortController();
  const deps: ApiDeps = {
    db,
    dbKind: kind,
    keys: { secret: await jwtSecret(db, env.JWT_SECRET) },
    limiter: createLoginLimiter(db),
    log,
    shopTz: env.SHOP_TZ,
    stopping: stopping.signal,
  };
  // PostgreSQL has its autovacuum; PGlite has none (api/db/upkeep.ts).
  const upkeep = kind === 'pglite' ? startUpkeep(db, log) : null;
  return {
    app: createApiApp(deps, { webSecret: env.WEB_API_SECRET }),
    deps,
    firstManager,
    beginStop: () => stopping.abort(),
    async close() {
      await upkeep?.stop();
      await close();
    },
  };
}

export function announceFirstManager(first: FirstManager | null): void {
  if (!first) return;
  const lines = first.generated
    ? [
        'Primeiro acesso: gerente criado.',
        `  Usuário: ${first.username}`,
        `  Senha:   ${first.password}`,
        '  Esta senha também é a senha de administrador (criar gerentes). Ela não será mostrada de novo.',
      ]
    : [`Primeiro acesso: gerente "${first.username}" criado com a senha de ADMIN_PASSWORD.`];
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}
