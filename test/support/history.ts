/**
 * A random but reproducible shop history for the reports' tests: clients, service orders of the three
 * kinds and parts orders opened over the last weeks in every status, some finished, some deleted, and
 * cash entries of every type and payment method (some without one, some deleted), written straight to
 * the database. The same seed writes the same history.
 */
import type { Db } from '../../api/db/connect.ts';
import { startOfShopDay } from '../../domain/dates.ts';
import { addDays } from '../../domain/reports.ts';
import { statusesOf, TERMINAL_STATUSES } from '../../domain/statuses.ts';

/** mulberry32: a tiny seeded generator, enough to vary a history. */
export function randomOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}

const METHODS = ['Dinheiro', 'Pix', 'Cartão de Débito', 'Cartão de Crédito', null] as const;
const TECHNICIANS = ['Carlos', 'Rita', ' Rita ', 'Joana', null] as const;

/** Writes the history of `seed` ending on the shop day `today`; `days` back at most. */
export async function writeHistory(
  db: Db,
  seed: number,
  today: string,
  tz: string,
  days = 45,
): Promise<void> {
  const r = randomOf(seed);
  const endOfToday = startOfShopDay(addDays(today, 1), tz).getTime();
  // An instant within the last `days` shop days, never after the end of today.
  const instant = () => new Date(endOfToday - 1 - r.int(days * 86_400_000));
  const clients = await db
    .insertInto('clients')
    .values(Array.from({ length: 12 }, (_, i) => ({ name: `Cliente ${seed}-${i}` })))
    .returning('id')
    .execute();
  const clientId = () => r.pick(clients).id;
  // An open order was last changed a few days after it was opened: older ready ones are ageing.
  const lastTouch = (created: Date) =>
    new Date(Math.min(endOfToday - 1, created.getTime() + r.int(3 * 86_400_000)));

  const serviceIds: number[] = [];
  for (let i = 0; i < 90 + r.int(40); i++) {
    const kind = r.pick(['normal', 'normal', 'returned', 'external'] as const);
    const status = r.pick(statusesOf(kind)).code;
    const created = instant();
    const terminal =
      status === TERMINAL_STATUSES[kind].completed || status === TERMINAL_STATUSES[kind].cancelled;
    const finished = terminal
      ? new Date(Math.min(endOfToday - 1, created.getTime() + r.int(20 * 86_400_000)))
      : null;
    const updated = finished ?? lastTouch(created);
    const original = kind === 'returned' ? (serviceIds[0] ?? null) : null;
    if (kind === 'returned' && original === null) continue;
    const row = await db
      .insertInto('service_orders')
      .values({
        kind,
        number: `${kind[0]?.toUpperCase()}${seed}-${i}`,
        status,
        client_id: clientId(),
        original_service_order_id: original,
        product_name: `Produto ${i}`,
        fix_technician_name: r.pick(TECHNICIANS),
        created_at: created,
        updated_at: updated,
        finished_at: finished,
        deleted_at: r.int(15) === 0 ? updated : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    serviceIds.push(row.id);
    // Upfront payments and, once completed, the close: what the technicians' revenue sums.
    if (r.int(3) === 0) {
      await entry(row.id, null, 101, created);
    }
    if (status === TERMINAL_STATUSES[kind].completed && finished) await entry(row.id, null, 102, finished);
  }
  for (let i = 0; i < 30 + r.int(20); i++) {
    const status = r.pick(statusesOf('parts')).code;
    const created = instant();
    const terminal = status === 103 || status === 104;
    const finished = terminal
      ? new Date(Math.min(endOfToday - 1, created.getTime() + r.int(10 * 86_400_000)))
      : null;
    const updated = finished ?? lastTouch(created);
    const row = await db
      .insertInto('orders')
      .values({
        number: `P${seed}-${i}`,
        status,
        client_id: clientId(),
        piece_name: `Peça ${i}`,
        created_at: created,
        updated_at: updated,
        finished_at: finished,
        deleted_at: r.int(15) === 0 ? updated : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (status === 104 && finished) await entry(null, row.id, 104, finished);
  }
  for (let i = 0; i < 150 + r.int(100); i++) {
    await entry(null, null, r.pick([103, 103, 201, 301, 302] as const), instant());
  }

  async function entry(serviceOrderId: number | null, orderId: number | null, type: number, at: Date) {
    const shopDay = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(at);
    await db
      .insertInto('transactions')
      .values({
        type,
        value_cents: 1 + r.int(500_000),
        description: `Lançamento; "${type}"`,
        date: shopDay,
        payment_method: r.pick(METHODS),
        service_order_id: serviceOrderId,
        order_id: orderId,
        created_at: at,
        // A deleted close would let a second one in; only entries of no order are ever deleted here.
        deleted_at: serviceOrderId === null && orderId === null && r.int(12) === 0 ? at : null,
      })
      .execute();
  }
}
