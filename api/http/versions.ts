/**
 * Optimistic concurrency (migration 005): an edit names the version it was loaded from, in the body
 * (`version`) or in `If-Match`; a row that has moved on since answers 409 with the row as it is now,
 * so the caller can show both. An edit naming no version is not checked (SPEC §7's bodies have none).
 */
import type { Request } from 'express';
import { z } from 'zod';
import { ApiError, badRequest } from './errors.ts';

export const STALE_MESSAGE = 'Este registro foi alterado por outra pessoa depois que você o abriu.';

/** The body's optional `version` field. */
export const versionField = {
  version: z.number({ error: 'Versão inválida' }).int().positive().optional(),
};

/** The version the caller edited: the body's, else If-Match's ("3", W/"3" or 3); undefined when none. */
export function expectedVersion(req: Request, fromBody: number | undefined): number | undefined {
  if (fromBody !== undefined) return fromBody;
  const header = req.get('if-match');
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) throw badRequest('If-Match inválido');
  return Number(match[1]);
}

/** 409 with the current row when the caller's version is not the row's. */
export async function checkVersion(
  expected: number | undefined,
  row: { version: number },
  current: () => unknown,
): Promise<void> {
  if (expected !== undefined && expected !== row.version) {
    throw new ApiError(409, STALE_MESSAGE, undefined, { current: await current() });
  }
}
