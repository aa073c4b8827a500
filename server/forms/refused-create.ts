/**
 * Post/redirect/get for the create forms (Cadastrar cliente, the three Abrir O.S., Novo pedido, Criar
 * lançamento), as the edit forms do it: a refused POST (bad input, the api said no) keeps the typing,
 * the errors and the form's one-use key as a draft (server/drafts.ts) and answers 303 to the form's
 * page, whose GET shows them. Back or a refresh then never offers to send the form again, and the
 * form shown carries the same key, so it still creates once.
 */
import type { Request, Response } from 'express';
import type { Toast } from '../../contract/web.ts';
import type { WebDeps } from '../context.ts';
import { type Draft, draftFor, formPageOf, saveDraft, typedFields, withDraft } from '../drafts.ts';
import { formKeyOf } from '../idempotency.ts';
import { TEXT as SIGN_IN_TEXT } from '../sign-in-again.ts';

/** What a create form's GET puts back from a draft. */
export type Restored = {
  values: Record<string, string>;
  errors?: Record<string, string>;
  toasts: Toast[];
  /** The key the refused form carried: the page renders its forms with it again. */
  formKey?: string;
};

/** The draft named in this GET's address, as the form shows it; null when there is none. */
export async function restoredDraft(deps: WebDeps, req: Request): Promise<Restored | null> {
  const draft = await draftFor(deps, req);
  if (!draft) return null;
  const toasts: Toast[] = draft.toast ? [{ kind: 'error', text: draft.toast }] : [];
  if (draft.reason === 'signed-out') toasts.push({ kind: 'success', text: SIGN_IN_TEXT.restored });
  return {
    values: draft.values,
    ...(draft.errors ? { errors: draft.errors } : {}),
    toasts,
    ...(draft.formKey ? { formKey: draft.formKey } : {}),
  };
}

/**
 * Keeps the posted typing with why it was refused and redirects (303) to the form's page: the page the
 * form came from (its query kept: ?cliente=, ?original=) when that is `path`, else `path` itself.
 */
export async function backToCreateForm(
  deps: WebDeps,
  req: Request,
  res: Response,
  path: string,
  refusal: Pick<Draft, 'errors' | 'toast'> & { extra?: Record<string, string> },
): Promise<void> {
  const values = { ...typedFields(req.body), ...refusal.extra };
  delete values._from;
  const from = formPageOf(req);
  const target = from && new URL(from, 'http://bancada.invalid').pathname === path ? from : path;
  const key = formKeyOf(req);
  const id = await saveDraft(deps, res, {
    path,
    values,
    ...(refusal.errors ? { errors: refusal.errors } : {}),
    reason: refusal.toast ? 'failed' : 'invalid',
    ...(refusal.toast ? { toast: refusal.toast } : {}),
    ...(key ? { formKey: key } : {}),
  });
  res.redirect(303, withDraft(target, id));
}

/**
 * The dialog of an order page (pagamento antecipado, cancelar, deletar) a draft's fields were typed
 * in, for typing kept through a lost session (a refusal's draft names its dialog itself).
 */
export function dialogOfFields(values: Record<string, string>): 'upfront' | 'cancel' | 'remove' | undefined {
  if ('payment_method' in values && 'value' in values) return 'upfront';
  if ('cancel_motive' in values) return 'cancel';
  if ('confirm_username' in values) return 'remove';
  return undefined;
}
