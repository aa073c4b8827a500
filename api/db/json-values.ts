/**
 * SQL that writes values the way the api's JSON carries them, for queries that hand back finished JSON
 * (order lists built with json_agg, an order's client): the same text the JavaScript path writes.
 */
import { type RawBuilder, sql } from 'kysely';

/**
 * A timestamptz as `Date.prototype.toISOString` writes it: UTC, milliseconds, a `Z`. to_char's `MS`
 * drops the microseconds as the drivers do when they make a Date, so both paths give the same string.
 */
export function isoTimestamp(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
