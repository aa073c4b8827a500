/** The memory of which extras (calls outside SPEC §7) a backend lacks: per web, re-checked after a while. */
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../server/backend/client.ts';
import { createExtras, EXTRA_RECHECK_MS } from '../../server/backend/extras.ts';

const refused = (status: number): ApiResult<unknown> => ({ ok: false, status, message: '' });

describe('extras', () => {
  it('404, 405, 400, 401 and 403 mean "not here"; other failures and successes do not', () => {
    const edits = createExtras();
    // An edit's 400 is the backend judging the typing, not a missing call.
    expect(edits.lacking('external-order-edit', refused(400))).toBe(false);
    expect(edits.lacking('external-order-edit', refused(405))).toBe(true);
    for (const status of [400, 401, 403, 404, 405]) {
      const extras = createExtras();
      expect(extras.lacking('period-summary', refused(status))).toBe(true);
      expect(extras.usable('period-summary')).toBe(false);
      // Each extra is remembered on its own.
      expect(extras.usable('external-order-edit')).toBe(true);
    }
    const extras = createExtras();
    expect(extras.lacking('period-summary', refused(500))).toBe(false);
    expect(extras.lacking('period-summary', refused(422))).toBe(false);
    expect(extras.lacking('period-summary', { ok: true, status: 200, data: {} })).toBe(false);
    expect(extras.usable('period-summary')).toBe(true);
  });

  it('tries the extra again once the recheck time has passed', () => {
    let now = 1_000;
    const extras = createExtras(EXTRA_RECHECK_MS, () => now);
    extras.lacking('period-paging', refused(404));
    now += EXTRA_RECHECK_MS - 1;
    expect(extras.usable('period-paging')).toBe(false);
    now += 1;
    expect(extras.usable('period-paging')).toBe(true);
  });
});
