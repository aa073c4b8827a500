/**
 * Calls outside SPEC §7 that our api adds (docs/decisions/018). The web uses one only where the backend
 * has it: a 404, 405, 401 or 403 to an extra (and a 400 where it means unknown keys) is read as "not
 * here", remembered for this process, and SPEC's own call is made instead until the memory lapses and
 * the extra is tried again.
 */
import type { ApiResult } from './client.ts';

export type Extra =
  | 'period-paging'
  | 'period-summary'
  | 'external-order-edit'
  | 'print-queue'
  | 'order-text-search'
  | 'list-paging'
  | 'client-all-orders'
  | 'staff-list';

/** How long "this backend lacks it" holds before the extra is tried again (a backend may be upgraded). */
export const EXTRA_RECHECK_MS = 10 * 60_000;

const MISSING = new Set([401, 403, 404, 405]);
/**
 * 400 says "not here" only where the extra is a query key a strict backend refuses (the period's
 * paging and the lists', Consulta's `text`) or a call whose input the web has already checked (the summary's dates); an edit's 400 is
 * the backend judging what was typed.
 */
const MISSING_ON_400: ReadonlySet<Extra> = new Set([
  'period-paging',
  'period-summary',
  'order-text-search',
  'list-paging',
]);

/**
 * A query key on a call SPEC §7 has: only a strict backend's 400 says "not here"; its 404 or 403 is about
 * the record or the caller, as for the call without the key.
 */
const ONLY_ON_400: ReadonlySet<Extra> = new Set(['client-all-orders']);

export type Extras = {
  /** Whether to try the extra now. */
  usable(extra: Extra): boolean;
  /** Reads an extra's answer: true when it says the backend lacks the extra (and remembers so). */
  lacking(extra: Extra, result: ApiResult<unknown>): boolean;
  /** Remembers that the backend lacks the extra although it answered (it ignored what it did not know). */
  missing(extra: Extra): void;
  /** Forgets what was learned (tests). */
  reset(): void;
};

export function createExtras(recheckMs = EXTRA_RECHECK_MS, now = () => Date.now()): Extras {
  const missingUntil = new Map<Extra, number>();
  return {
    usable(extra) {
      const until = missingUntil.get(extra);
      if (until === undefined) return true;
      if (until > now()) return false;
      missingUntil.delete(extra);
      return true;
    },
    lacking(extra, result) {
      if (result.ok) return false;
      const notHere = ONLY_ON_400.has(extra)
        ? result.status === 400
        : MISSING.has(result.status) || (result.status === 400 && MISSING_ON_400.has(extra));
      if (!notHere) return false;
      missingUntil.set(extra, now() + recheckMs);
      return true;
    },
    missing(extra) {
      missingUntil.set(extra, now() + recheckMs);
    },
    reset: () => missingUntil.clear(),
  };
}

const known = new WeakMap<object, Extras>();

/** What this web has learned of its backend (one per connection to API_URL, so one per process). */
export function extrasOf(http: object): Extras {
  let found = known.get(http);
  if (!found) {
    found = createExtras();
    known.set(http, found);
  }
  return found;
}
