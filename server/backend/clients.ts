/** SPEC §7 Clients calls, and the shapes of SPEC §3 Client as the api answers them. */
import type { ClientFields } from '../../domain/clients.ts';
import type { ApiResult, Backend } from './client.ts';

export type OrderSummary = {
  id: number | string;
  number: string;
  status: number;
  product_name?: string | null;
  piece_name?: string | null;
  created_at?: string;
};

export type Client = ClientFields & { id: number | string; created_at?: string; updated_at?: string };

export type ClientWithOrders = Client & {
  normal_service_orders?: OrderSummary[];
  returned_service_orders?: OrderSummary[];
  external_service_orders?: OrderSummary[];
  orders?: OrderSummary[];
};

export function searchClients(backend: Backend, filter: string): Promise<ApiResult<ClientWithOrders[]>> {
  return backend.call<ClientWithOrders[]>('GET', '/clients', { query: { filter } });
}

export function getClient(backend: Backend, id: string): Promise<ApiResult<ClientWithOrders>> {
  return backend.call<ClientWithOrders>('GET', `/clients/${encodeURIComponent(id)}`);
}

export function createClient(backend: Backend, body: ClientFields): Promise<ApiResult<Client>> {
  return backend.call<Client>('POST', '/clients', { body });
}

export function updateClient(backend: Backend, id: string, body: ClientFields): Promise<ApiResult<Client>> {
  return backend.call<Client>('PUT', `/clients/${encodeURIComponent(id)}`, { body });
}

export function deleteClient(
  backend: Backend,
  id: string,
  confirmation: { confirm_username: string; confirm_password: string },
): Promise<ApiResult<unknown>> {
  return backend.call('DELETE', `/clients/${encodeURIComponent(id)}`, { body: confirmation });
}
