/** SPEC §7 Service orders calls and the three kinds of SPEC §3. Money in reais, dates 'yyyy-MM-dd'. */
import type { Client } from './clients.ts';
import type { ManagerConfirmation } from './sessions.ts';
import type { Transaction } from './transactions.ts';

export type ServiceOrderKind = 'normal' | 'returned' | 'external';

type Product = {
  product_name: string | null;
  product_model: string | null;
  product_brand: string | null;
  product_serial: string | null;
  product_accessories: string | null;
  product_details: string | null;
};

type Repair = {
  fix_description: string | null;
  fix_technician_name: string | null;
  fix_date: string | null;
  fix_value_pieces: number | null;
  fix_value_labor: number | null;
  fix_value_final: number | null;
  fix_payment_method: string | null;
};

type Base = {
  id: number | string;
  number: string;
  status: number;
  client: Client;
  transactions: Transaction[];
  created_at: string;
  updated_at?: string;
  finished_at?: string | null;
};

export type NormalOrder = Base & Product & Repair & { type?: 'normal'; client_id?: number | string };
export type ReturnedOrder = Base &
  Repair & {
    type?: 'returned';
    original_service_order_id: number | string;
    original_service_order: NormalOrder;
    return_motive: string | null;
  };
export type ExternalOrder = Base &
  Product & {
    type?: 'external';
    service_details: string | null;
    service_type: string | null;
    service_date: string | null;
    service_period: string | null;
    service_value: number | null;
    service_payment_method: string | null;
  };

/** An order read by the detail, which tries the kinds in SPEC §2's order. */
export type AnyServiceOrder =
  | { kind: 'normal'; order: NormalOrder }
  | { kind: 'returned'; order: ReturnedOrder }
  | { kind: 'external'; order: ExternalOrder };

export type NewNormalOrder = { client_id: number } & Product;
export type NewReturnedOrder = { original_service_order_id: number; return_motive: string };
export type NewExternalOrder = NewNormalOrder & {
  service_details: string | null;
  service_type: string | null;
  service_date: string | null;
  service_period: string | null;
  service_value: number | null;
  service_payment_method: string | null;
};

export type NormalOrderChange = { status: number } & Product & Repair;
export type ReturnedOrderChange = { status: number; return_motive: string } & Repair;
/** Not in SPEC §7 (PUT /service-orders/external/{id}): sent only where the backend has it. */
export type ExternalOrderChange = Omit<NewExternalOrder, 'client_id'> & { status: number };

/** POST answers carry the new order's id (and our api adds its number). */
export type Created = { id: number | string; number?: string };

/** DELETE /service-orders/{id}. */
export type DeleteServiceOrderRequest = ManagerConfirmation;
