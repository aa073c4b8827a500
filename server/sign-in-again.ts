/**
 * When a form arrives without a valid session or CSRF token, what was typed is not thrown away: it is
 * kept as a draft (server/drafts.ts), the person signs in (or, still signed in, simply goes back), and
 * the form's page opens again with the typing restored. A page asked for while signed out is where the
 * sign-in leads afterwards.
 */
import type { Request, Response } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { WebDeps } from './context.ts';
import {
  type Draft,
  draftOwner,
  formPageOf,
  safeLocalPath,
  saveDraft,
  typedFields,
  withDraft,
} from './drafts.ts';
import { formKeyOf } from './idempotency.ts';
import { flash } from './middleware/flash.ts';

export const NEXT_PARAM = 'next';

export const TEXT = {
  signInKept: 'Sua sessão expirou. Entre novamente: o que você digitou foi guardado e volta ao formulário.',
  signIn: 'Sua sessão expirou. Entre novamente.',
  formExpired: 'O formulário expirou. O que você digitou foi recuperado: confira e envie de novo.',
  restored: 'O que você digitou foi recuperado. Confira e salve.',
  formRefused: 'O formulário expirou. Preencha e envie de novo.',
  outage:
    'O servidor da Bancada não respondeu a tempo. O que você digitou está aqui: salve de novo (se já tinha sido salvo, nada será duplicado).',
  sessionsDown:
    'O armazenamento de sessões não respondia e nada foi salvo. O que você digitou está aqui: salve de novo.',
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
 * Whether a POST came from one of our own pages, as the browser tells: Sec-Fetch-Site (every current
 * browser), else Origin. A form another site made a browser send is not anyone's typing. A client that
 * sends neither (not a browser) is let through: its draft is tied to its own cookie anyway.
 */
function fromOurPage(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = req.get('origin');
  if (!origin) return true;
  // The host alone: behind a TLS proxy the web may see http while the browser says https.
  return URL.canParse(origin) && new URL(origin).host === req.get('host');
}

/**
 * Typing kept for people not signed in, per address: a browser whose session ended keeps a few forms,
 * not thousands (anyone can post without signing in; each draft takes memory for two hours).
 */
const DRAFTS_PER_ADDRESS = 30;
const draftLimits = new WeakMap<WebDeps, RateLimiterMemory>();
async function mayKeepDraft(deps: WebDeps, req: Request): Promise<boolean> {
  let limiter = draftLimits.get(deps);
  if (!limiter) {
    limiter = new RateLimiterMemory({
      keyPrefix: 'signed-out-drafts',
      points: DRAFTS_PER_ADDRESS,
      duration: 600,
    });
    draftLimits.set(deps, limiter);
  }
  return limiter.consume(req.ip ?? 'unknown').then(
    () => true,
    () => false,
  );
}

/** A posted form's page, and what a draft of it keeps: the page's path, the typing, the one-use key. */
function postedTyping(
  req: Request,
): { page: string; kept: Pick<Draft, 'path' | 'values' | 'formKey'> } | null {
  const page = formPageOf(req);
  const values = typedFields(req.body);
  if (!page || Object.keys(values).length === 0) return null;
  const key = formKeyOf(req);
  const path = new URL(page, 'http://bancada.invalid').pathname;
  return { page, kept: { path, values, ...(key ? { formKey: key } : {}) } };
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
  // Another site's form: nothing of it is kept or shown as anyone's typing.
  if (!fromOurPage(req)) return res.redirect(303, signedIn ? '/consulta' : '/');
  const typed = postedTyping(req);
  // The sign-in form itself has nothing to come back to.
  let target = typed && typed.kept.path !== '/' ? typed.page : null;
  let kept = false;
  if (typed && target && (await mayKeepDraft(deps, req))) {
    const id = await saveDraft(deps, res, {
      ...typed.kept,
      // Still signed in (a form from before a sign-out and in again): the draft's own notice is the
      // only one, saying the form expired and the typing is back.
      ...(signedIn ? { reason: 'failed', toast: TEXT.formExpired } : { reason: 'signed-out' }),
      owner: draftOwner(req, res),
    });
    target = withDraft(target, id);
    kept = true;
  }
  if (signedIn) {
    if (!kept) flash(req, 'error', TEXT.formRefused);
    return res.redirect(303, target ?? '/consulta');
  }
  if (req.session) flash(req, 'error', kept ? TEXT.signInKept : TEXT.signIn);
  res.redirect(303, signInPath(target));
}

/**
 * A save whose answer never came from the api (down, stalled; maybe saved before the answer was lost):
 * the typing does not go with the 503 page. It is kept as a draft of the form's page, which shows it with a toast once the api
 * answers again (a reload of that address), with the same one-use key: a save that did land before the
 * answer was lost is opened, not made twice. False when there is nothing of ours to keep (the caller
 * shows the 503 page), or when the draft itself cannot be kept.
 */
export async function keepTypingAfterOutage(deps: WebDeps, req: Request, res: Response): Promise<boolean> {
  if (req.method !== 'POST' || !req.session?.auth || !fromOurPage(req)) return false;
  const typed = postedTyping(req);
  if (!typed) return false;
  try {
    const id = await saveDraft(deps, res, { ...typed.kept, reason: 'failed', toast: TEXT.outage });
    res.redirect(303, withDraft(typed.page, id));
    return true;
  } catch {
    return false;
  }
}

/**
 * A save that came while the session store (Redis) did not answer: nobody can be told apart, so nothing
 * is saved, but the typing is kept (drafts.ts keeps it in this process while Redis is down) for this
 * browser only. The address of the form with it, or null when there is nothing of ours to keep.
 */
export async function keepTypingWithoutSessions(
  deps: WebDeps,
  req: Request,
  res: Response,
): Promise<string | null> {
  if (req.method !== 'POST' || !fromOurPage(req)) return null;
  const typed = postedTyping(req);
  if (!typed || typed.kept.path === '/' || !(await mayKeepDraft(deps, req))) return null;
  const draft: Draft = {
    ...typed.kept,
    reason: 'failed',
    toast: TEXT.sessionsDown,
    owner: draftOwner(req, res),
  };
  return withDraft(typed.page, await saveDraft(deps, res, draft, true));
}
