/**
 * What `npm run backup`, `npm run restore` and `npm run move-to-postgres` share: where the database is
 * (the api's own variables: DATABASE_URL and DATABASE_SCHEMA, else PGlite in DATA_DIR/pglite) and the
 * row-by-row copy of one database into another that the move uses.
 */
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../api/db/connect.ts';

export type Target =
  | { kind: 'postgres'; url: string; schema: string | null }
  | { kind: 'pglite'; dataDir: string; pgliteDir: string };

export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): Target {
  if (env.DATABASE_URL)
    return { kind: 'postgres', url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA || null };
  const dataDir = resolve(env.DATA_DIR || './data');
  return { kind: 'pglite', dataDir, pgliteDir: resolve(dataDir, 'pglite') };
}

export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Totals the database keeps itself from the rows they count (migration 012's triggers): the copy
 * leaves them out, and the target's triggers write them again as the counted rows arrive.
 */
export const KEPT_TOTALS = ['order_status_counts', 'cash_day_totals'];

/** Tables of the current schema, parents before the tables that reference them (Kysely's own left out). */
export async function tablesInOrder(db: Db): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not like 'kysely_%' order by table_name`.execute(db);
  const { rows: refs } = await sql<{ child: string; parent: string }>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  const bare = (t: string) => t.split('.').at(-1) as string;
  const left = new Set(tables.map((t) => t.name));
  const ordered: string[] = [];
  while (left.size > 0) {
    const ready = [...left].filter((t) =>
      refs.every((r) => bare(r.child) !== t || bare(r.parent) === t || !left.has(bare(r.parent))),
    );
    if (ready.length === 0) throw new Error(`a cycle of foreign keys among ${[...left].join(', ')}`);
    for (const t of ready) {
      ordered.push(t);
      left.delete(t);
    }
  }
  return ordered;
}

/** The columns a row is written with: generated columns are computed again by the target. */
async function writableColumns(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Copies every row of every table from `source` into `target` (same schema, empty tables), ids kept,
 * then sets every sequence (ids and the O.S. and order numbers) where the source left it. Each row goes
 * through JSON in the database itself (to_jsonb / jsonb_populate_recordset), so every type comes back
 * exactly as it was. Returns the rows copied per table.
 */
export async function copyDatabase(source: Db, target: Db): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  const tables = (await tablesInOrder(source)).filter((t) => !KEPT_TOTALS.includes(t));
  await target.transaction().execute(async (trx) => {
    for (const table of tables) {
      const columns = await writableColumns(source, table);
      const list = sql.join(columns.map((c) => sql.ref(c)));
      let offset = 0;
      copied[table] = 0;
      for (;;) {
        const { rows } = await sql<{ rows: unknown[] | null }>`
          select jsonb_agg(to_jsonb(t)) as rows from (
            select * from ${sql.table(table)} order by 1 limit 1000 offset ${offset}) t`.execute(source);
        const batch = rows[0]?.rows ?? [];
        if (batch.length === 0) break;
        await sql`insert into ${sql.table(table)} (${list}) overriding system value
          select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(batch)}::jsonb)`.execute(
          trx,
        );
        copied[table] += batch.length;
        offset += batch.length;
      }
    }
    // Identity columns' sequences included (information_schema.sequences leaves them out).
    const { rows: sequences } = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = current_schema() order by 1`.execute(source);
    for (const { name } of sequences) {
      const { rows } = await sql<{ last_value: string; is_called: boolean }>`
        select last_value, is_called from ${sql.table(name)}`.execute(source);
      const state = rows[0];
      if (state)
        await sql`select setval(${name}::regclass, ${state.last_value}::bigint, ${state.is_called})`.execute(
          trx,
        );
    }
  });
  return copied;
}

/**
 * A backup's default name's date and time, as the shop's clock reads them (SHOP_TZ): an evening backup
 * is named for its own day, not for the next one in UTC. '2026-11-24-21-44'.
 */
export function backupStamp(now: Date, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}-${part('hour')}-${part('minute')}`;
}
