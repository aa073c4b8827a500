/** GET /order-history/{service-order|order}/{id} and POST …/events: beyond SPEC §7 (decision 020). */
import { Router } from 'express';
import { caller, requireAuth } from '../auth/require-auth.ts';
import type { ApiDeps } from '../context.ts';
import { notFound, parse } from '../http/errors.ts';
import { pathId } from '../service-orders/schema.ts';
import { ENTITY_SEGMENTS } from '../status-links/routes.ts';
import { HistoryEventBody } from './schema.ts';
import { orderHistory, recordEvent } from './service.ts';

export function orderHistoryRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps);
  for (const [segment, entity] of ENTITY_SEGMENTS) {
    router.get(`/order-history/${segment}/:id`, signedIn, async (req, res) => {
      const id = pathId(req.params.id);
      if (id === null) throw notFound('Pedido não encontrado');
      res.json(await orderHistory(deps, entity, id));
    });
    router.post(`/order-history/${segment}/:id/events`, signedIn, async (req, res) => {
      const id = pathId(req.params.id);
      if (id === null) throw notFound('Pedido não encontrado');
      await recordEvent(deps, caller(req), entity, id, parse(HistoryEventBody, req.body));
      res.status(204).end();
    });
  }
  return router;
}
