/** Parts orders and their upfront payment, close and cancel (SPEC §7). */
import { Router } from 'express';
import type { ApiDeps } from '../context.ts';

export function partsOrderRoutes(_deps: ApiDeps): Router {
  return Router();
}
