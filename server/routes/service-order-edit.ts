/**
 * Editar O.S., Editar O.S. de retorno and Editar Atendimento Externo (SPEC §2, §4, §5, §8), with
 * post/redirect/get: a save that cannot be taken keeps the typing as a draft (server/drafts.ts) and
 * goes back to the form, which shows it with its errors, or — when someone else saved the order in the
 * meantime, or finished it — both versions side by side (server/forms/edit-version.ts).
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import type { z } from 'zod';
import type { ReturnedOrder, ServiceOrderKind } from '../../contract/service-orders.ts';
import type { Toast } from '../../contract/web.ts';
import { isTerminal, statusLabel } from '../../domain/statuses.ts';
import { EditConflict } from '../../views/components/EditConflict.tsx';
import { EditServiceOrder, editTitle } from '../../views/pages/EditServiceOrder.tsx';
import { extrasOf } from '../backend/extras.ts';
import {
  findServiceOrder,
  getServiceOrder,
  updateExternalOrder,
  updateNormalOrder,
  updateReturnedOrder,
} from '../backend/service-orders.ts';
import type { WebDeps } from '../context.ts';
import { type Draft, draftFor, saveDraft, withDraft } from '../drafts.ts';
import {
  ALREADY_SAVED,
  alreadySaved,
  changedSince,
  conflictRows,
  differsFromTheirs,
  LOADED_FIELD,
  LOADED_VALUES_FIELD,
  loadedMarks,
  mergedOverTheirs,
  NOTHING_OF_YOURS,
  VERSION_FIELD,
  versionToSave,
} from '../forms/edit-version.ts';
import { centsFieldsToReais, typedValues } from '../forms/service-order.ts';
import {
  type AnyOrder,
  blankDatesAsEmpty,
  EDIT_FIELDS,
  type EDIT_FORMS,
  EDIT_LABELS,
  EDIT_MONEY_FIELDS,
  editFormFor,
  editValuesOf,
} from '../forms/service-order-edit.ts';
import { validateForm } from '../forms/validate.ts';
import { flash } from '../middleware/flash.ts';
import { TEXT as SIGN_IN_TEXT } from '../sign-in-again.ts';

export const EDIT_TEXT = {
  notFound: 'Nenhuma O.S. encontrada',
  edited: 'O.S. Editada com sucesso!',
  returnEdited: 'O.S. de Retorno editada com sucesso!',
  editFailed: 'Ocorreu um erro ao editar a O.S. Cheque suas credenciais.',
  finished:
    'Esta O.S. foi finalizada ou cancelada (por exemplo, enviada ao caixa) por outra pessoa enquanto você editava, e não pode mais ser editada. Nada foi salvo; o que você digitou está abaixo para você copiar.',
  /** SPEC §7 has no edit of an external order: a backend that follows only SPEC §7 lacks it. */
  externalEditUnavailable: 'A edição de O.S. externa não está disponível neste servidor.',
} as const;

export const EDIT_PATH: Record<ServiceOrderKind, string> = {
  normal: '/editar-os/',
  returned: '/editar-os-retorno/',
  external: '/editar-os-externa/',
};

