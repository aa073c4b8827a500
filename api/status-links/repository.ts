/** Status links in the database (migration 007) and the few order columns the public page may show. */
import { sql } from 'kysely';
import type { OrderEntity } from '../../domain/client-view.ts';
import type { Db } from '../db/connect.ts';

export type LinkRow = { id: number; nonce: string; created_at: Date };

export async function liveLink(db: Db, entity: OrderEntity, entityId: number): Promise<LinkRow | undefined> {
  return (await db
    .selectFrom('status_links')
    .select(['id', 'nonce', 'created_at'])
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()) as LinkRow | undefined;
}

/**
 * A living order's live link, in one read: null when no living order has that id, `link: null` when it
 * has no live link yet. The order page and every printed sheet ask for it.
 */
export async function liveLinkOfOrder(
  db: Db,
  entity: OrderEntity,
  entityId: number,
): Promise<{ link: LinkRow | null } | null> {
  const table = entity === 'order' ? sql`orders` : sql`service_orders`;
  const { rows } = await sql<{ id: number | null; nonce: string | null; created_at: Date | null }>`
    SELECT l.id, l.nonce, l.created_at FROM ${table} o
    LEFT JOIN status_links l ON l.entity = ${entity} AND l.entity_id = o.id AND l.revoked_at IS NULL
    WHERE o.id = ${entityId} AND o.deleted_at IS NULL`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return { link: row.id === null ? null : (row as LinkRow) };
}

export async function insertLink(
  db: Db,
  values: { entity: OrderEntity; entityId: number; nonce: string; tokenHash: string; createdBy: number },
): Promise<LinkRow> {
  return (await db
    .insertInto('status_links')
    .values({
      entity: values.entity,
      entity_id: values.entityId,
      nonce: values.nonce,
      token_hash: values.tokenHash,
      created_by: values.createdBy,
    })
    .returning(['id', 'nonce', 'created_at'])
    .executeTakeFirstOrThrow()) as LinkRow;
}

export async function revokeLive(db: Db, entity: OrderEntity, entityId: number): Promise<number> {
  const rows = await db
    .updateTable('status_links')
    .set({ revoked_at: sql`now()` })
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

export async function linkByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('status_links')
    .select(['entity', 'entity_id'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/**
 * What the public page may know of an order: never the client, the technician, notes or motives. The
 * columns are named one by one so that nothing else can leak by a later `select *`.
 */
export type PublicOrderRow = {
  kind: 'normal' | 'returned' | 'external' | 'parts';
  number: string;
  status: number;
  item_name: string | null;
  item_model: string | null;
  value_cents: string | null;
  created_at: Date;
  delivered_at: Date | null;
  /** Granted at delivery (migration 015). */
  warranty_days: number | null;
  finished_at: Date | null;
  upfront_cents: string;
  /** An external visit's booked day (yyyy-MM-dd) and period; null for the other kinds. */
  scheduled_on: string | null;
  scheduled_period: string | null;
};

export async function publicServiceOrder(db: Db, id: number): Promise<PublicOrderRow | undefined> {
  return (await db
    .selectFrom('service_orders as so')
    .select([
      'so.kind',
      'so.number',
      'so.status',
      'so.product_name as item_name',
      'so.product_model as item_model',
      sql<
        string | null
      >`CASE WHEN so.kind = 'external' THEN so.service_value_cents ELSE so.fix_value_final_cents END`.as(
        'value_cents',
      ),
      'so.created_at',
      'so.delivered_at',
      'so.warranty_days',
      'so.finished_at',
      sql<string>`(SELECT coalesce(sum(t.value_cents), 0)::text FROM transactions t
        WHERE t.service_order_id = so.id AND t.type = 101 AND t.deleted_at IS NULL)`.as('upfront_cents'),
      'so.service_date as scheduled_on',
      'so.service_period as scheduled_period',
    ])
    .where('so.id', '=', id)
    .where('so.deleted_at', 'is', null)
    .executeTakeFirst()) as PublicOrderRow | undefined;
}

export async function publicPartsOrder(db: Db, id: number): Promise<PublicOrderRow | undefined> {
  return (await db
    .selectFrom('orders as o')
    .select([
      sql<'parts'>`'parts'`.as('kind'),
      'o.number',
      'o.status',
      'o.piece_name as item_name',
      'o.product_model as item_model',
      'o.piece_value_cents as value_cents',
      'o.created_at',
      'o.delivered_at',
      'o.warranty_days',
      'o.finished_at',
      sql<string>`(SELECT coalesce(sum(t.value_cents), 0)::text FROM transactions t
        WHERE t.order_id = o.id AND t.type = 101 AND t.deleted_at IS NULL)`.as('upfront_cents'),
      sql<null>`NULL`.as('scheduled_on'),
      sql<null>`NULL`.as('scheduled_period'),
    ])
    .where('o.id', '=', id)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst()) as PublicOrderRow | undefined;
}

/** Whether a living order of that entity exists (a link is issued only for one). */
export async function orderExists(db: Db, entity: OrderEntity, id: number): Promise<boolean> {
  const table = entity === 'order' ? 'orders' : 'service_orders';
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The last moment the order reached one of `statuses`, from its audit trail (the "ready" date). */
export async function reachedAt(
  db: Db,
  entity: OrderEntity,
  id: number,
  statuses: readonly number[],
): Promise<Date | null> {
  if (statuses.length === 0) return null;
  const row = await db
    .selectFrom('audit_log')
    .select('at')
    .where('entity', '=', entity)
    .where('entity_id', '=', String(id))
    .where(sql<number>`(after->>'status')::int`, 'in', [...statuses])
    .where(sql<boolean>`(before->>'status') IS DISTINCT FROM (after->>'status')`)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.at) : null;
}

/** The status an order was sent to the cash from, read from its audit trail; null if never closed. */
export async function closedFrom(
  db: Db,
  id: number,
  entity: 'service_order' | 'order' = 'service_order',
): Promise<number | null> {
  const row = await db
    .selectFrom('audit_log')
    .select(sql<string | null>`before->>'status'`.as('status'))
    .where('entity', '=', entity)
    .where('entity_id', '=', String(id))
    .where('action', '=', 'close')
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.status ? Number(row.status) : null;
}
