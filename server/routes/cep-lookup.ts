/**
 * The zip-code lookup the client form's "Buscar CEP" island asks (JSON, same origin, behind the login);
 * without JavaScript the same button posts the form to clients.ts instead.
 */
import { Router } from 'express';
import { formatCep } from '../../domain/documents.ts';
import type { WebDeps } from '../context.ts';

export function cepLookupRoutes(deps: WebDeps): Router {
  const { lookupCep } = deps;
  const router = Router();

  router.get('/cep/:cep', async (req, res) => {
    const result = await lookupCep(String(req.params.cep));
    if (result.ok) {
      res.json({ ok: true, ...result.address, cep: formatCep(result.address.cep) });
      return;
    }
    res.status(result.reason === 'unavailable' ? 503 : result.reason === 'invalid' ? 400 : 404).json({
      ok: false,
      message: result.message,
    });
  });

  return router;
}
