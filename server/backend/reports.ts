/**
 * Our api's reports (docs/decisions/022), beyond SPEC §7: the Painel's figures, the orders behind them
 * and a period's cash as aggregates, and the period's exports as a stream. A backend that follows only
 * the SPEC answers 404 to each; the web then hides what needs them.
 */
import type { CashReport, Dashboard, ListedOrder, OrdersQuery } from '../../contract/reports.ts';
import type { ApiResult, Backend } from './client.ts';

export type * from '../../contract/reports.ts';

export function dashboard(backend: Backend): Promise<ApiResult<Dashboard>> {
  return backend.call<Dashboard>('GET', '/reports/dashboard');
}

export function ordersBehind(
  backend: Backend,
  q: OrdersQuery,
): Promise<ApiResult<{ count: number; items: ListedOrder[] }>> {
  return backend.call('GET', '/reports/orders', {
    query: { kind: q.kind, which: q.which, days: q.days, technician: q.technician },
  });
}

export function cashReport(
  backend: Backend,
  token: string,
  start: string,
  end: string,
): Promise<ApiResult<CashReport>> {
  return backend.call<CashReport>('GET', '/reports/cash', {
    token,
    query: { start_date: start, end_date: end },
  });
}
