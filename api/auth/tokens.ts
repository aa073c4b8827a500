/** Access tokens are short JWTs (15 min); refresh tokens are opaque random strings stored only as hashes. */
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type AccessClaims = { id: number; username: string; authority_level: number; origin: number };
/** The claims plus `sid`, the refresh-token family of the session the token belongs to. */
export type SessionClaims = AccessClaims & { sid?: string };

export type TokenKeys = { secret: Uint8Array };

export async function signAccessToken(keys: TokenKeys, claims: SessionClaims): Promise<string> {
  return new SignJWT({
    username: claims.username,
    authority_level: claims.authority_level,
    origin: claims.origin,
    ...(claims.sid ? { sid: claims.sid } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.id))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
    .sign(keys.secret);
}

export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keys.secret, { algorithms: ['HS256'] });
    const id = Number(payload.sub);
    if (!Number.isInteger(id)) return null;
    return {
      id,
      username: String(payload.username ?? ''),
      authority_level: Number(payload.authority_level),
      origin: Number(payload.origin),
      ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
    };
  } catch {
    return null;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
