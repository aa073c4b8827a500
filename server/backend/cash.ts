/**
 * SPEC §7 Transactions calls of the cash screens, made with the manager's token of the unlock, and the
 * two our api adds for long periods (a page of the period, the period's totals by type).
 */
import type { ApiResult, Backend } from './client.ts';

export type CashEntry = {
  id: number | string;
  type: number;
  value: number;
  description: string;
  date: string;
  payment_method: string | null;
  created_at?: string;
  service_order?: {
    id?: number | string;
    number?: string;
    product_name?: string | null;
    product_brand?: string | null;
    client?: { name?: string | null } | null;
  } | null;
  order?: {
    id?: number | string;
    number?: string;
    piece_name?: string | null;
    client?: { name?: string | null } | null;
  } | null;
};

export type EntryFields = { type: number; value: number; description: string; payment_method: string };

const as = (token: string) => ({ token });

export function entriesOfDay(backend: Backend, token: string, date: string): Promise<ApiResult<CashEntry[]>> {
  return backend.call<CashEntry[]>('GET', '/transactions/day', { ...as(token), query: { date } });
}

export function entriesOfPeriod(
  backend: Backend,
  token: string,
  start: string,
  end: string,
): Promise<ApiResult<CashEntry[]>> {
  return backend.call<CashEntry[]>('GET', '/transactions/period', {
    ...as(token),
    query: { start_date: start, end_date: end },
  });
}

/** One slice of the period, in the same order (date, id): `limit` entries from the `offset`-th. */
export function entriesOfPeriodPage(
  backend: Backend,
  token: string,
  start: string,
  end: string,
  page: { limit: number; offset: number },
): Promise<ApiResult<CashEntry[]>> {
  return backend.call<CashEntry[]>('GET', '/transactions/period', {
    ...as(token),
    query: { start_date: start, end_date: end, limit: page.limit, offset: page.offset },
  });
}

/** A period's live entries counted, and per type counted and summed in reais. */
export type CashSummary = { count: number; totals: { type: number; count: number; value: number }[] };

/** GET /transactions/period/summary: our api's; a backend that follows only SPEC §7 answers 404. */
export function periodSummary(
  backend: Backend,
  token: string,
  start: string,
  end: string,
): Promise<ApiResult<CashSummary>> {
  return backend.call<CashSummary>('GET', '/transactions/period/summary', {
    ...as(token),
    query: { start_date: start, end_date: end },
  });
}

export function createEntry(backend: Backend, token: string, body: EntryFields & { date: string }) {
  return backend.call<CashEntry>('POST', '/transactions', { ...as(token), body });
}

export function updateEntry(
  backend: Backend,
  token: string,
  id: string,
  body: EntryFields & { confirm_username: string; confirm_password: string },
) {
  return backend.call<CashEntry>('PUT', `/transactions/${encodeURIComponent(id)}`, { ...as(token), body });
}

export function deleteEntry(
  backend: Backend,
  token: string,
  id: string,
  confirmation: { confirm_username: string; confirm_password: string },
) {
  return backend.call('DELETE', `/transactions/${encodeURIComponent(id)}`, {
    ...as(token),
    body: confirmation,
  });
}
