/** Abrir O.S., Abrir O.S. de Retorno and Abrir Serviço Externo (SPEC §2). */
import { Router } from 'express';
import type { WebDeps } from '../context.ts';

export function openOrderRoutes(_deps: WebDeps): Router {
  return Router();
}
