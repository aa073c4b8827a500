/**
 * Brute-force brake for logins and manager confirmations: at most 10 wrong passwords a minute for one
 * username (the 11th attempt is refused, right or wrong) and 100 attempts a minute from one address.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { tooManyRequests } from '../http/errors.ts';

export type LoginLimiter = {
  /** Throws 429 when this username or address is locked out. */
  check(username: string, ip: string): Promise<void>;
  failed(username: string): Promise<void>;
  succeeded(username: string): Promise<void>;
};

export function createLoginLimiter(opts = { perUsername: 10, perAddress: 100, seconds: 60 }): LoginLimiter {
  const byUsername = new RateLimiterMemory({ points: opts.perUsername, duration: opts.seconds });
  const byAddress = new RateLimiterMemory({ points: opts.perAddress, duration: opts.seconds });
  const key = (username: string) => username.trim().toLowerCase();

  return {
    async check(username, ip) {
      const wrong = await byUsername.get(key(username));
      if (wrong && wrong.consumedPoints >= opts.perUsername) throw tooManyRequests();
      try {
        await byAddress.consume(ip);
      } catch {
        throw tooManyRequests();
      }
    },
    async failed(username) {
      await byUsername.penalty(key(username), 1);
    },
    async succeeded(username) {
      await byUsername.delete(key(username));
    },
  };
}
