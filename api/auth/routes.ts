import { Router } from 'express';
import type { ApiDeps } from '../context.ts';
import { parse } from '../http/errors.ts';
import { LoginBody, RefreshBody } from './schema.ts';
import * as auth from './service.ts';

/** Reads "Refresh <token>" (SPEC §7) or a bare token from a header. */
function headerToken(value: string | undefined, scheme?: string): string | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (scheme && text.toLowerCase().startsWith(`${scheme.toLowerCase()} `))
    return text.slice(scheme.length + 1).trim();
  return scheme ? undefined : text;
}

export function authRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.post('/sessions', async (req, res) => {
    const body = parse(LoginBody, req.body);
    res.json(await auth.login(deps, body.username, body.password, req.ip ?? ''));
  });

  router.post('/sessions/refresh', async (req, res) => {
    const body = parse(RefreshBody, req.body);
    const token = body.refresh_token ?? headerToken(req.get('authorization'), 'Refresh');
    res.json(await auth.refresh(deps, token, req.ip ?? ''));
  });

  // Always 204: signing out must never fail for the person at the counter.
  router.post('/sessions/logout', async (req, res) => {
    const fromBody = typeof req.body?.refresh_token === 'string' ? req.body.refresh_token : undefined;
    const token = fromBody ?? headerToken(req.get('x-refresh-token'));
    try {
      await auth.logout(deps, token);
    } catch (err) {
      req.log.warn({ err }, 'logout could not revoke');
    }
    res.status(204).end();
  });

  return router;
}
