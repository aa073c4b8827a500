/** Parts orders and their upfront payment, close and cancel (SPEC §7). */
import { Router } from 'express';
import { caller, requireAuth } from '../auth/require-auth.ts';
import { ManagerConfirmation } from '../auth/schema.ts';
import type { ApiDeps } from '../context.ts';
import { notFound, parse } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { expectedVersion } from '../http/versions.ts';
import {
  CreateBody,
  cancelBody,
  closeBody,
  ListQuery,
  orderIdOf,
  updateBody,
  upfrontBody,
} from './schema.ts';
import * as orders from './service.ts';

/** A path id that cannot name an order answers 404, like one that names none. */
function idOrNotFound(param: unknown): number {
  const id = orderIdOf(param);
  if (id === null) throw notFound('Pedido não encontrado');
  return id;
}

export function partsOrderRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps);
  // Creates answer once per Idempotency-Key (a double submit opens what the first one made).
  const once = idempotent(deps);
  const UpdateBody = updateBody(deps.shopTz);
  const UpfrontBody = upfrontBody(deps.shopTz);
  const CloseBody = closeBody(deps.shopTz);
  const CancelBody = cancelBody(deps.shopTz);

  router.get('/orders', signedIn, async (req, res) => {
    res.json(await orders.list(deps, parse(ListQuery, req.query)));
  });

  router.post('/orders', signedIn, once, async (req, res) => {
    res.status(201).json(await orders.create(deps, caller(req), parse(CreateBody, req.body)));
  });

  router.get('/orders/:id', signedIn, async (req, res) => {
    res.json(await orders.get(deps, idOrNotFound(req.params.id)));
  });

  router.put('/orders/:id', signedIn, async (req, res) => {
    const id = idOrNotFound(req.params.id);
    const input = parse(UpdateBody, req.body);
    res.json(await orders.update(deps, caller(req), id, input, expectedVersion(req, input.version)));
  });

  router.delete('/orders/:id', signedIn, async (req, res) => {
    const confirmation = parse(ManagerConfirmation, req.body);
    await orders.remove(deps, caller(req), orderIdOf(req.params.id), confirmation, req.ip ?? '');
    res.status(204).end();
  });

  router.post('/transactions/upfront-payment/order', signedIn, once, async (req, res) => {
    res.status(201).json(await orders.upfrontPayment(deps, caller(req), parse(UpfrontBody, req.body)));
  });

  router.post('/transactions/close/order', signedIn, async (req, res) => {
    const input = parse(CloseBody, req.body);
    res.status(201).json(await orders.close(deps, caller(req), input, expectedVersion(req, input.version)));
  });

  router.post('/transactions/cancel/order', signedIn, async (req, res) => {
    res.status(201).json(await orders.cancel(deps, caller(req), parse(CancelBody, req.body), req.ip ?? ''));
  });

  return router;
}
