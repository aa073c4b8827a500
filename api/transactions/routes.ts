/**
 * The cash register: entries of a day or a period (whole or one page of it) and the period's totals by
 * type, manual entries (SPEC §7 Transactions; the paging and the summary: docs/decisions/011).
 */
import { Router } from 'express';
import { caller, requireAuth, requireManager } from '../auth/require-auth.ts';
import { ManagerConfirmation } from '../auth/schema.ts';
import type { ApiDeps } from '../context.ts';
import { parse } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { idParam } from '../http/values.ts';
import { expectedVersion } from '../http/versions.ts';
import { sendJsonArray } from './json-array.ts';
import { cashEntryJson } from './repository.ts';
import { cashSchemas, optionalConfirmation } from './schema.ts';
import * as cash from './service.ts';

/** A path id that cannot name an entry answers 404, like one that names none. */
function entryIdOf(param: unknown): number | null {
  const parsed = idParam().safeParse(param);
  return parsed.success ? parsed.data : null;
}

export function cashRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps);
  // Creates answer once per Idempotency-Key (a double submit opens what the first one made).
  const once = idempotent(deps);
  const { DayQuery, PeriodQuery, PeriodPageQuery, NewEntryBody, EditEntryBody } = cashSchemas(deps.shopTz);

  router.get('/transactions/day', signedIn, requireManager, async (req, res) => {
    const { date } = parse(DayQuery, req.query);
    await sendJsonArray(res, cash.between(deps, date, date), cashEntryJson);
  });

  router.get('/transactions/period', signedIn, requireManager, async (req, res) => {
    const { start_date, end_date, limit, offset } = parse(PeriodPageQuery, req.query);
    await sendJsonArray(res, cash.between(deps, start_date, end_date, { limit, offset }), cashEntryJson);
  });

  // Before any /transactions/:id route, so 'period' can never be read as an id.
  router.get('/transactions/period/summary', signedIn, requireManager, async (req, res) => {
    const { start_date, end_date } = parse(PeriodQuery, req.query);
    res.json(await cash.summary(deps, start_date, end_date));
  });

  router.post('/transactions', signedIn, once, requireManager, async (req, res) => {
    res.status(201).json(await cash.create(deps, caller(req), parse(NewEntryBody, req.body)));
  });

  router.put('/transactions/:id', signedIn, requireManager, async (req, res) => {
    const input = parse(EditEntryBody, req.body);
    const confirmation = optionalConfirmation(req.body);
    const id = entryIdOf(req.params.id);
    const expected = expectedVersion(req, input.version);
    res.json(await cash.update(deps, caller(req), id, input, confirmation, req.ip ?? '', expected));
  });

  router.delete('/transactions/:id', signedIn, async (req, res) => {
    const confirmation = parse(ManagerConfirmation, req.body);
    const reopened = await cash.remove(
      deps,
      caller(req),
      entryIdOf(req.params.id),
      confirmation,
      req.ip ?? '',
    );
    // An order's close entry reopened its order: the cash screen says so (decision 032).
    if (reopened) res.status(200).json({ reopened });
    else res.status(204).end();
  });

  return router;
}
