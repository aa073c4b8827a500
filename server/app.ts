/** createWebApp(deps) -> the Express app, no listen (supertest imports it). */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import type { Store } from 'express-session';
import expressStaticGzip from 'express-static-gzip';
import { pinoHttp } from 'pino-http';
import { requestLogSerializers } from '../runtime/logger.ts';
import { PROJECT_ROOT } from '../runtime/paths.ts';
import { BUILD_DIR, PUBLIC_DIR } from './assets.ts';
import { backendFor } from './backend/client.ts';
import { forClient } from './backend/http.ts';
import type { WebDeps } from './context.ts';
import { trustProxySetting } from './env.ts';
import { requireSignedIn } from './middleware/auth-guard.ts';
import { csrfSynchronisedProtection } from './middleware/csrf.ts';
import { errorHandler, notFound, SessionUnavailable } from './middleware/errors.ts';
import { security } from './middleware/security.ts';
import { sessionMiddleware } from './middleware/session.ts';
import { shedLoad } from './middleware/shed-load.ts';
import { authRoutes } from './routes/auth.ts';
import { cashRoutes } from './routes/cash.ts';
import { cashReportRoutes } from './routes/cash-report.ts';
import { clientSideRoutes } from './routes/client-side.ts';
import { clientSideSettingsRoutes } from './routes/client-side-settings.ts';
import { clientRoutes } from './routes/clients.ts';
import { consultaRoutes } from './routes/consulta.ts';
import { healthRoutes } from './routes/health.ts';
import { listRoutes } from './routes/lists.ts';
import { openOrderRoutes } from './routes/open-orders.ts';
import { painelRoutes } from './routes/painel.ts';
import { partsOrderRoutes } from './routes/parts-orders.ts';
import { printLinkRoute, printRoutes } from './routes/print.ts';
import { printQueueDoor } from './routes/print-queue.ts';
import { printSendRoutes } from './routes/print-send.ts';
import { printerSettingsRoutes } from './routes/printers.ts';
import { serviceOrderRoutes } from './routes/service-orders.ts';
import { settingsRoutes } from './routes/settings.ts';
import { staffRoutes } from './routes/staff.ts';
import { statusPageRoutes } from './routes/status-page.ts';
import { sessionTokenHolder } from './session-tokens.ts';
import './session-data.ts';

const FONTS_DIR = join(PROJECT_ROOT, 'node_modules', '@fontsource', 'roboto-slab', 'files');

export function createWebApp(deps: WebDeps, sessionStore: Store): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Pages are no-store (create forms: private, no-cache, for Back only): an ETag would hash every body
  // for nothing (npm run bench).
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
  // Scripts and stylesheets go compressed when the browser takes it: the .br/.gz copies are made at
  // build (scripts/compress-assets.mjs), so no request pays for compressing. Fonts are woff2 already.
  const precompressed = { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false };
  app.use('/build', expressStaticGzip(BUILD_DIR, { ...precompressed, serveStatic: year }));
  app.use('/fonts', express.static(FONTS_DIR, year));
  app.use(
    '/static',
    expressStaticGzip(PUBLIC_DIR, { ...precompressed, serveStatic: { maxAge: '1d', index: false } }),
  );
  app.use(healthRoutes(deps));
  app.use(shedLoad(deps.env.WEB_MAX_IN_FLIGHT));
  // The print server's door: its device key, no session, no CSRF (it posts JSON, never a form).
  app.use(printQueueDoor(deps));

  // The client's status page: before the session, so it neither reads nor sets a cookie (decision 020).
  app.use(statusPageRoutes(deps));

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
  // Signs the login page's CSRF cookie (middleware/csrf.ts): the same on every web sharing SESSION_SECRET.
  if (deps.env.SESSION_SECRET) app.locals.csrfKey = deps.env.SESSION_SECRET;
  app.use(csrfSynchronisedProtection);
  app.use((req, _res, next) => {
    req.api = backendFor(
      forClient(deps.http, req.ip, deps.env.WEB_API_SECRET),
      deps.coordinator,
      sessionTokenHolder(req),
      String(req.id),
    );
    next();
  });

  app.use(authRoutes(deps));
  app.use(printLinkRoute(deps));
  app.use(requireSignedIn(deps));
  app.use(painelRoutes(deps));
  app.use(printRoutes(deps));
  app.use(printSendRoutes(deps));
  app.use(printerSettingsRoutes(deps));
  app.use(staffRoutes(deps));
  app.use(settingsRoutes(deps));
  app.use(consultaRoutes(deps));
  app.use(clientRoutes(deps));
  app.use(openOrderRoutes(deps));
  app.use(serviceOrderRoutes(deps));
  app.use(clientSideRoutes(deps));
  app.use(clientSideSettingsRoutes(deps));
  app.use(partsOrderRoutes(deps));
  app.use(listRoutes(deps));
  app.use(cashRoutes(deps));
  app.use(cashReportRoutes(deps));

  app.use(notFound(deps));
  app.use(errorHandler(deps));
  return app;
}
