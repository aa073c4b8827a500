/**
 * Who is really asking (decision 019). The api sees the web's address on every request the web relays,
 * so the web passes the browser's address in CLIENT_ADDRESS_HEADER, and the api believes it only when
 * the same request carries WEB_API_SECRET in WEB_SECRET_HEADER. Nothing else moves req.ip: not
 * X-Forwarded-For, from loopback or anywhere (trust proxy is off), so a direct caller is counted by its
 * own socket address whatever headers it sends.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';

export const CLIENT_ADDRESS_HEADER = 'x-bancada-client-address';
export const WEB_SECRET_HEADER = 'x-bancada-web-secret';

function sameSecret(given: string, expected: Buffer): boolean {
  const bytes = Buffer.from(given);
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

export function clientAddress(webSecret: string | undefined): RequestHandler {
  const expected = webSecret ? Buffer.from(webSecret) : null;
  return (req, _res, next) => {
    const given = req.get(WEB_SECRET_HEADER);
    const address = req.get(CLIENT_ADDRESS_HEADER)?.trim();
    if (expected && given && address && isIP(address) && sameSecret(given, expected)) {
      Object.defineProperty(req, 'ip', { value: address, configurable: true, enumerable: true });
    }
    next();
  };
}
