/** Service orders of the three kinds and their upfront payment, close and cancel (SPEC §7). */
import { Router } from 'express';
import type { ApiDeps } from '../context.ts';

export function serviceOrderRoutes(_deps: ApiDeps): Router {
  return Router();
}
