/**
 * Device keys: 32 random bytes shown once, kept only as their SHA-256. A key this long cannot be guessed
 * or walked back from its hash, so a slow password hash would add nothing but a cost on every poll.
 */
import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'bpk_';
const KEY = /^bpk_[A-Za-z0-9_-]{43}$/;

export function newDeviceKey(): { key: string; hash: string } {
  const key = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashOf(key) };
}

/** The stored hash of a presented key, or null when it is not even shaped like one. */
export function deviceKeyHash(key: string): string | null {
  return KEY.test(key) ? hashOf(key) : null;
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
