/**
 * Service orders as the api shows them (SPEC §3): money in reais (or null), business dates as
 * 'yyyy-MM-dd', timestamps ISO, the client as the clients area serialises it, entries oldest first.
 * Audit snapshots keep the stored shape instead: money in cents.
 */
import type { PublicClient } from '../clients/repository.ts';
import { type TransactionRow, transactionJson } from '../transactions/repository.ts';
import type { ListRow, ServiceOrderRow } from './repository.ts';

const reais = (cents: string | null) => (cents === null ? null : Number(cents) / 100);
const cents = (value: string | null) => (value === null ? null : Number(value));
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export type OrderParts = {
  row: ServiceOrderRow;
  /** The client as the api shows it, already built by the query that read the order. */
  client: PublicClient | null;
  transactions: readonly TransactionRow[];
};

function head({ row, client }: OrderParts) {
  return {
    id: row.id,
    number: row.number,
    type: row.kind,
    status: row.status,
    client_id: row.client_id,
    client,
    version: row.version,
  };
}

function product(row: ServiceOrderRow) {
  return {
    product_name: row.product_name,
    product_model: row.product_model,
    product_brand: row.product_brand,
    product_serial: row.product_serial,
    product_accessories: row.product_accessories,
    product_details: row.product_details,
  };
}

function fix(row: ServiceOrderRow) {
  return {
    fix_description: row.fix_description,
    fix_technician_name: row.fix_technician_name,
    fix_date: row.fix_date,
    fix_value_pieces: reais(row.fix_value_pieces_cents),
    fix_value_labor: reais(row.fix_value_labor_cents),
    fix_value_final: reais(row.fix_value_final_cents),
    fix_payment_method: row.fix_payment_method,
  };
}

function tail({ row, transactions }: OrderParts) {
  return {
    transactions: transactions.map(transactionJson),
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
    finished_at: iso(row.finished_at),
  };
}

export type NormalOrderJson = ReturnType<typeof head> &
  ReturnType<typeof product> &
  ReturnType<typeof fix> &
  ReturnType<typeof tail>;

export function normalOrderJson(parts: OrderParts): NormalOrderJson {
  return { ...head(parts), ...product(parts.row), ...fix(parts.row), ...tail(parts) };
}

/**
 * A return: its motive and new repair, and the original normal order in full. The product fields are
 * the original's, copied when the return was opened, so lists and cash entries name the product too.
 */
export function returnedOrderJson(parts: OrderParts, original: OrderParts | null) {
  return {
    ...head(parts),
    original_service_order_id: parts.row.original_service_order_id,
    original_service_order: original ? normalOrderJson(original) : null,
    return_motive: parts.row.return_motive,
    ...product(parts.row),
    ...fix(parts.row),
    ...tail(parts),
  };
}

export function externalOrderJson(parts: OrderParts) {
  const { row } = parts;
  return {
    ...head(parts),
    ...product(row),
    service_details: row.service_details,
    service_type: row.service_type,
    service_date: row.service_date,
    service_period: row.service_period,
    service_value: reais(row.service_value_cents),
    service_payment_method: row.service_payment_method,
    ...tail(parts),
  };
}

/** One line of a list (by status or number). */
export function listItemJson(row: ListRow) {
  return {
    id: row.id,
    number: row.number,
    type: row.kind,
    status: row.status,
    product_name: row.product_name,
    client: { id: row.client_id, name: row.client_name },
    created_at: iso(row.created_at) as string,
    status_changed_at: iso(row.status_changed_at) as string,
  };
}

/** The row as stored, for the audit trail: money in cents, timestamps ISO. */
export function auditSnapshot(row: ServiceOrderRow): Record<string, unknown> {
  return {
    ...row,
    fix_value_pieces_cents: cents(row.fix_value_pieces_cents),
    fix_value_labor_cents: cents(row.fix_value_labor_cents),
    fix_value_final_cents: cents(row.fix_value_final_cents),
    service_value_cents: cents(row.service_value_cents),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    finished_at: iso(row.finished_at),
  };
}

/** A cash entry for the audit trail: value in cents. */
export function auditTransaction(row: TransactionRow): Record<string, unknown> {
  return {
    id: row.id,
    type: row.type,
    value_cents: Number(row.value_cents),
    description: row.description,
    date: row.date,
    payment_method: row.payment_method,
    service_order_id: row.service_order_id,
  };
}
