/** /healthz: the process answers. /readyz: it can reach the api and, when configured, Redis. */
import { Router } from 'express';
import type { WebDeps } from '../context.ts';

export function healthRoutes(deps: WebDeps): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const checks: Record<string, 'ok' | 'down'> = {};
    try {
      const api = await deps.http.send('GET', 'healthz');
      checks.api = api.status === 200 ? 'ok' : 'down';
    } catch {
      checks.api = 'down';
    }
    if (deps.redis) {
      try {
        checks.redis = deps.redis.isReady && (await deps.redis.ping()) === 'PONG' ? 'ok' : 'down';
      } catch {
        checks.redis = 'down';
      }
    }
    const ok = Object.values(checks).every((c) => c === 'ok');
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'error', ...checks });
  });
  return router;
}
