/**
 * The pieces of the api benches' tables: fixed-width columns, so each value sits under its header and runs
 * compare line by line, and the query plans printed after the tables.
 */
import type { DbKind } from '../../api/db/connect.ts';
import type { Beside } from './timing.ts';

/** A number with `digits` decimals, right-aligned in a column `width` wide. */
export const fixed = (value: number, digits: number, width: number) => value.toFixed(digits).padStart(width);

/** A row: the target in the first column, then `cells`, then whether the row meets its target. */
export function targetRow(kind: DbKind, cells: string[], meetsTarget: boolean): string {
  return [kind.padEnd(9), ...cells, meetsTarget ? ' yes' : ' NO'].join(' ');
}

/**
 * The columns http p50, http p95, sql p50, sql p95 and ratio, the times with `digits` decimals; the sql
 * columns are `sqlWidth` wide, to sit under their headers.
 */
export function besideCells({ http, sql, ratio }: Beside, digits: number, sqlWidth: number): string[] {
  return [
    fixed(http.p50, digits, 9),
    fixed(http.p95, digits, 9),
    fixed(sql.p50, digits, sqlWidth),
    fixed(sql.p95, digits, sqlWidth),
    fixed(ratio, 2, 6),
  ];
}

/** EXPLAIN's answer as the text psql prints: one row a line, in its one column. */
export const planText = (rows: Record<string, unknown>[]) =>
  rows.map((row) => String(Object.values(row)[0])).join('\n');

/** A target's plans (BENCH_EXPLAIN=1), each under a line naming the target and the case. */
export const planSections = (target: { kind: DbKind; plans?: Record<string, string> }) =>
  Object.entries(target.plans ?? {}).map(([name, plan]) => `\n${target.kind} ${name}:\n${plan}`);
