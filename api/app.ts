/** createApiApp(deps) -> the Express app, without listen, so tests mount it as it runs. */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { pinoHttp } from 'pino-http';
import { requestLogSerializers } from '../runtime/logger.ts';
import { clientAddress } from './auth/client-address.ts';
import { authRoutes } from './auth/routes.ts';
import { clientRoutes } from './clients/routes.ts';
import type { ApiDeps } from './context.ts';
import { ping } from './db/connect.ts';
import { badRequest, errorHandler, notFoundHandler } from './http/errors.ts';
import { invisibleIssues } from './http/fields.ts';
import { orderHistoryRoutes } from './order-history/routes.ts';
import { partsOrderRoutes } from './orders/routes.ts';
import { printerRoutes } from './printers/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { serviceOrderRoutes } from './service-orders/routes.ts';
import { shopSettingsRoutes } from './shop-settings/routes.ts';
import { statusLinkRoutes } from './status-links/routes.ts';
import { cashRoutes } from './transactions/routes.ts';
import { userRoutes } from './users/routes.ts';
import { staffRoutes } from './users/staff.ts';
import { warrantyRoutes } from './warranty/routes.ts';

export function createApiApp(
  deps: ApiDeps,
  options: { webSecret?: string | undefined } = {},
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETags: every answer is fresh data the web asks for again, never with If-None-Match, so hashing
  // each JSON body (SHA-1 over up to tens of kilobytes) would be work for nothing.
  app.set('etag', false);
  // No forwarded header is believed; the web's relayed client address comes through clientAddress().
  app.set('trust proxy', false);
  app.use(clientAddress(options.webSecret));

  app.use(
    pinoHttp({
      logger: deps.log,
      serializers: requestLogSerializers,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );
  app.use(express.json({ limit: '200kb' }));

  // Invisible, bidi and control characters (a NUL, which PostgreSQL cannot store in text, among them) are
  // refused in every text field, each named (http/fields.ts): bad input (400), never a 500.
  app.use((req, _res, next) => {
    const issues = invisibleIssues(req.body);
    if (Object.keys(issues).length > 0) throw badRequest('Dados inválidos', issues);
    next();
  });

  // Nor in a query: a NUL (only ever sent as %00) is bad input, refused before it reaches SQL as a 500.
  app.use((req, _res, next) => {
    const query = req.url.indexOf('?');
    if (query >= 0 && /%00/i.test(req.url.slice(query))) throw badRequest('Texto inválido: caractere nulo');
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await ping(deps.db);
      res.json({ status: 'ok', database: deps.dbKind });
    } catch {
      res.status(503).json({ status: 'error', message: 'Banco de dados indisponível' });
    }
  });

  app.use(authRoutes(deps));
  app.use(userRoutes(deps));
  app.use(staffRoutes(deps));
  app.use(clientRoutes(deps));
  app.use(serviceOrderRoutes(deps));
  app.use(partsOrderRoutes(deps));
  app.use(cashRoutes(deps));
  app.use(printerRoutes(deps));
  app.use(reportRoutes(deps));
  app.use(statusLinkRoutes(deps));
  app.use(shopSettingsRoutes(deps));
  app.use(warrantyRoutes(deps));
  app.use(orderHistoryRoutes(deps));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
