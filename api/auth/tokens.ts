/** Access tokens are short JWTs (15 min); refresh tokens are opaque random strings stored only as hashes. */
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { type VerifiedTokens, verifiedTokens } from './verified-tokens.ts';

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

/** Each signing key its own verified tokens: a token one api instance accepted says nothing to another. */
const verifiedByKeys = new WeakMap<TokenKeys, VerifiedTokens<SessionClaims>>();

function verifiedFor(keys: TokenKeys): VerifiedTokens<SessionClaims> {
  let verified = verifiedByKeys.get(keys);
  if (!verified) {
    verified = verifiedTokens<SessionClaims>();
    verifiedByKeys.set(keys, verified);
  }
  return verified;
}

/** The claims of a token this key verified before and that has not expired yet (no work, no wait). */
export function knownAccessToken(keys: TokenKeys, token: string): SessionClaims | undefined {
  return verifiedFor(keys).get(token);
}

export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<SessionClaims | null> {
  const known = knownAccessToken(keys, token);
  if (known) return known;
  try {
    const { payload } = await jwtVerify(token, keys.secret, { algorithms: ['HS256'] });
    const id = Number(payload.sub);
    if (!Number.isInteger(id)) return null;
    const claims: SessionClaims = {
      id,
      username: String(payload.username ?? ''),
      authority_level: Number(payload.authority_level),
      origin: Number(payload.origin),
      ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
    };
    // A token without an expiry (never one we sign) is verified every time rather than kept.
    if (typeof payload.exp === 'number') verifiedFor(keys).remember(token, claims, payload.exp);
    return claims;
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
