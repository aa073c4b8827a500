/** Every route but the login sits behind this: no signed-in user, straight back to '/'. */
import type { RequestHandler } from 'express';
import { isManager } from '../../domain/users.ts';

export const requireSignedIn: RequestHandler = (req, res, next) => {
  if (!req.session?.auth) {
    res.redirect(303, '/');
    return;
  }
  next();
};

export const requireManagerSession: RequestHandler = (req, res, next) => {
  if (!isManager(req.session.auth?.user)) {
    res.status(403);
    throw Object.assign(new Error('Acesso restrito a gerentes'), { status: 403 });
  }
  next();
};
