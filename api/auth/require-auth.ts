/** Bearer-token guard: a missing, malformed or expired access token answers 401 'Invalid JWT token'. */
import type { Request, RequestHandler } from 'express';
import { isManager } from '../../domain/users.ts';
import type { ApiDeps } from '../context.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { isActiveUser } from './active-users.ts';
import { knownAccessToken, type SessionClaims, verifyAccessToken } from './tokens.ts';

declare global {
  namespace Express {
    interface Request {
      user?: SessionClaims;
    }
  }
}

export function requireAuth(deps: ApiDeps): RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req);
    // A token verified before goes on at once; only a new one waits for its signature to be checked.
    const known = token ? knownAccessToken(deps.keys, token) : undefined;
    if (known) return signedInAs(deps, req, known, next);
    return verified(deps, token).then((claims) => signedInAs(deps, req, claims, next));
  };
}

/**
 * Lets the request on as the token's user while that user is active: a deactivated user is refused
 * at once, like an expired token (their refresh tokens were revoked, so the web signs them out).
 */
function signedInAs(deps: ApiDeps, req: Request, claims: SessionClaims, next: () => void) {
  const go = (active: boolean) => {
    if (!active) throw unauthorized();
    req.user = claims;
    next();
  };
  const active = isActiveUser(deps.db, claims.id);
  return typeof active === 'boolean' ? go(active) : active.then(go);
}

function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  return match?.[1] ?? null;
}

async function verified(deps: ApiDeps, token: string | null): Promise<SessionClaims> {
  const claims = token ? await verifyAccessToken(deps.keys, token) : null;
  if (!claims) throw unauthorized();
  return claims;
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
