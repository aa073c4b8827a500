/** GET /warranty/service-order/{id} and /warranty/order/{id}: beyond SPEC §7 (decision 020). */
import { Router } from 'express';
import { requireAuth } from '../auth/require-auth.ts';
import type { ApiDeps } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { pathId } from '../service-orders/schema.ts';
import { orderClock } from './service.ts';

export function warrantyRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps);
  for (const [segment, entity] of [
    ['service-order', 'service_order'],
    ['order', 'order'],
  ] as const) {
    router.get(`/warranty/${segment}/:id`, signedIn, async (req, res) => {
      const id = pathId(req.params.id);
      if (id === null) throw notFound('Pedido não encontrado');
      res.json(await orderClock(deps, entity, id));
    });
  }
  return router;
}
