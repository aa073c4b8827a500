/**
 * Editar Pedido (SPEC §2, §8), with post/redirect/get: a save that cannot be taken keeps the typing as a
 * draft (server/drafts.ts) and goes back to the form, which shows it with its errors, or — when someone
 * else saved the order in the meantime, or finished it — both versions side by side
 * (server/forms/edit-version.ts).
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import { type PartsOrder, paymentMethodOf } from '../../contract/parts-orders.ts';
import type { Toast } from '../../contract/web.ts';
import { isoToInput } from '../../domain/dates.ts';
import { isTerminal, statusLabel } from '../../domain/statuses.ts';
import { EditConflict } from '../../views/components/EditConflict.tsx';
import { moneyInput } from '../../views/format.ts';
import { EditPartsOrder, type EditPartsOrderValues } from '../../views/pages/EditPartsOrder.tsx';
import { updatePartsOrder } from '../backend/orders.ts';
import type { WebDeps } from '../context.ts';
import { type Draft, draftFor, saveDraft, typedFields, withDraft } from '../drafts.ts';
import {
  ALREADY_SAVED,
  alreadySaved,
  changedSince,
  conflictRows,
  differsFromTheirs,
  loadedMarks,
  mergedOverTheirs,
  NOTHING_OF_YOURS,
  versionToSave,
} from '../forms/edit-version.ts';
import { EDIT_PARTS_ORDER_FIELDS, editPartsOrderForm } from '../forms/parts-order.ts';
import { centsFieldsToReais, typedValues } from '../forms/service-order.ts';
import { validateForm } from '../forms/validate.ts';
import { flash } from '../middleware/flash.ts';
import { TEXT as SIGN_IN_TEXT } from '../sign-in-again.ts';
import { loadOrder, MONEY_FIELDS, PARTS_ORDER_TEXT } from './parts-order-lookup.ts';

const PARTS_ORDER_FINISHED =
  'Este pedido foi finalizado ou cancelado (por exemplo, enviado ao caixa) por outra pessoa enquanto você editava, e não pode mais ser editado. Nada foi salvo; o que você digitou está abaixo para você copiar.';

/** The order's values as the edit form shows them: money with a comma, dates as dd/MM/yyyy. */
export function editValuesOf(order: PartsOrder, shopTz: string): EditPartsOrderValues {
  return {
    status: String(order.status),
    piece_name: order.piece_name ?? '',
    piece_code: order.piece_code ?? '',
    product_model: order.product_model ?? '',
    piece_value: moneyInput(order.piece_value),
    payment_method: paymentMethodOf(order) ?? '',
    manufacturer_date: isoToInput(order.manufacturer_date, shopTz),
    manufacturer_code: order.manufacturer_code ?? '',
  };
}

