/** What every api area is handed: the database, signing keys, the login brake and the shop's settings. */
import type { Logger } from 'pino';
import type { LoginLimiter } from './auth/login-limiter.ts';
import type { TokenKeys } from './auth/tokens.ts';
import type { Db, DbKind } from './db/connect.ts';

export type ApiDeps = {
  db: Db;
  dbKind: DbKind;
  keys: TokenKeys;
  limiter: LoginLimiter;
  log: Logger;
  shopTz: string;
  /** Aborted when the process begins to stop: a long wait (a print server's poll) answers at once. */
  stopping: AbortSignal;
};
