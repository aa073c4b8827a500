/** Abrir Pedido, the parts order detail (/pedido/{id}) with its actions, and Editar Pedido (SPEC §2). */
import { Router } from 'express';
import type { WebDeps } from '../context.ts';

export function partsOrderRoutes(_deps: WebDeps): Router {
  return Router();
}
