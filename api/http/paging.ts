/**
 * One page of a list (docs/api.md "Lists in pages"): `limit` (1 to LIST_PAGE_MAX) and `offset` (from 0)
 * in the query. Asked with `limit`, a list answers `{ items, total, limit, offset }`, `total` counting
 * the whole list; without it, the array SPEC §7 names, as before (capped, never unbounded).
 */
import { z } from 'zod';
import { queryInteger } from './values.ts';

/** The most rows one page may ask for. */
export const LIST_PAGE_MAX = 200;
/** PostgreSQL's OFFSET takes a bigint; no list holds anywhere near this many rows. */
const OFFSET_MAX = 2_147_483_647;

export const pagingFields = {
  limit: queryInteger(1, LIST_PAGE_MAX, `Limite inválido: use um número inteiro de 1 a ${LIST_PAGE_MAX}`),
  offset: queryInteger(0, OFFSET_MAX, 'Deslocamento inválido: use um número inteiro a partir de 0'),
  /** `antigas`: the longest in their status first (the lists' ageing, decision 020). */
  ordem: z.enum(['antigas'], { error: 'Ordem inválida: use antigas' }).optional(),
};

export type Paging = { limit: number; offset: number };

/** The page asked for, or null when the caller asked for the plain list. */
export function pagingOf(query: { limit?: number | undefined; offset?: number | undefined }): Paging | null {
  return query.limit === undefined ? null : { limit: query.limit, offset: query.offset ?? 0 };
}

export type Page<T> = { items: T[]; total: number; limit: number; offset: number };

/**
 * A page past the middle of a list of `total` rows, read from the list's other end: the same rows,
 * reached with the smaller offset (a database walks every row an OFFSET skips). Null when the page is
 * nearer the start. The rows read that way come in reverse; the caller turns them back.
 */
export function fromNearerEnd(page: Paging, total: number): Paging | null {
  const fromEnd = total - page.offset - page.limit;
  if (page.offset <= Math.max(0, fromEnd)) return null;
  return { limit: Math.max(0, Math.min(page.limit, total - page.offset)), offset: Math.max(0, fromEnd) };
}
