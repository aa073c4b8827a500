/**
 * Every route but the login sits behind this: no signed-in user, to the sign-in page, which leads back
 * to the page asked for; a form's typing is kept meanwhile (server/sign-in-again.ts).
 */
import type { RequestHandler } from 'express';
import { isManager } from '../../domain/users.ts';
import type { WebDeps } from '../context.ts';
import { keepTypingAndSignIn } from '../sign-in-again.ts';

export function requireSignedIn(deps: WebDeps): RequestHandler {
  return (req, res, next) => {
    if (!req.session?.auth) return keepTypingAndSignIn(deps, req, res);
    next();
  };
}

export const requireManagerSession: RequestHandler = (req, res, next) => {
  if (!isManager(req.session.auth?.user)) {
    res.status(403);
    throw Object.assign(new Error('Acesso restrito a gerentes'), { status: 403 });
  }
  next();
};
