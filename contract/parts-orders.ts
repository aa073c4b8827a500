/** SPEC §7 Parts orders calls and the parts order of SPEC §3. Money in reais, dates 'yyyy-MM-dd'. */
import type { Client } from './clients.ts';
import type { ManagerConfirmation } from './sessions.ts';
import type { Transaction } from './transactions.ts';

export type PartsOrder = {
  id: number | string;
  number: string;
  status: number;
  client: Client;
  piece_code: string | null;
  piece_name: string;
  piece_value: number | null;
  product_model: string | null;
  manufacturer_date: string | null;
  manufacturer_code: string | null;
  /** SPEC §3 gives both readings of the payment method; the web reads either. */
  payment_method?: string | null;
  order_payment_method?: string | null;
  transactions: Transaction[];
  created_at: string;
  updated_at?: string;
};

/** The payment method whichever name the backend uses for it. */
export function paymentMethodOf(
  order: Pick<PartsOrder, 'payment_method' | 'order_payment_method'>,
): string | null {
  return order.payment_method ?? order.order_payment_method ?? null;
}

/** POST /orders. */
export type NewPartsOrder = {
  client_id: number;
  piece_name: string;
  piece_code: string | null;
  piece_value: number | null;
  product_model: string | null;
};

/** PUT /orders/{id}. */
export type PartsOrderChange = {
  status: number;
  piece_name: string;
  piece_code: string | null;
  product_model: string | null;
  piece_value: number | null;
  payment_method: string | null;
  manufacturer_date: string | null;
  manufacturer_code: string | null;
};

/** DELETE /orders/{id}. */
export type DeletePartsOrderRequest = ManagerConfirmation;