const pathOf = (id: string | number) => encodeURIComponent(String(id));
export function serviceOrderEditRoutes(deps: WebDeps): Router {
  const router = Router();
  const tz = deps.env.SHOP_TZ;

  /**
   * The order of that kind, finished or not, or a redirect: to /os/{id} when another kind has it, to
   * /consulta with 'Nenhuma O.S. encontrada' when none has it.
   */
  async function loadOrder<K extends ServiceOrderKind>(req: Request, res: Response, kind: K) {
    const id = String(req.params.id);
    const result = await getServiceOrder(req.api, kind, id);
    if (!result.ok) {
      if (result.status === 404 || result.status === 400) {
        if (await findServiceOrder(req.api, id)) res.redirect(303, `/os/${pathOf(id)}`);
        else {
          flash(req, 'error', EDIT_TEXT.notFound);
          res.redirect(303, '/consulta');
        }
        return null;
      }
      throw Object.assign(new Error(result.message), { status: 502 });
    }
    return result.data as AnyOrder;
  }

  function showForm(
    req: Request,
    res: Response,
    kind: ServiceOrderKind,
    order: AnyOrder,
    values: Record<string, string | undefined>,
    errors?: Record<string, string>,
    toasts: Toast[] = [],
  ) {
    const original =
      kind === 'returned' && (order as ReturnedOrder).original_service_order
        ? (order as ReturnedOrder).original_service_order
        : null;
    deps.render(
      req,
      res,
      createElement(EditServiceOrder, {
        kind,
        id: pathOf(order.id),
        number: order.number,
        values,
        errors,
        loaded: loadedMarks(order, editValuesOf(kind, order, tz)),
        original: original
          ? { id: pathOf(original.id), number: original.number, product_name: original.product_name }
          : undefined,
      }),
      { title: editTitle(kind, order.number), toasts },
    );
  }

  /** Someone else's save beside the typing; or, for a finished order, the typing to copy. */
  function showConflict(req: Request, res: Response, kind: ServiceOrderKind, order: AnyOrder, draft: Draft) {
    const theirs = editValuesOf(kind, order, tz);
    const labels = Object.fromEntries(EDIT_FIELDS[kind].map((name) => [name, EDIT_LABELS[name] ?? name]));
    const shown = (values: Record<string, string | undefined>) => ({
      ...values,
      status: values.status ? statusLabel(kind, Number(values.status)) : '',
    });
    const finished = isTerminal(kind, order.status);
    const typed = typedValues(draft.values, EDIT_FIELDS[kind]);
    // Finished: the typing to copy, as typed. Else what 'Salvar por cima' would save: theirs where untouched.
    const yours = finished ? typed : mergedOverTheirs(draft.values, typed, theirs, [MONEY_FIELDS]);
    // Nothing this person changed differs from what is saved: nothing to decide, the order as it is.
    if (!finished && !differsFromTheirs(yours, theirs)) {
      flash(req, 'success', NOTHING_OF_YOURS);
      return res.redirect(303, `/os/${pathOf(order.id)}`);
    }
    deps.render(
      req,
      res,
      createElement(EditConflict, {
        what: kind === 'external' ? 'este Atendimento Externo' : 'esta O.S.',
        rows: conflictRows(labels, shown(theirs), shown(yours)),
        action: `${EDIT_PATH[kind]}${pathOf(order.id)}`,
        resend: { ...(yours as Record<string, string>), ...loadedMarks(order, theirs) },
        discardHref: `/os/${pathOf(order.id)}`,
        closedReason: finished ? EDIT_TEXT.finished : undefined,
      }),
      { title: editTitle(kind, order.number) },
    );
  }

  /** Keeps the typing and goes back to the form's page, which shows it (post/redirect/get). */
  async function backToForm(req: Request, res: Response, kind: ServiceOrderKind, draft: Omit<Draft, 'path'>) {
    const path = `${EDIT_PATH[kind]}${pathOf(String(req.params.id))}`;
    const id = await saveDraft(deps, res, { ...draft, path });
    res.redirect(303, withDraft(path, id));
  }

  for (const kind of ['normal', 'returned', 'external'] as const) {
    const path = `${EDIT_PATH[kind]}:id`;
    const success = kind === 'returned' ? EDIT_TEXT.returnEdited : EDIT_TEXT.edited;

    router.get(path, async (req, res) => {
      const order = await loadOrder(req, res, kind);
      if (!order) return;
      const draft = await draftFor(deps, req);
      // A backend without the external edit (extras.ts): say so, unless typing is there to give back.
      if (kind === 'external' && !draft && !extrasOf(deps.http).usable('external-order-edit')) {
        flash(req, 'error', EDIT_TEXT.externalEditUnavailable);
        return res.redirect(303, `/os/${pathOf(order.id)}`);
      }
      const current = editValuesOf(kind, order, tz);
      if (draft && (isTerminal(kind, order.status) || changedSince(draft.values, order, current))) {
        return showConflict(req, res, kind, order, draft);
      }
      // SPEC §4: no edit of a finished order.
      if (isTerminal(kind, order.status)) return res.redirect(303, `/os/${pathOf(order.id)}`);
      if (!draft) return showForm(req, res, kind, order, current);
      const toasts: Toast[] = draft.toast ? [{ kind: 'error', text: draft.toast }] : [];
      if (draft.reason === 'signed-out') toasts.push({ kind: 'success', text: SIGN_IN_TEXT.restored });
      showForm(req, res, kind, order, typedValues(draft.values, EDIT_FIELDS[kind]), draft.errors, toasts);
    });

    router.post(path, async (req, res) => {
      const order = await loadOrder(req, res, kind);
      if (!order) return;
      const values = typedValues(req.body, EDIT_FIELDS[kind]);
      const kept = { ...(values as Record<string, string>), ...marksOf(req.body) };
      // Finished, or saved by someone else since this form was loaded: both shown, nothing lost.
      const current = editValuesOf(kind, order, tz);
      if (isTerminal(kind, order.status) || changedSince(req.body, order, current)) {
        if (!isTerminal(kind, order.status) && alreadySaved(req.body, current)) {
          flash(req, 'success', ALREADY_SAVED);
          return res.redirect(303, `/os/${pathOf(order.id)}`);
        }
        return backToForm(req, res, kind, { values: kept, reason: 'stale' });
      }
      const form = validateForm(editFormFor(kind, order), req.body);
      if (!form.ok)
        return backToForm(req, res, kind, { values: kept, errors: form.errors, reason: 'invalid' });
      const id = String(order.id);
      const extras = extrasOf(deps.http);
      const unavailable = () =>
        backToForm(req, res, kind, {
          values: kept,
          reason: 'failed',
          toast: EDIT_TEXT.externalEditUnavailable,
        });
      if (kind === 'external' && !extras.usable('external-order-edit')) return unavailable();
      const version = versionToSave(req.body, order);
      const body = {
        ...blankDatesAsEmpty(centsFieldsToReais(form.data, EDIT_MONEY_FIELDS)),
        ...(version ? { version } : {}),
      };
      const result =
        kind === 'normal'
          ? await updateNormalOrder(req.api, id, body as z.output<(typeof EDIT_FORMS)['normal']>)
          : kind === 'returned'
            ? await updateReturnedOrder(req.api, id, body as z.output<(typeof EDIT_FORMS)['returned']>)
            : await updateExternalOrder(req.api, id, body as z.output<(typeof EDIT_FORMS)['external']>);
      if (!result.ok) {
        if (kind === 'external' && extras.lacking('external-order-edit', result)) return unavailable();
        // 409: our api saw a newer version (or a finish) land between the re-read and the save.
        if (result.status === 409) return backToForm(req, res, kind, { values: kept, reason: 'stale' });
        return backToForm(req, res, kind, {
          values: kept,
          errors: result.issues ?? {},
          reason: 'failed',
          toast: EDIT_TEXT.editFailed,
        });
      }
      flash(req, 'success', success);
      res.redirect(303, `/os/${pathOf(order.id)}`);
    });
  }

  return router;
}

/** Parts, labour and final value: one sum, merged as one (forms/edit-version.ts mergedOverTheirs). */
const MONEY_FIELDS = ['fix_value_pieces', 'fix_value_labor', 'fix_value_final'] as const;

/** The posted form's loaded marks, kept with its typing. */
function marksOf(body: unknown): Record<string, string> {
  const marks: Record<string, string> = {};
  for (const name of [VERSION_FIELD, LOADED_FIELD, LOADED_VALUES_FIELD]) {
    const value = (body as Record<string, unknown> | undefined)?.[name];
    if (typeof value === 'string') marks[name] = value;
  }
  return marks;
}
