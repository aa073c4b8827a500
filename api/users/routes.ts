import { Router } from 'express';
import { caller, requireAuth, requireManager } from '../auth/require-auth.ts';
import type { ApiDeps } from '../context.ts';
import { parse } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { CreateEmployeeBody, CreateManagerBody, ProfileBody } from './schema.ts';
import * as users from './service.ts';

export function userRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps);
  // Creates answer once per Idempotency-Key (a double submit opens what the first one made).
  const once = idempotent(deps);

  router.get('/profile/me', signedIn, async (req, res) => {
    res.json(await users.me(deps, caller(req)));
  });

  router.put('/profile', signedIn, async (req, res) => {
    res.json(await users.updateProfile(deps, caller(req), parse(ProfileBody, req.body), req.ip ?? ''));
  });

  router.post('/users', signedIn, once, requireManager, async (req, res) => {
    const body = parse(CreateManagerBody, req.body);
    res.status(201).json(await users.createManager(deps, caller(req), body, req.ip ?? ''));
  });

  router.post('/employees', signedIn, once, requireManager, async (req, res) => {
    res.status(201).json(await users.createEmployee(deps, caller(req), parse(CreateEmployeeBody, req.body)));
  });

  return router;
}
