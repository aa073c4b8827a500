/** SPEC §7 Clients calls. */
import type { Client, ClientWithOrders } from '../../contract/clients.ts';
import type { ClientFields } from '../../domain/clients.ts';
import type { ApiResult, Backend } from './client.ts';

export function searchClients(backend: Backend, filter: string): Promise<ApiResult<ClientWithOrders[]>> {
  return backend.call<ClientWithOrders[]>('GET', '/clients', { query: { filter } });
}

/** Extra (docs/api.md "Lists in pages"): one page of the search and how many match, `{ items, total }`. */
export function searchClientsPage(
  backend: Backend,
  filter: string,
  page: { limit: number; offset: number },
): Promise<ApiResult<unknown>> {
  return backend.call<unknown>('GET', '/clients', { query: { filter, ...page }, extra: true });
}

/**
 * `allOrders`: our api's `?ordens=todas` adds the external services and parts orders (the delete dialog
 * names them); a SPEC §7 backend ignores it and answers the service orders alone.
 */
export function getClient(
  backend: Backend,
  id: string,
  { allOrders = false }: { allOrders?: boolean } = {},
): Promise<ApiResult<ClientWithOrders>> {
  const query = allOrders ? '?ordens=todas' : '';
  return backend.call<ClientWithOrders>('GET', `/clients/${encodeURIComponent(id)}${query}`);
}

export function createClient(backend: Backend, body: ClientFields): Promise<ApiResult<Client>> {
  return backend.call<Client>('POST', '/clients', { body });
}

/** `version` only when the record was read with one (our api): a SPEC §7 backend gets the fields alone. */
export function updateClient(
  backend: Backend,
  id: string,
  body: ClientFields & { version?: number },
): Promise<ApiResult<Client>> {
  return backend.call<Client>('PUT', `/clients/${encodeURIComponent(id)}`, { body });
}

export function deleteClient(
  backend: Backend,
  id: string,
  confirmation: { confirm_username: string; confirm_password: string },
): Promise<ApiResult<unknown>> {
  return backend.call('DELETE', `/clients/${encodeURIComponent(id)}`, { body: confirmation });
}
