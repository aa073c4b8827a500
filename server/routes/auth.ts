/** Login (/) and Sair. */
import { Router } from 'express';
import { createElement } from 'react';
import { Login } from '../../views/pages/Login.tsx';
import * as sessions from '../backend/sessions.ts';
import { lockCash } from '../cash-unlock.ts';
import type { WebDeps } from '../context.ts';
import { safeLocalPath } from '../drafts.ts';
import { LoginForm } from '../forms/login.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { SESSION_COOKIE } from '../middleware/session.ts';
import { destroySession, startSignedInSession } from '../session-tokens.ts';
import { afterSignIn, NEXT_PARAM } from '../sign-in-again.ts';

const LOGIN_FAILED = 'Ocorreu um erro ao fazer login. Cheque suas credenciais';

export function authRoutes(deps: WebDeps): Router {
  const router = Router();
  const title = 'Entrar';

  router.get('/', (req, res) => {
    if (req.session.auth) return res.redirect(303, afterSignIn(req.query[NEXT_PARAM]));
    const next = safeLocalPath(req.query[NEXT_PARAM]) ?? undefined;
    deps.render(req, res, createElement(Login, { next }), { title, bodyClass: 'public' });
  });

  router.post('/', async (req, res) => {
    const values = { username: textOf(req.body, 'username') };
    const next = safeLocalPath(textOf(req.body, NEXT_PARAM)) ?? undefined;
    const form = validateForm(LoginForm, req.body);
    if (!form.ok) {
      return deps.render(req, res, createElement(Login, { values, errors: form.errors, next }), {
        title,
        status: 400,
        bodyClass: 'public',
      });
    }
    const result = await sessions.login(req.api, form.data.username, form.data.password);
    if (!result.ok) {
      // A braked name was not checked at all: saying the credentials were wrong would mislead.
      const braked = result.status === 429 && result.message;
      const toasts = [{ kind: 'error' as const, text: braked || LOGIN_FAILED }];
      return deps.render(req, res, createElement(Login, { values, next }), {
        title,
        status: result.status === 429 ? 429 : 401,
        toasts,
        bodyClass: 'public',
      });
    }
    await startSignedInSession(req, result.data);
    res.redirect(303, afterSignIn(next));
  });

  router.post('/sair', async (req, res) => {
    const auth = req.session.auth;
    if (auth) await sessions.logout(deps.http, auth, String(req.id));
    // Print-server links and an unlocked cash end with the session.
    await deps.printLinks.revoke(req.session.printLinks ?? []);
    lockCash(deps, req);
    await destroySession(req);
    res.clearCookie(SESSION_COOKIE);
    res.redirect(303, '/');
  });

  return router;
}
