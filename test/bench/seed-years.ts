/**
 * Ten years of a busy shop, written by SQL alone (generate_series) so the fill takes a minute or two,
 * not hours: 200,000 clients, 500,000 service orders (normal, returned, external), 100,000 parts orders
 * and 2,500,000 cash entries, ending today. Reusable by any bench that needs a long history (`scale`
 * shrinks every count alike). Deterministic: the same sizes write the same history, relative to today.
 *
 * Status mixes as a real shop's: orders older than 60 days are nearly all finished (delivered and paid),
 * a few cancelled, delivered unpaid, refused or not worth fixing, a few ready and never picked up;
 * the last 60 days hold the open work in every status. Every completed service order and parts order has
 * its one close entry (102/104) dated when it was finished; about a third have an upfront payment (101);
 * the rest of the entries are counter sales (103), purchases (201) and cancellations (301/302), with a
 * payment-method mix led by Pix. A few entries are deleted, as a real history has.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../../api/db/connect.ts';

export type YearsSize = {
  years: number;
  clients: number;
  serviceOrders: number;
  partsOrders: number;
  entries: number;
};

export const TEN_YEARS: YearsSize = {
  years: 10,
  clients: 200_000,
  serviceOrders: 500_000,
  partsOrders: 100_000,
  entries: 2_500_000,
};

/** The sizes times `scale` (at least 1 of each). */
export function scaled(scale: number, size: YearsSize = TEN_YEARS): YearsSize {
  const s = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    years: size.years,
    clients: s(size.clients),
    serviceOrders: s(size.serviceOrders),
    partsOrders: s(size.partsOrders),
    entries: s(size.entries),
  };
}

/** A stable pseudo-random 0..999 of a row number (Knuth's multiplicative hash). */
const hash = (column: string, salt = 0) =>
  sql.raw(`((((${column})::bigint + ${salt}) * 2654435761) % 1000)::int`);

/** Pix first, then cards and cash, as a Brazilian counter takes them. */
const METHOD = (h: ReturnType<typeof hash>) => sql`CASE
  WHEN ${h} < 350 THEN 'Pix' WHEN ${h} < 600 THEN 'Dinheiro' WHEN ${h} < 800 THEN 'Cartão de Crédito'
  WHEN ${h} < 950 THEN 'Cartão de Débito' WHEN ${h} < 980 THEN 'Transferência' WHEN ${h} < 990 THEN 'Boleto'
  ELSE 'Cheque' END`;

export type SeedTimes = Record<'clients' | 'serviceOrders' | 'partsOrders' | 'entries' | 'analyze', number>;

