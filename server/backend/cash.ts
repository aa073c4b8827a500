/** SPEC §7 Transactions calls of the cash screens, made with the manager's token of the unlock. */
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
