/**
 * When a form arrives without a valid session or CSRF token, what was typed is not thrown away: it is
 * kept as a draft (server/drafts.ts), the person signs in (or, still signed in, simply goes back), and
 * the form's page opens again with the typing restored. A page asked for while signed out is where the
 * sign-in leads afterwards.
 */
import type { Request, Response } from 'express';
import type { WebDeps } from './context.ts';
import { formPageOf, safeLocalPath, saveDraft, typedFields, withDraft } from './drafts.ts';
import { formKeyOf } from './idempotency.ts';
import { flash } from './middleware/flash.ts';

export const NEXT_PARAM = 'next';

export const TEXT = {
  signInKept: 'Sua sessão expirou. Entre novamente: o que você digitou foi guardado e volta ao formulário.',
  signIn: 'Sua sessão expirou. Entre novamente.',
  formExpired: 'O formulário expirou. O que você digitou foi recuperado: confira e envie de novo.',
  restored: 'O que você digitou foi recuperado. Confira e salve.',
} as const;

/** The sign-in page, leading to `next` afterwards. */
export function signInPath(next: string | null): string {
  return next && next !== '/' ? `/?${NEXT_PARAM}=${encodeURIComponent(next)}` : '/';
}

/** Where a sign-in leads: the page asked for when it is one of ours, else the Consulta. */
export function afterSignIn(next: unknown): string {
  const path = safeLocalPath(next);
  return path && path !== '/' ? path : '/consulta';
}

/**
 * A POST that cannot be taken as it is (no session, a stale CSRF token): its typing is kept and the
 * person is sent to sign in, or straight back to the form when still signed in. A GET just goes to
 * sign in, and comes back to itself afterwards.
 */
export async function keepTypingAndSignIn(deps: WebDeps, req: Request, res: Response): Promise<void> {
  const signedIn = Boolean(req.session?.auth);
  if (req.method === 'GET' || req.method === 'HEAD') {
    if (req.session) flash(req, 'error', TEXT.signIn);
    return res.redirect(303, signInPath(req.originalUrl));
  }
  const page = formPageOf(req);
  const pagePath = page ? new URL(page, 'http://bancada.invalid').pathname : null;
  // The sign-in form itself has nothing to come back to.
  let target = pagePath === '/' ? null : page;
  const values = typedFields(req.body);
  if (target && pagePath && Object.keys(values).length > 0) {
    const key = formKeyOf(req);
    const id = await saveDraft(deps, {
      path: pagePath,
      values,
      reason: 'signed-out',
      ...(key ? { formKey: key } : {}),
    });
    target = withDraft(target, id);
  }
  if (signedIn) {
    flash(req, 'error', TEXT.formExpired);
    return res.redirect(303, target ?? '/consulta');
  }
  if (req.session) flash(req, 'error', target ? TEXT.signInKept : TEXT.signIn);
  res.redirect(303, signInPath(target));
}
