/** The service order detail (/os/{id}) with its actions, and the edit screens (SPEC §2). */
import { Router } from 'express';
import type { WebDeps } from '../context.ts';

export function serviceOrderRoutes(_deps: WebDeps): Router {
  return Router();
}
