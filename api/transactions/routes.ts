/** The cash register: entries of a day or a period, manual entries (SPEC §7 Transactions). */
import { Router } from 'express';
import type { ApiDeps } from '../context.ts';

export function cashRoutes(_deps: ApiDeps): Router {
  return Router();
}
