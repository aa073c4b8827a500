/** Number lookups of Consulta (SPEC §7: GET /service-orders?number=, GET /orders?number=). */
import type { ApiResult, Backend } from './client.ts';

export type OrderListItem = {
  id: number | string;
  number: string;
  status: number;
  type?: string | number;
  product_name?: string | null;
  piece_name?: string | null;
  client?: { name?: string | null } | null;
};

/** A backend without an area yet answers 404 for it: for a search that is simply "nothing found". */
async function listOr404<T>(result: Promise<ApiResult<T[]>>): Promise<ApiResult<T[]>> {
  const r = await result;
  return !r.ok && r.status === 404 ? { ok: true, status: 200, data: [] } : r;
}

export function serviceOrdersByNumber(backend: Backend, number: string): Promise<ApiResult<OrderListItem[]>> {
  return listOr404(backend.call<OrderListItem[]>('GET', '/service-orders', { query: { number } }));
}

export function partsOrdersByNumber(backend: Backend, number: string): Promise<ApiResult<OrderListItem[]>> {
  return listOr404(backend.call<OrderListItem[]>('GET', '/orders', { query: { number } }));
}

/** Which kind a service order is: from its `type` when given, else from its number's letter (API.md). */
export function serviceOrderKind(item: OrderListItem): 'normal' | 'returned' | 'external' {
  const type = String(item.type ?? '').toLowerCase();
  if (type === 'returned' || type === 'retorno') return 'returned';
  if (type === 'external' || type === 'externa' || type === 'externo') return 'external';
  if (type === 'normal') return 'normal';
  const letter = item.number?.[0]?.toUpperCase();
  return letter === 'R' ? 'returned' : letter === 'E' ? 'external' : 'normal';
}
