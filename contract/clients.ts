/** SPEC §7 Clients calls: the client of SPEC §3 as answered, and what the forms send. */
import type { ClientFields } from '../domain/clients.ts';
import type { OrderSummary } from './lists.ts';
import type { ManagerConfirmation } from './sessions.ts';

/** POST /clients and PUT /clients/{id} send the fields alone. */
export type ClientRequest = ClientFields;

export type Client = ClientFields & { id: number | string; created_at?: string; updated_at?: string };

/** GET /clients and GET /clients/{id}: the client with its orders' lists. */
export type ClientWithOrders = Client & {
  normal_service_orders?: OrderSummary[];
  returned_service_orders?: OrderSummary[];
  external_service_orders?: OrderSummary[];
  orders?: OrderSummary[];
};

/** DELETE /clients/{id}. */
export type DeleteClientRequest = ManagerConfirmation;
