/** Bearer-token guard: a missing, malformed or expired access token answers 401 'Invalid JWT token'. */
import type { Request, RequestHandler } from 'express';
import { isManager } from '../../domain/users.ts';
import type { ApiDeps } from '../context.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { isLiveSession } from './active-users.ts';
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
 * Lets the request on as the token's user while their session stands (active-users.ts): a deactivated
 * user, or a session ended by a password change elsewhere or by signing out, is refused at once like
 * an expired token; its refresh token was revoked too, so the web signs that browser out. Checked on
 * every request, remembered tokens included: the verified-token cache only spares the signature.
 */
function signedInAs(deps: ApiDeps, req: Request, claims: SessionClaims, next: () => void) {
  const go = (live: boolean) => {
    if (!live) throw unauthorized();
    req.user = claims;
    next();
  };
  const live = isLiveSession(deps.db, claims);
  return typeof live === 'boolean' ? go(live) : live.then(go);
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
