/**
 * The databases the api benches run on, each under an api of its own: a fresh PGlite, and PostgreSQL too
 * when DATABASE_URL is set, in a schema of its own that is dropped when the target is done, failed or not
 * (test/support/api.ts). And the manager signed in to that api, as the timed requests need.
 */
import { performance } from 'node:perf_hooks';
import type { DbKind } from '../../api/db/connect.ts';
import { apiLogin, MANAGER, startTestApi, type TestApi } from '../support/api.ts';

/**
 * The targets available, read when a bench starts rather than when this file is loaded (run.ts loads the
 * benches long before it runs them). `only`, e.g. BENCH_TARGETS' list, keeps those it names.
 */
export function benchTargets(only?: string[]): DbKind[] {
  const available: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  return only ? available.filter((kind) => only.includes(kind)) : available;
}

/**
 * Runs `bench` on each target in turn, each on a fresh api that is stopped (its schema dropped) even when
 * the bench throws, so a failed run leaves nothing behind in PostgreSQL. `announce` runs before the api
 * starts: its migrations and the fill take a while, and the log says what is under way.
 */
export async function onEachTarget<T>(
  kinds: DbKind[],
  announce: (kind: DbKind) => void,
  bench: (api: TestApi, kind: DbKind) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (const kind of kinds) {
    announce(kind);
    const api = await startTestApi(kind);
    try {
      results.push(await bench(api, kind));
    } finally {
      await api.stop();
    }
  }
  return results;
}

/**
 * The manager's bearer token for timed requests. Access tokens live 15 minutes and a slow target runs
 * longer: `fresh` signs in again when the token is 5 minutes old, and is meant to run untimed (before a
 * timed series, or as its `prepare`), so no sign-in is ever measured.
 */
export function managerSession(api: TestApi) {
  let token = '';
  let signedAt = 0;
  return {
    async fresh() {
      if (token && performance.now() - signedAt <= 5 * 60_000) return;
      token = (await apiLogin(api, MANAGER.username, MANAGER.password)).token;
      signedAt = performance.now();
    },
    headers: () => ({ authorization: `Bearer ${token}` }),
  };
}
