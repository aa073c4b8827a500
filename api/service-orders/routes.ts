/** Service orders of the three kinds and their upfront payment, close and cancel (SPEC §7). */
import { Router } from 'express';
import { z } from 'zod';
import { caller, requireAuth } from '../auth/require-auth.ts';
import { ManagerConfirmation } from '../auth/schema.ts';
import type { ApiDeps } from '../context.ts';
import { badRequest, issuesOf, notFound, parse } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { pagingOf } from '../http/paging.ts';
import { expectedVersion } from '../http/versions.ts';
import {
  listQuery,
  NumberQuery,
  pathId,
  SearchQuery,
  type ServiceOrderKind,
  serviceOrderSchemas,
} from './schema.ts';
import * as serviceOrders from './service.ts';

/** A return out of warranty carries a manager's credentials too (decision 020); others need none. */
const WarrantyConfirmationBody = z.object({
  confirm_username: z.string().max(200).optional(),
  confirm_password: z.string().max(200).optional(),
});

/** A query refused with its first message as the message ('Selecione um status para buscar'). */
function parseQuery<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const issues = issuesOf(result.error);
    throw badRequest(Object.values(issues)[0] ?? 'Dados inválidos', issues);
  }
  return result.data;
}

export function serviceOrderRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps);
  // Creates answer once per Idempotency-Key (a double submit opens what the first one made).
  const once = idempotent(deps);
  const schemas = serviceOrderSchemas(deps.shopTz);

  router.get('/service-orders', signedIn, async (req, res) => {
    const query = parseQuery(SearchQuery, req.query);
    const { number, text } = query;
    if (text !== undefined) {
      const found = await serviceOrders.search(deps, text);
      // Asked for a page: that slice of the (at most 500) matches and how many there are, so a page of
      // Consulta carries 50 rows, not 500.
      const paging = pagingOf(query);
      res.json(
        paging
          ? {
              items: found.slice(paging.offset, paging.offset + paging.limit),
              total: found.length,
              ...paging,
            }
          : found,
      );
      return;
    }
    res.json(await serviceOrders.list(deps, undefined, { number }));
  });

  const lists: Record<ServiceOrderKind, ReturnType<typeof listQuery>> = {
    normal: listQuery('normal'),
    returned: listQuery('returned'),
    external: listQuery('external'),
  };
  for (const kind of ['normal', 'returned', 'external'] as const) {
    router.get(`/service-orders/${kind}`, signedIn, async (req, res) => {
      const query = parseQuery(lists[kind], req.query);
      const paging = pagingOf(query);
      res.json(
        paging
          ? await serviceOrders.listPage(deps, kind, query, paging)
          : await serviceOrders.list(deps, kind, query),
      );
    });
    router.get(`/service-orders/${kind}/:id`, signedIn, async (req, res) => {
      res.json(await serviceOrders.get(deps, kind, pathId(req.params.id)));
    });
  }

  router.post('/service-orders/normal', signedIn, once, async (req, res) => {
    const input = parse(schemas.createNormal, req.body);
    res.status(201).json(await serviceOrders.createNormal(deps, caller(req), input));
  });
  router.post('/service-orders/returned', signedIn, once, async (req, res) => {
    const input = parse(schemas.createReturned, req.body);
    const confirmation = parse(WarrantyConfirmationBody, req.body);
    res
      .status(201)
      .json(await serviceOrders.createReturned(deps, caller(req), input, { confirmation, ip: req.ip ?? '' }));
  });
  router.post('/service-orders/external', signedIn, once, async (req, res) => {
    const input = parse(schemas.createExternal, req.body);
    res.status(201).json(await serviceOrders.createExternal(deps, caller(req), input));
  });

  // An id that cannot name an order is 404 before the body is even read, like an unknown one.
  router.put('/service-orders/normal/:id', signedIn, async (req, res) => {
    const id = pathId(req.params.id);
    if (id === null) throw notFoundOrder();
    const input = parse(schemas.updateNormal, req.body);
    res.json(
      await serviceOrders.updateNormal(deps, caller(req), id, input, expectedVersion(req, input.version)),
    );
  });
  router.put('/service-orders/returned/:id', signedIn, async (req, res) => {
    const id = pathId(req.params.id);
    if (id === null) throw notFoundOrder();
    const input = parse(schemas.updateReturned, req.body);
    res.json(
      await serviceOrders.updateReturned(deps, caller(req), id, input, expectedVersion(req, input.version)),
    );
  });
  router.put('/service-orders/external/:id', signedIn, async (req, res) => {
    const id = pathId(req.params.id);
    if (id === null) throw notFoundOrder();
    const input = parse(schemas.updateExternal, req.body);
    res.json(
      await serviceOrders.updateExternal(deps, caller(req), id, input, expectedVersion(req, input.version)),
    );
  });

  router.delete('/service-orders/:id', signedIn, async (req, res) => {
    const confirmation = parse(ManagerConfirmation, req.body);
    await serviceOrders.remove(deps, caller(req), pathId(req.params.id), confirmation, req.ip ?? '');
    res.status(204).end();
  });

  router.post('/transactions/upfront-payment/service-order', signedIn, once, async (req, res) => {
    const input = parse(schemas.upfrontPayment, req.body);
    res.status(201).json(await serviceOrders.upfrontPayment(deps, caller(req), input));
  });
  router.post('/transactions/close/service-order', signedIn, async (req, res) => {
    const input = parse(schemas.close, req.body);
    const expected = expectedVersion(req, input.version);
    res.status(201).json(await serviceOrders.close(deps, caller(req), input, expected));
  });
  router.post('/transactions/cancel/service-order', signedIn, async (req, res) => {
    const input = parse(schemas.cancel, req.body);
    res.status(201).json(await serviceOrders.cancel(deps, caller(req), input));
  });

  return router;
}

function notFoundOrder() {
  return notFound(serviceOrders.MESSAGES.notFound);
}
