/** SPEC §7 Transactions calls: cash entries (SPEC §3 Transaction), money in reais, dates 'yyyy-MM-dd'. */
import type { OrderKind } from '../domain/statuses.ts';
import type { ManagerConfirmation } from './sessions.ts';

/** A transaction as an order's detail lists it. */
export type Transaction = {
  id: number | string;
  type: number;
  value: number;
  description: string;
  date: string;
  payment_method: string | null;
  created_at?: string;
};

/** A transaction as the cash screens read it (GET /transactions/day, /transactions/period). */
export type CashEntry = Transaction & {
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

/** PUT /transactions/{id} {type, value, description, payment_method}. */
export type EntryFields = { type: number; value: number; description: string; payment_method: string };
/** POST /transactions {type, value, description, date, payment_method}. */
export type NewEntry = EntryFields & { date: string };
/** DELETE /transactions/{id}. */
export type DeleteEntryRequest = ManagerConfirmation;
/**
 * Extra: what our api answers (200) when the entry deleted was an order's close entry and the order went
 * back to open (decision 032); a SPEC §7 backend answers with no body.
 */
export type DeletedEntry = {
  reopened: {
    entity: 'service_order' | 'order';
    kind: OrderKind;
    id: number;
    number: string;
    status: number;
  } | null;
};
export type ReopenedOrder = NonNullable<DeletedEntry['reopened']>;

export type CancelServiceOrderRequest = { service_order_id: number; cancel_motive: string; date: string };
export type CloseServiceOrderRequest = { service_order_id: number; date: string; description: string };
export type UpfrontServiceOrderRequest = {
  service_order_id: number;
  value: number;
  description: string;
  date: string;
  payment_method: string;
};
export type CancelPartsOrderRequest = {
  order_id: number;
  cancel_motive: string;
  date: string;
} & ManagerConfirmation;
export type ClosePartsOrderRequest = { order_id: number; date: string; description: string };
export type UpfrontPartsOrderRequest = {
  order_id: number;
  value: number;
  description: string;
  date: string;
  payment_method: string;
};

/**
 * Not in SPEC §7: a period's live entries counted, per type counted and summed in reais, and the same per
 * type and payment method (GET /transactions/period/summary). Used only where the backend has it; a
 * backend's summary may lack `by_method` (it came later).
 */
export type CashSummary = {
  count: number;
  totals: { type: number; count: number; value: number }[];
  by_method?: { type: number; payment_method: string | null; count: number; value: number }[];
};
