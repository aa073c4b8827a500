/** createWebApp(deps) -> the Express app, no listen (supertest imports it). */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import type { Store } from 'express-session';
import { pinoHttp } from 'pino-http';
import { requestLogSerializers } from '../runtime/logger.ts';
import { PROJECT_ROOT } from '../runtime/paths.ts';
import { BUILD_DIR, PUBLIC_DIR } from './assets.ts';
import { backendFor } from './backend/client.ts';
import type { WebDeps } from './context.ts';
import { trustProxySetting } from './env.ts';
import { requireSignedIn } from './middleware/auth-guard.ts';
import { csrfSynchronisedProtection } from './middleware/csrf.ts';
import { errorHandler, notFound, SessionUnavailable } from './middleware/errors.ts';
import { security } from './middleware/security.ts';
import { sessionMiddleware } from './middleware/session.ts';
import { authRoutes } from './routes/auth.ts';
import { cashRoutes } from './routes/cash.ts';
import { clientRoutes } from './routes/clients.ts';
import { consultaRoutes } from './routes/consulta.ts';
import { healthRoutes } from './routes/health.ts';
import { listRoutes } from './routes/lists.ts';
import { openOrderRoutes } from './routes/open-orders.ts';
import { partsOrderRoutes } from './routes/parts-orders.ts';
import { printLinkRoute, printRoutes } from './routes/print.ts';
import { serviceOrderRoutes } from './routes/service-orders.ts';
import { settingsRoutes } from './routes/settings.ts';
import { sessionTokenHolder } from './session-tokens.ts';
import './session-data.ts';

const FONTS_DIR = join(PROJECT_ROOT, 'node_modules', '@fontsource', 'roboto-slab', 'files');

export function createWebApp(deps: WebDeps, sessionStore: Store): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Pages are no-store: hashing every body for an ETag would be work for nothing (npm run bench).
  app.set('etag', false);
  app.set('trust proxy', trustProxySetting(deps.env.TRUST_PROXY));

  app.use(
    pinoHttp({
      logger: deps.log,
      serializers: requestLogSerializers,
      genReqId: () => randomUUID(),
      autoLogging: { ignore: (req) => /^\/(static|build|fonts)\/|^\/(healthz|readyz)$/.test(req.url ?? '') },
    }),
  );
  app.use(security());

  const year = { maxAge: '365d', immutable: true, index: false } as const;
  app.use('/build', express.static(BUILD_DIR, year));
  app.use('/fonts', express.static(FONTS_DIR, year));
  app.use('/static', express.static(PUBLIC_DIR, { maxAge: '1d', index: false }));
  app.use(healthRoutes(deps));

  app.use(express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 200 }));
  const session = sessionMiddleware({
    store: sessionStore,
    secret: deps.env.SESSION_SECRET,
    hours: deps.env.SESSION_HOURS,
    log: deps.log,
  });
  const sessionOrUnavailable: RequestHandler = (req, res, next) =>
    session(req, res, (err?: unknown) => next(err ? new SessionUnavailable(err) : undefined));
  app.use(sessionOrUnavailable);
  app.use(csrfSynchronisedProtection);
  app.use((req, _res, next) => {
    req.api = backendFor(deps.http, deps.coordinator, sessionTokenHolder(req), String(req.id));
    next();
  });

  app.use(authRoutes(deps));
  app.use(printLinkRoute(deps));
  app.use(requireSignedIn);
  app.use(printRoutes(deps));
  app.use(settingsRoutes(deps));
  app.use(consultaRoutes(deps));
  app.use(clientRoutes(deps));
  app.use(openOrderRoutes(deps));
  app.use(serviceOrderRoutes(deps));
  app.use(partsOrderRoutes(deps));
  app.use(listRoutes(deps));
  app.use(cashRoutes(deps));

  app.use(notFound(deps));
  app.use(errorHandler(deps));
  return app;
}
