/**
 * /acompanhar/{token}: the client's status page (decision 020). Mounted before the session middleware:
 * no session is read or created, no cookie is set and no CSRF token is needed (the page has no form).
 * Rate limited per address; an unknown, revoked or malformed token is the same plain 404; noindex both
 * in the page and in the X-Robots-Tag header.
 */
import { type ErrorRequestHandler, type Response, Router } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  PublicBusyPage,
  PublicNotFoundPage,
  type PublicShop,
  PublicStatusPage,
} from '../../views/pages/PublicStatus.tsx';
import { getPublicStatus } from '../backend/client-side.ts';
import type { WebDeps } from '../context.ts';

/** Requests a minute from one address: a client reloads a few times; a guesser gets 30 tries a minute. */
export const STATUS_PAGE_PER_MINUTE = 30;
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

function send(res: Response, status: number, element: ReactElement) {
  res
    .status(status)
    .type('html')
    .set('cache-control', 'no-store')
    .set('x-robots-tag', 'noindex, nofollow')
    .send(`<!doctype html>${renderToStaticMarkup(element)}`);
}

export function statusPageRoutes(deps: WebDeps, perMinute = STATUS_PAGE_PER_MINUTE): Router {
  const router = Router();
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  const env = deps.env;
  const cityState = [env.SHOP_CITY, env.SHOP_STATE].filter(Boolean).join(' - ');
  const shop: PublicShop = {
    name: env.SHOP_NAME,
    phones: env.SHOP_PHONES,
    address: [env.SHOP_STREET, env.SHOP_DISTRICT, cityState].filter(Boolean).join(', '),
  };

  router.get('/acompanhar/:token', async (req, res) => {
    try {
      await limiter.consume(req.ip ?? 'unknown');
    } catch {
      res.set('retry-after', '60');
      send(res, 429, createElement(PublicBusyPage, { shop }));
      return;
    }
    const token = String(req.params.token);
    // A token that cannot be one never reaches the api: the same 404 as an unknown one.
    const found = TOKEN.test(token) ? await getPublicStatus(deps.http, token, String(req.id)) : null;
    if (found?.status !== 200) {
      send(res, 404, createElement(PublicNotFoundPage, { shop }));
      return;
    }
    send(res, 200, createElement(PublicStatusPage, { view: found.body, shop, tz: env.SHOP_TZ }));
  });

  // A link cut short (the token lost in a copy), anything glued after the token (by a messaging app),
  // any other method (the page has no form) or an address that cannot be decoded: the client's 404 too,
  // never the staff's sign-in page, a session cookie or a bare error.
  router.all(['/acompanhar', '/acompanhar/*rest'], (_req, res) =>
    send(res, 404, createElement(PublicNotFoundPage, { shop })),
  );
  router.use('/acompanhar', ((_err, _req, res, _next) => {
    send(res, 404, createElement(PublicNotFoundPage, { shop }));
  }) as ErrorRequestHandler);
  return router;
}
