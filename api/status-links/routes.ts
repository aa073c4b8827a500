/**
 * Status links (beyond SPEC §7, decision 020): staff read and renew an order's link; the public view is
 * the one route of the api with no token, and answers only by the link's secret.
 */
import { Router } from 'express';
import { caller, requireAuth } from '../auth/require-auth.ts';
import type { ApiDeps } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { pathId } from '../service-orders/schema.ts';
import { currentLink, NOT_FOUND, publicStatus, renewLink } from './service.ts';

export const ENTITY_SEGMENTS = [
  ['service-order', 'service_order'],
  ['order', 'order'],
] as const;

export function statusLinkRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps);

  router.get('/status-links/public/:token', async (req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json(await publicStatus(deps, String(req.params.token ?? '')));
  });

  for (const [segment, entity] of ENTITY_SEGMENTS) {
    router.get(`/status-links/${segment}/:id`, signedIn, async (req, res) => {
      const id = pathId(req.params.id);
      if (id === null) throw notFound(NOT_FOUND);
      res.json(await currentLink(deps, caller(req), entity, id));
    });
    router.post(`/status-links/${segment}/:id/renew`, signedIn, async (req, res) => {
      const id = pathId(req.params.id);
      if (id === null) throw notFound(NOT_FOUND);
      res.status(201).json(await renewLink(deps, caller(req), entity, id));
    });
  }
  return router;
}