export function partsOrderEditRoutes(deps: WebDeps): Router {
  const router = Router();
  const shopTz = deps.env.SHOP_TZ;

  const EDIT_LABELS: Record<string, string> = {
    status: 'Status',
    piece_name: 'Nome da peça',
    piece_code: 'Código da peça',
    product_model: 'Modelo do produto',
    piece_value: 'Valor',
    payment_method: 'Forma de pagamento',
    manufacturer_date: 'Data do pedido ao fabricante',
    manufacturer_code: 'Código do pedido ao fabricante',
  };

  /** The edit form, loaded from the order (or a draft of what was typed), with what it was loaded from. */
  function showEdit(
    req: Request,
    res: Response,
    order: PartsOrder,
    overrides: { values?: EditPartsOrderValues; errors?: Record<string, string> } = {},
    toasts: Toast[] = [],
  ) {
    const current = editValuesOf(order, shopTz);
    deps.render(
      req,
      res,
      createElement(EditPartsOrder, {
        id: encodeURIComponent(String(order.id)),
        number: order.number,
        client: order.client ?? null,
        values: overrides.values ?? current,
        errors: overrides.errors,
        loaded: loadedMarks(order, current as Record<string, string | undefined>),
      }),
      { title: `Editar Pedido: ${order.number}`, toasts },
    );
  }

  /** Someone else's save beside the typing, or — the order finished meanwhile — the typing to copy. */
  function showConflict(req: Request, res: Response, order: PartsOrder, draft: Draft) {
    const theirs = editValuesOf(order, shopTz) as Record<string, string | undefined>;
    const typed = typedValues(draft.values, EDIT_PARTS_ORDER_FIELDS) as Record<string, string | undefined>;
    // Finished: the typing to copy, as typed. Else what 'Salvar por cima' would save: theirs where untouched.
    const finished = isTerminal('parts', order.status);
    const yours = finished ? typed : mergedOverTheirs(draft.values, typed, theirs);
    // Nothing this person changed differs from what is saved: nothing to decide, the order as it is.
    if (!finished && !differsFromTheirs(yours, theirs)) {
      flash(req, 'success', NOTHING_OF_YOURS);
      return res.redirect(303, `/pedido/${encodeURIComponent(String(order.id))}`);
    }
    const shown = (v: Record<string, string | undefined>) => ({
      ...v,
      status: v.status ? statusLabel('parts', Number(v.status)) : '',
    });
    const id = encodeURIComponent(String(order.id));
    deps.render(
      req,
      res,
      createElement(EditConflict, {
        what: 'este pedido',
        rows: conflictRows(EDIT_LABELS, shown(theirs), shown(yours)),
        action: `/editar-pedido/${id}`,
        resend: { ...(yours as Record<string, string>), ...loadedMarks(order, theirs) },
        discardHref: `/pedido/${id}`,
        closedReason: isTerminal('parts', order.status) ? PARTS_ORDER_FINISHED : undefined,
      }),
      { title: `Editar Pedido: ${order.number}` },
    );
  }

  /** Keeps the typing and goes back to the form's page (post/redirect/get). */
  async function backToEdit(res: Response, id: string, draft: Omit<Draft, 'path'>) {
    const path = `/editar-pedido/${id}`;
    res.redirect(303, withDraft(path, await saveDraft(deps, res, { ...draft, path })));
  }

  router.get('/editar-pedido/:id', async (req, res) => {
    const order = await loadOrder(req, res);
    if (!order) return;
    const draft = await draftFor(deps, req);
    const current = editValuesOf(order, shopTz) as Record<string, string | undefined>;
    if (draft && (isTerminal('parts', order.status) || changedSince(draft.values, order, current))) {
      return showConflict(req, res, order, draft);
    }
    // Cancelled and completed orders are not edited (SPEC §4).
    if (isTerminal('parts', order.status))
      return res.redirect(303, `/pedido/${encodeURIComponent(String(order.id))}`);
    if (!draft) return showEdit(req, res, order);
    const toasts: Toast[] = draft.toast ? [{ kind: 'error', text: draft.toast }] : [];
    if (draft.reason === 'signed-out') toasts.push({ kind: 'success', text: SIGN_IN_TEXT.restored });
    showEdit(
      req,
      res,
      order,
      { values: typedValues(draft.values, EDIT_PARTS_ORDER_FIELDS), errors: draft.errors ?? {} },
      toasts,
    );
  });

  router.post('/editar-pedido/:id', async (req, res) => {
    const order = await loadOrder(req, res);
    if (!order) return;
    const id = encodeURIComponent(String(order.id));
    const kept = { ...typedFields(req.body) };
    delete kept._from;
    const current = editValuesOf(order, shopTz) as Record<string, string | undefined>;
    // Finished, or saved by someone else since this form was loaded: both shown, nothing lost.
    if (isTerminal('parts', order.status) || changedSince(req.body, order, current)) {
      if (!isTerminal('parts', order.status) && alreadySaved(req.body, current)) {
        flash(req, 'success', ALREADY_SAVED);
        return res.redirect(303, `/pedido/${id}`);
      }
      return backToEdit(res, id, { values: kept, reason: 'stale' });
    }
    const form = validateForm(editPartsOrderForm(current.payment_method), req.body);
    if (!form.ok) return backToEdit(res, id, { values: kept, errors: form.errors, reason: 'invalid' });
    const data = centsFieldsToReais(form.data, MONEY_FIELDS);
    const version = versionToSave(req.body, order);
    const result = await updatePartsOrder(req.api, String(order.id), {
      ...data,
      // SPEC §5: dates are sent as dates, an empty string when blank.
      manufacturer_date: data.manufacturer_date ?? '',
      ...(version ? { version } : {}),
    });
    if (!result.ok) {
      if (result.status === 409) return backToEdit(res, id, { values: kept, reason: 'stale' });
      return backToEdit(res, id, {
        values: kept,
        errors: result.issues ?? {},
        reason: 'failed',
        toast: PARTS_ORDER_TEXT.editFailed,
      });
    }
    flash(req, 'success', PARTS_ORDER_TEXT.edited);
    res.redirect(303, `/pedido/${id}`);
  });
  return router;
}
