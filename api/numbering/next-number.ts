/**
 * Order numbers (API.md): a letter and a 5-digit sequence, one sequence per letter — M or F for a
 * normal order (the origin of the user who opens it), R returned, E external, P parts orders.
 * Sequences never hand the same number twice, even to concurrent openings; a rolled-back opening
 * leaves a gap, which is fine for a counter.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

export type NumberLetter = 'M' | 'F' | 'R' | 'E' | 'P';

export async function nextNumber(db: Db, letter: NumberLetter): Promise<string> {
  const sequence = sql.raw(`order_number_${letter.toLowerCase()}`);
  const { rows } = await sql<{ n: string }>`SELECT nextval('${sequence}') AS n`.execute(db);
  return `${letter}${String(rows[0]?.n ?? '').padStart(5, '0')}`;
}

/**
 * Searching by number ignores case and leading zeros (API.md): 'm12', 'M00012' and 'M012' all name M00012.
 * Returns null for text that cannot be an order number.
 */
export function normalizeNumber(text: string): string | null {
  const m = /^\s*([A-Za-z])\s*0*(\d{1,9})\s*$/.exec(text);
  if (!m?.[1] || !m[2]) return null;
  return `${m[1].toUpperCase()}${m[2].padStart(5, '0')}`;
}
