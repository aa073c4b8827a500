/** Parts orders as JSON (SPEC §3): money in reais, dates yyyy-MM-dd, timestamps ISO; audit snapshots in cents. */

import type { ClientRow } from '../clients/repository.ts';
import { type PublicClient, publicClient } from '../clients/service.ts';
import { type TransactionRow, transactionJson } from '../transactions/repository.ts';
import type { OrderListRow, OrderRow } from './repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const reaisOrNull = (cents: string | null) => (cents === null ? null : Number(cents) / 100);

/** One line of GET /orders. */
export function orderListItem(row: OrderListRow) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    piece_name: row.piece_name,
    client: { id: row.client_id, name: row.client_name },
    created_at: iso(row.created_at),
    status_changed_at: iso(row.status_changed_at),
  };
}

/**
 * The whole order. SPEC §3 reads the payment method as order_payment_method in one screen and
 * payment_method elsewhere: both carry the one stored value.
 */
export function orderJson(row: OrderRow, client: ClientRow | undefined, transactions: TransactionRow[]) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    client_id: row.client_id,
    client: (client ? publicClient(client) : null) as PublicClient | null,
    version: row.version,
    piece_code: row.piece_code,
    piece_name: row.piece_name,
    piece_value: reaisOrNull(row.piece_value_cents),
    product_model: row.product_model,
    payment_method: row.payment_method,
    order_payment_method: row.payment_method,
    manufacturer_date: row.manufacturer_date,
    manufacturer_code: row.manufacturer_code,
    transactions: transactions.map(transactionJson),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    finished_at: isoOrNull(row.finished_at),
  };
}

/** The order as the audit trail keeps it: stored values, money in cents. */
export function orderAudit(row: OrderRow): Record<string, unknown> {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    client_id: row.client_id,
    piece_name: row.piece_name,
    piece_code: row.piece_code,
    piece_value_cents: row.piece_value_cents === null ? null : Number(row.piece_value_cents),
    product_model: row.product_model,
    payment_method: row.payment_method,
    manufacturer_date: row.manufacturer_date,
    manufacturer_code: row.manufacturer_code,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    finished_at: isoOrNull(row.finished_at),
  };
}

/** A cash entry as the audit trail keeps it, in cents. */
export function transactionAudit(row: TransactionRow): Record<string, unknown> {
  return {
    id: row.id,
    type: row.type,
    value_cents: Number(row.value_cents),
    description: row.description,
    date: row.date,
    payment_method: row.payment_method,
    order_id: row.order_id,
  };
}
