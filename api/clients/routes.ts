import { Router } from 'express';
import { caller, requireAuth } from '../auth/require-auth.ts';
import { ManagerConfirmation } from '../auth/schema.ts';
import type { ApiDeps } from '../context.ts';
import { notFound, parse } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { pagingOf } from '../http/paging.ts';
import { expectedVersion } from '../http/versions.ts';
import { ClientBody, ClientEditBody, clientIdOf, SearchQuery } from './schema.ts';
import * as clients from './service.ts';

/** A path id that cannot name a client answers 404, like one that names none. */
function idOrNotFound(param: unknown): number {
  const id = clientIdOf(param);
  if (id === null) throw notFound('Cliente não encontrado');
  return id;
}

export function clientRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps);
  // Creates answer once per Idempotency-Key (a double submit opens what the first one made).
  const once = idempotent(deps);

  router.get('/clients', signedIn, async (req, res) => {
    const query = parse(SearchQuery, req.query);
    res.json(await clients.search(deps, query.filter, pagingOf(query)));
  });

  router.post('/clients', signedIn, once, async (req, res) => {
    const input = parse(ClientBody, req.body);
    const reuse = (req.body as Record<string, unknown> | undefined)?.[clients.REUSE_FIELD] === true;
    res.status(201).json(await clients.create(deps, caller(req), input, reuse));
  });

  router.get('/clients/:id', signedIn, async (req, res) => {
    res.json(await clients.get(deps, idOrNotFound(req.params.id), req.query.ordens === 'todas'));
  });

  router.put('/clients/:id', signedIn, async (req, res) => {
    const id = idOrNotFound(req.params.id);
    const { version, ...input } = parse(ClientEditBody, req.body);
    res.json(await clients.update(deps, caller(req), id, input, expectedVersion(req, version)));
  });

  router.delete('/clients/:id', signedIn, async (req, res) => {
    const confirmation = parse(ManagerConfirmation, req.body);
    await clients.remove(deps, caller(req), clientIdOf(req.params.id), confirmation, req.ip ?? '');
    res.status(204).end();
  });

  return router;
}
