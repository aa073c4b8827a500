/** Number lookups of Consulta (SPEC §7: GET /service-orders?number=, GET /orders?number=). */
import type { OrderListItem } from '../../contract/lists.ts';
import type { ApiResult, Backend } from './client.ts';
import type { Extras } from './extras.ts';

/** A backend without an area yet answers 404 for it: for a search that is simply "nothing found". */
async function listOr404<T>(result: Promise<ApiResult<T[]>>): Promise<ApiResult<T[]>> {
  const r = await result;
  return !r.ok && r.status === 404 ? { ok: true, status: 200, data: [] } : r;
}

/**
 * Consulta's O.S. search: by number (SPEC §7 `number`), and with our api also by serial number or product
 * name (`text`, which a SPEC-only backend ignores).
 */
export async function serviceOrdersByText(
  backend: Backend,
  text: string,
  extras: Extras,
): Promise<ApiResult<OrderListItem[]>> {
  if (extras.usable('order-text-search')) {
    const found = await backend.call<OrderListItem[]>('GET', '/service-orders', {
      query: { number: text, text },
    });
    // A strict SPEC backend refuses the unknown key: search the number alone from then on.
    if (!extras.lacking('order-text-search', found)) return listOr404(Promise.resolve(found));
  }
  return listOr404(backend.call<OrderListItem[]>('GET', '/service-orders', { query: { number: text } }));
}

/**
 * A page of Consulta's O.S. search (our api: `limit`/`offset` with `text`, docs/api.md), for
 * loadListPage; `text` and paging both extras, so only where the backend has the text search.
 */
export function serviceOrdersByTextPage(
  backend: Backend,
  text: string,
  page: { limit: number; offset: number },
): Promise<ApiResult<unknown>> {
  return backend.call<unknown>('GET', '/service-orders', {
    query: { number: text, text, ...page },
    extra: true,
  });
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
