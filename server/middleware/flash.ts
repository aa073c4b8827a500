/** Toasts carried across a redirect in the session (SPEC §9: at most 20 kept). */
import type { Request } from 'express';
import type { Toast } from '../../contract/web.ts';

export const MAX_TOASTS = 20;

export function flash(req: Request, kind: Toast['kind'], text: string): void {
  const list = req.session.flash ?? [];
  list.push({ kind, text });
  req.session.flash = list.slice(-MAX_TOASTS);
}

export function takeFlash(req: Request): Toast[] {
  const list = req.session?.flash ?? [];
  if (req.session?.flash) delete req.session.flash;
  return list;
}
