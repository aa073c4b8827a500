/** Caixa do dia and Caixa por período, behind a manager's unlock (SPEC §2). */
import { Router } from 'express';
import type { WebDeps } from '../context.ts';

export function cashRoutes(_deps: WebDeps): Router {
  return Router();
}
