/** Bearer-token guard: a missing, malformed or expired access token answers 401 'Invalid JWT token'. */
import type { Request, RequestHandler } from 'express';
import { isManager } from '../../domain/users.ts';
import type { ApiDeps } from '../context.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { type SessionClaims, verifyAccessToken } from './tokens.ts';

declare global {
  namespace Express {
    interface Request {
      user?: SessionClaims;
    }
  }
}

export function requireAuth(deps: ApiDeps): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const claims = match?.[1] ? await verifyAccessToken(deps.keys, match[1]) : null;
    if (!claims) throw unauthorized();
    req.user = claims;
    next();
  };
}

export const requireManager: RequestHandler = (req, _res, next) => {
  if (!isManager(req.user)) throw forbidden('Acesso restrito a gerentes');
  next();
};

/** The signed-in caller; routes behind requireAuth always have one. */
export function caller(req: Request): SessionClaims {
  if (!req.user) throw unauthorized();
  return req.user;
}
