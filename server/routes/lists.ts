/** The lists by status of SPEC §2: normal, returned and external service orders, and parts orders. */
import { Router } from 'express';
import type { WebDeps } from '../context.ts';

export function listRoutes(_deps: WebDeps): Router {
  return Router();
}