/** Fills an empty database (migrated) with the history; returns the seconds each part took. */
export async function seedYears(db: Db, size: YearsSize = TEN_YEARS): Promise<SeedTimes> {
  const times = {} as SeedTimes;
  const timed = async (key: keyof SeedTimes, run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    times[key] = Math.round((performance.now() - t) / 100) / 10;
  };
  const days = Math.round(size.years * 365.25);
  // Business dates are read in the default shop zone (America/Sao_Paulo), as the api's own default.
  // Row i of n is opened at this instant: evenly over the years, at shop hours, the last one today.
  const openedAt = (n: number) =>
    sql.raw(`(date_trunc('day', now()) - interval '${days} days'
      + ((i - 1)::float8 * ${days} / ${n}) * interval '1 day' + interval '11 hours' + (i % 480) * interval '1 minute')`);

  await timed('clients', () =>
    // Seven in ten with a CPF (distinct: 7919 is prime to 10^11), searchable as the staff type it.
    sql`INSERT INTO clients (name, phone1, cpf, created_at)
      SELECT (array['Maria','José','Ana','João','Francisca','Antônio','Adriana','Carlos','Paulo','Juliana'])[1 + i % 10]
          || ' ' || (array['Silva','Santos','Oliveira','Souza','Lima','Pereira','Gonçalves','Costa'])[1 + (i / 10) % 8]
          || ' ' || i,
        '(11) 9' || lpad(i::text, 8, '0'),
        CASE WHEN i % 10 < 7 THEN lpad(((i::bigint * 7919) % 100000000000)::text, 11, '0') END,
        ${openedAt(size.clients)}
      FROM generate_series(1, ${size.clients}::int) AS i`.execute(db),
  );
  const firstClient = Number(
    (await sql<{ id: number }>`SELECT min(id) AS id FROM clients`.execute(db)).rows[0]?.id ?? 1,
  );

  await timed('serviceOrders', async () => {
    const n = size.serviceOrders;
    // Kinds: 80% normal, 12% external, 8% returned (written after, pointing at an earlier order).
    await sql`
      WITH g AS (
        SELECT i, ${hash('i')} AS h, ${hash('i', 7)} AS k, ${openedAt(n)} AS opened FROM generate_series(1, ${n}::int) AS i
      ), s AS (
        SELECT i, h, opened, CASE WHEN k < 800 THEN 'normal' WHEN k < 920 THEN 'external' ELSE 'returned' END AS kind,
          opened < now() - interval '60 days' AS old
        FROM g
      ), st AS (
        SELECT i, opened, kind, h, CASE
          WHEN kind = 'normal' AND old THEN CASE WHEN h < 850 THEN 108 WHEN h < 900 THEN 107 WHEN h < 930 THEN 106
            WHEN h < 955 THEN 109 WHEN h < 970 THEN 110 WHEN h < 982 THEN 111 WHEN h < 992 THEN 112 ELSE 105 END
          WHEN kind = 'normal' THEN CASE WHEN h < 150 THEN 100 WHEN h < 250 THEN 101 WHEN h < 350 THEN 102
            WHEN h < 420 THEN 103 WHEN h < 520 THEN 104 WHEN h < 620 THEN 105 WHEN h < 900 THEN 108
            WHEN h < 950 THEN 107 ELSE 106 END
          WHEN kind = 'returned' AND old THEN CASE WHEN h < 850 THEN 205 WHEN h < 920 THEN 204 WHEN h < 950 THEN 203
            WHEN h < 980 THEN 207 ELSE 202 END
          WHEN kind = 'returned' THEN CASE WHEN h < 300 THEN 200 WHEN h < 450 THEN 201 WHEN h < 600 THEN 202
            ELSE 205 END
          WHEN old THEN CASE WHEN h < 920 THEN 301 ELSE 302 END
          ELSE CASE WHEN h < 350 THEN 300 WHEN h < 920 THEN 301 ELSE 302 END
        END AS status
        FROM s
      ), f AS (
        SELECT *, CASE WHEN status IN (107, 108, 204, 205, 301, 302)
            THEN least(now() - interval '1 minute', opened + (1 + h % 20) * interval '1 day' + (h % 300) * interval '1 minute')
          END AS finished
        FROM st
      )
      INSERT INTO service_orders (kind, number, status, client_id, original_service_order_id, product_name,
        product_brand, product_serial, fix_technician_name, fix_value_final_cents, created_at, updated_at, finished_at)
      SELECT kind, (CASE WHEN kind = 'normal' THEN 'M' ELSE 'E' END) || lpad(i::text, greatest(5, length(i::text)), '0'), status, ${firstClient} + (i::bigint * 7919) % ${size.clients},
        NULL,
        (array['Notebook','Televisor','Celular','Micro-ondas','Caixa de som','Videogame'])[1 + i % 6] || ' ' || (i % 97),
        (array['Dell','Samsung','LG','Motorola','Apple','Philips','Sony'])[1 + i % 7],
        -- A serial of its own (distinct: 48271 is prime to 10^8), written with a separator as labels have it.
        'SN-' || lpad(((i::bigint * 48271) % 100000000)::text, 8, '0'),
        CASE WHEN kind = 'normal' THEN (array['Carlos','Rita','Joana','Pedro','Marcos','Luana'])[1 + h % 6] END,
        CASE WHEN status IN (108, 301) THEN 5000 + (i::bigint * 37) % 120000 END,
        opened,
        coalesce(finished, least(now() - interval '1 minute', opened + (h % 5) * interval '1 day')),
        finished
      FROM f WHERE kind <> 'returned'`.execute(db);
    const { rows } = await sql<{ lo: number; hi: number }>`
      SELECT min(id) AS lo, max(id) AS hi FROM service_orders WHERE kind = 'normal'`.execute(db);
    const lo = Number(rows[0]?.lo ?? 1);
    const span = Math.max(1, Number(rows[0]?.hi ?? 1) - lo);
    await sql`
      WITH g AS (
        SELECT i, ${hash('i')} AS h, ${hash('i', 7)} AS k, ${openedAt(n)} AS opened FROM generate_series(1, ${n}::int) AS i
      ), st AS (
        SELECT i, h, opened, CASE
          WHEN opened < now() - interval '60 days' THEN CASE WHEN h < 850 THEN 205 WHEN h < 920 THEN 204
            WHEN h < 950 THEN 203 WHEN h < 980 THEN 207 ELSE 202 END
          ELSE CASE WHEN h < 300 THEN 200 WHEN h < 450 THEN 201 WHEN h < 600 THEN 202 ELSE 205 END
        END AS status
        FROM g WHERE k >= 920
      ), f AS (
        SELECT *, CASE WHEN status IN (204, 205)
            THEN least(now() - interval '1 minute', opened + (1 + h % 15) * interval '1 day') END AS finished
        FROM st
      )
      INSERT INTO service_orders (kind, number, status, client_id, original_service_order_id, product_name,
        fix_technician_name, created_at, updated_at, finished_at, return_motive)
      SELECT 'returned', 'R' || lpad(i::text, greatest(5, length(i::text)), '0'), status, ${firstClient} + (i::bigint * 7919) % ${size.clients},
        ${lo} + (i::bigint * 104729) % ${span}, 'Retorno ' || (i % 97),
        (array['Carlos','Rita','Joana','Pedro','Marcos','Luana'])[1 + h % 6],
        opened, coalesce(finished, least(now() - interval '1 minute', opened + (h % 5) * interval '1 day')),
        finished, 'Voltou com o mesmo defeito'
      FROM f`.execute(db);
  });

  await timed('partsOrders', () => {
    const n = size.partsOrders;
    return sql`
      WITH g AS (
        SELECT i, ${hash('i', 3)} AS h, ${openedAt(n)} AS opened FROM generate_series(1, ${n}::int) AS i
      ), st AS (
        SELECT i, h, opened, CASE
          WHEN opened < now() - interval '60 days' THEN CASE WHEN h < 880 THEN 104 WHEN h < 950 THEN 103
            WHEN h < 980 THEN 102 ELSE 101 END
          ELSE CASE WHEN h < 300 THEN 100 WHEN h < 600 THEN 101 WHEN h < 900 THEN 104 ELSE 103 END
        END AS status
        FROM g
      ), f AS (
        SELECT *, CASE WHEN status IN (103, 104)
            THEN least(now() - interval '1 minute', opened + (2 + h % 25) * interval '1 day') END AS finished
        FROM st
      )
      INSERT INTO orders (number, status, client_id, piece_name, piece_value_cents, payment_method,
        created_at, updated_at, finished_at)
      SELECT 'P' || lpad(i::text, greatest(5, length(i::text)), '0'), status, ${firstClient} + (i::bigint * 6007) % ${size.clients},
        (array['Tela','Bateria','Placa','Teclado','Fonte','Conector'])[1 + i % 6] || ' ' || (i % 53),
        1000 + (i::bigint * 31) % 90000, ${METHOD(hash('i', 5))},
        opened, coalesce(finished, least(now() - interval '1 minute', opened + (h % 7) * interval '1 day')), finished
      FROM f`.execute(db);
  });

  // Numbers as the api hands them (a letter and at least 5 digits); its sequences go on after the history.
  for (const letter of ['m', 'e', 'r', 'p']) {
    await sql`SELECT setval(${`order_number_${letter}`}, ${size.serviceOrders + size.partsOrders})`.execute(
      db,
    );
  }

  await timed('entries', async () => {
    // The closes: one per completed order, on the shop day it was finished.
    await sql`
      INSERT INTO transactions (type, value_cents, description, date, payment_method, service_order_id, created_at)
      SELECT 102, 5000 + (id::bigint * 37) % 120000, 'O.S. finalizada', (finished_at AT TIME ZONE 'America/Sao_Paulo')::date,
        ${METHOD(hash('id', 11))}, id, finished_at
      FROM service_orders WHERE status IN (108, 205, 301)`.execute(db);
    await sql`
      INSERT INTO transactions (type, value_cents, description, date, payment_method, order_id, created_at)
      SELECT 104, piece_value_cents, 'Pedido finalizado', (finished_at AT TIME ZONE 'America/Sao_Paulo')::date,
        coalesce(payment_method, 'Pix'), id, finished_at
      FROM orders WHERE status = 104`.execute(db);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM transactions`.execute(db);
    const rest = Math.max(0, size.entries - Number(rows[0]?.n ?? 0));
    const so = await sql<{
      lo: number;
      hi: number;
    }>`SELECT min(id) AS lo, max(id) AS hi FROM service_orders`.execute(db);
    const soLo = Number(so.rows[0]?.lo ?? 1);
    const soSpan = Math.max(1, Number(so.rows[0]?.hi ?? 1) - soLo);
    const po = await sql<{ lo: number; hi: number }>`SELECT min(id) AS lo, max(id) AS hi FROM orders`.execute(
      db,
    );
    const poLo = Number(po.rows[0]?.lo ?? 1);
    const poSpan = Math.max(1, Number(po.rows[0]?.hi ?? 1) - poLo);
    // The rest, spread evenly over the years: upfront payments, counter sales, purchases, cancellations.
    await sql`
      WITH g AS (
        SELECT i, ${hash('i', 13)} AS h, ${openedAt(rest)} AS stamp FROM generate_series(1, ${rest}::int) AS i
      ), t AS (
        SELECT i, h, stamp, CASE WHEN h < 220 THEN 101 WHEN h < 620 THEN 103 WHEN h < 940 THEN 201
          WHEN h < 970 THEN 301 ELSE 302 END AS type
        FROM g
      )
      INSERT INTO transactions (type, value_cents, description, date, payment_method, service_order_id, order_id,
        created_at, deleted_at)
      SELECT type, 500 + (i::bigint * 37) % 150000,
        (array['Pagamento','Venda balcão','Compra de peças','Cabo USB','Película','Fone'])[1 + i % 6],
        (stamp AT TIME ZONE 'America/Sao_Paulo')::date, ${METHOD(hash('i', 17))},
        CASE WHEN type IN (101, 301) THEN ${soLo} + (i::bigint * 7919) % ${soSpan} END,
        CASE WHEN type = 302 THEN ${poLo} + (i::bigint * 6007) % ${poSpan} END,
        stamp, CASE WHEN h % 97 = 0 THEN stamp + interval '1 hour' END
      FROM t`.execute(db);
  });

  // The totals the triggers kept while the history went in too: a shop's autovacuum has long analyzed
  // them, and a planner without their statistics sorts a year of day totals where it would hash them.
  await timed('analyze', () =>
    sql`VACUUM ANALYZE clients, service_orders, orders, transactions, cash_day_totals, order_status_counts`.execute(
      db,
    ),
  );
  return times;
}
