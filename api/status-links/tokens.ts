/**
 * Status-link tokens (decision 020). A token is an HMAC of the link's 128-bit random nonce under a key
 * derived from the api's signing secret, cut to 128 bits and written in base64url (22 characters). The
 * database keeps the nonce and the SHA-256 of the token, never the token: the public page finds a link by
 * the hash, and staff see the token again because the api recomputes it from the nonce with the key — a
 * copy of the database without the key (JWT_SECRET set in the environment) holds no working link.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { TokenKeys } from '../auth/tokens.ts';

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const linkKeys = new WeakMap<TokenKeys, Buffer>();

function linkKey(keys: TokenKeys): Buffer {
  let key = linkKeys.get(keys);
  if (!key) {
    key = createHmac('sha256', keys.secret).update('bancada status link v1').digest();
    linkKeys.set(keys, key);
  }
  return key;
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

export function tokenOf(keys: TokenKeys, nonce: string): string {
  return createHmac('sha256', linkKey(keys)).update(nonce).digest().subarray(0, 16).toString('base64url');
}

export function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
