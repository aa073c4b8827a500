/** Password hashing with scrypt from node:crypto; the hash string carries its own parameters. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { concurrencyLimit } from './concurrency-limit.ts';

const scryptJob = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 64;
const MAXMEM = 64 * 1024 * 1024;

/**
 * Each scrypt job holds 128·N·r bytes (16 MB here) while it runs, and the thread pool runs 4 at once:
 * 50 people signing in together raised the api's resident memory by ~80 MB. One at a time keeps it at
 * 16 MB; the others wait their turn. A hash is CPU work, so on the shop's two cores a rush of sign-ins
 * takes about as long one at a time as two, and the other core keeps answering pages meanwhile.
 */
const HASHES_AT_ONCE = 1;
const inHashSlot = concurrencyLimit(HASHES_AT_ONCE);

const scrypt: typeof scryptJob = (password, salt, keylen, options) =>
  inHashSlot(() => scryptJob(password, salt, keylen, options));

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// A hash of nothing in particular, so a login for an unknown user costs the same as a wrong password.
let decoy: Promise<string> | undefined;
export async function spendDecoyVerification(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await decoy);
}

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
