/** What every web route is handed, and the api client bound to each request's session. */
import type { Logger } from 'pino';
import type { RedisClientType } from 'redis';
import type { Backend } from './backend/client.ts';
import type { ApiHttp } from './backend/http.ts';
import type { RefreshCoordinator } from './backend/refresh-coordinator.ts';
import type { CepLookup } from './cep/lookup.ts';
import type { WebEnv } from './env.ts';
import type { PrintLinks } from './print/links.ts';
import type { Render } from './render.tsx';

export type WebDeps = {
  env: WebEnv;
  http: ApiHttp;
  coordinator: RefreshCoordinator;
  render: Render;
  log: Logger;
  redis: RedisClientType | null;
  lookupCep: CepLookup;
  printLinks: PrintLinks;
  /** Aborted when the process begins to stop: a long wait (a print server's poll) ends at once. */
  stopping: AbortSignal;
};

declare global {
  namespace Express {
    interface Request {
      /** The api, as this request's signed-in session sees it. */
      api: Backend;
    }
  }
}
