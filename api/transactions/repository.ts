/**
 * Cash entries (SPEC §3 Transaction), shared by every area that writes them: upfront payments,
 * closes and cancels of orders, and the manual entries of the cash screens.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

export type TransactionRow = {
  id: number;
  type: number;
  value_cents: string;
  description: string;
  date: string;
  payment_method: string | null;
  service_order_id: number | null;
  order_id: number | null;
  created_at: Date | string;
};

export type NewTransaction = {
  type: number;
  valueCents: number;
  description: string;
  date: string;
  paymentMethod: string | null;
  serviceOrderId?: number | null;
  orderId?: number | null;
  createdBy: number | null;
};

const columns = [
  'id',
  'type',
  'value_cents',
  'description',
  'date',
  'payment_method',
  'service_order_id',
  'order_id',
  'created_at',
] as const;

export async function insertTransaction(db: Db, t: NewTransaction): Promise<TransactionRow> {
  return db
    .insertInto('transactions')
    .values({
      type: t.type,
      value_cents: t.valueCents,
      description: t.description,
      date: t.date,
      payment_method: t.paymentMethod,
      service_order_id: t.serviceOrderId ?? null,
      order_id: t.orderId ?? null,
      created_by: t.createdBy,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export type Owner = { serviceOrderId: number } | { orderId: number };

function ownerColumn(owner: Owner) {
  return 'serviceOrderId' in owner
    ? ({ column: 'service_order_id', id: owner.serviceOrderId } as const)
    : ({ column: 'order_id', id: owner.orderId } as const);
}

/** The entries of one order, oldest first. */
export async function transactionsOf(db: Db, owner: Owner): Promise<TransactionRow[]> {
  const { column, id } = ownerColumn(owner);
  return db
    .selectFrom('transactions')
    .select(columns)
    .where('deleted_at', 'is', null)
    .where(column, '=', id)
    .orderBy('date')
    .orderBy('id')
    .execute();
}

/** The sum of an order's upfront payments (type 101), in cents. */
export async function upfrontCents(db: Db, owner: Owner): Promise<number> {
  const { column, id } = ownerColumn(owner);
  const row = await db
    .selectFrom('transactions')
    .select(sql<string>`coalesce(sum(value_cents), 0)`.as('total'))
    .where('deleted_at', 'is', null)
    .where('type', '=', 101)
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** An entry as JSON (SPEC §3): value in reais, date as yyyy-MM-dd, created_at ISO. */
export function transactionJson(row: TransactionRow) {
  return {
    id: row.id,
    type: row.type,
    value: Number(row.value_cents) / 100,
    description: row.description,
    date: row.date,
    payment_method: row.payment_method,
    created_at: new Date(row.created_at).toISOString(),
  };
}
