/** GET /shop-settings (any staff) and PUT /shop-settings (managers): beyond SPEC §7, decision 020. */
import { Router } from 'express';
import { caller, requireAuth, requireManager } from '../auth/require-auth.ts';
import type { ApiDeps } from '../context.ts';
import { parse } from '../http/errors.ts';
import { ShopSettingsBody } from './schema.ts';
import { readShopSettings, writeShopSettings } from './service.ts';

export function shopSettingsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signedIn = requireAuth(deps);
  router.get('/shop-settings', signedIn, async (_req, res) => {
    res.json(await readShopSettings(deps.db));
  });
  router.put('/shop-settings', signedIn, requireManager, async (req, res) => {
    const input = parse(ShopSettingsBody, req.body);
    res.json(await writeShopSettings(deps.db, caller(req), input));
  });
  return router;
}
