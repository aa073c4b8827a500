/**
 * One refresh per session at a time (SPEC §7 "Concurrent failed requests wait for that single refresh").
 * Requests that fail together share one promise; a request that arrives a little later with the same,
 * already-rotated refresh token gets the same answer instead of presenting it again, which the api
 * would take for a stolen token and revoke the whole family.
 */
export type Tokens = { token: string; refresh_token: string };

export type RefreshCoordinator = {
  refresh(oldRefreshToken: string, run: () => Promise<Tokens | null>): Promise<Tokens | null>;
};

export function createRefreshCoordinator(rememberMs = 60_000): RefreshCoordinator {
  const inFlight = new Map<string, Promise<Tokens | null>>();
  const recent = new Map<string, { tokens: Tokens | null; until: number }>();

  function sweep(now: number) {
    for (const [key, entry] of recent) if (entry.until <= now) recent.delete(key);
  }

  return {
    refresh(oldRefreshToken, run) {
      const now = Date.now();
      sweep(now);
      const remembered = recent.get(oldRefreshToken);
      if (remembered) return Promise.resolve(remembered.tokens);
      const pending = inFlight.get(oldRefreshToken);
      if (pending) return pending;
      const promise = run()
        .then((tokens) => {
          recent.set(oldRefreshToken, { tokens, until: Date.now() + rememberMs });
          return tokens;
        })
        .finally(() => inFlight.delete(oldRefreshToken));
      inFlight.set(oldRefreshToken, promise);
      return promise;
    },
  };
}
