/**
 * SPEC §7 Transactions calls of the cash screens, made with the manager's api of the unlock
 * (cash-unlock.ts), and the two extras our api adds for long periods (a page of the period, the
 * period's totals by type): see extras.ts.
 */
import type {
  CashEntry,
  CashSummary,
  DeletedEntry,
  DeleteEntryRequest,
  EntryFields,
  NewEntry,
} from '../../contract/transactions.ts';
import type { ApiResult, Backend } from './client.ts';

export function entriesOfDay(backend: Backend, date: string): Promise<ApiResult<CashEntry[]>> {
  return backend.call<CashEntry[]>('GET', '/transactions/day', { query: { date } });
}

export function entriesOfPeriod(
  backend: Backend,
  start: string,
  end: string,
): Promise<ApiResult<CashEntry[]>> {
  return backend.call<CashEntry[]>('GET', '/transactions/period', {
    query: { start_date: start, end_date: end },
  });
}

/** Extra: one slice of the period, in the same order (date, id): `limit` entries from the `offset`-th. */
export function entriesOfPeriodPage(
  backend: Backend,
  start: string,
  end: string,
  page: { limit: number; offset: number },
): Promise<ApiResult<CashEntry[]>> {
  return backend.call<CashEntry[]>('GET', '/transactions/period', {
    query: { start_date: start, end_date: end, limit: page.limit, offset: page.offset },
    extra: true,
  });
}

/** Extra: GET /transactions/period/summary, a period's live entries counted and summed by type. */
export function periodSummary(backend: Backend, start: string, end: string): Promise<ApiResult<CashSummary>> {
  return backend.call<CashSummary>('GET', '/transactions/period/summary', {
    query: { start_date: start, end_date: end },
    extra: true,
  });
}

export function createEntry(backend: Backend, body: NewEntry) {
  return backend.call<CashEntry>('POST', '/transactions', { body });
}

/** PUT /transactions/{id} carries SPEC's four fields only: the manager was confirmed before. */
/** `version` only when the entry was read with one (our api): a SPEC §7 backend gets the fields alone. */
export function updateEntry(backend: Backend, id: string, body: EntryFields & { version?: number }) {
  return backend.call<CashEntry>('PUT', `/transactions/${encodeURIComponent(id)}`, { body });
}

export function deleteEntry(backend: Backend, id: string, confirmation: DeleteEntryRequest) {
  return backend.call<DeletedEntry | null>('DELETE', `/transactions/${encodeURIComponent(id)}`, {
    body: confirmation,
  });
}
