/** Form bodies checked by zod: either the data, or each field's first message (SPEC §5). */
import type { z } from 'zod';

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

export function validateForm<S extends z.ZodType>(schema: S, body: unknown): FormResult<z.output<S>> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The text a person typed into a field, for re-rendering the form ('' when absent or not text). */
export function textOf(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}
