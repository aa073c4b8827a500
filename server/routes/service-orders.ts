/** The service order detail (/os/{id}) with its actions, and the edit screens (SPEC §2, §4, §5, §8). */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import type { AnyServiceOrder } from '../../contract/service-orders.ts';
import type { Toast } from '../../contract/web.ts';
import { todayInShop } from '../../domain/dates.ts';
import { upfrontRefusalOf } from '../../domain/order-payments.ts';
import {
  CLOSE_CONFIRM_FIELD,
  CLOSE_DIALOG,
  type CloseDialogState,
  closeFigures,
} from '../../views/components/CloseConfirmDialog.tsx';
import type { ManagerDialogState } from '../../views/components/ManagerDialog.tsx';
import type { OrderPanelView } from '../../views/components/OrderPanel.tsx';
import type { UpfrontState } from '../../views/components/UpfrontPaymentDialog.tsx';
import {
  CANCEL_DIALOG,
  type CancelState,
  closeSummaryOf,
  DELETE_DIALOG,
  ServiceOrderDetail,
  UPFRONT_DIALOG,
} from '../../views/pages/ServiceOrderDetail.tsx';
import { extrasOf } from '../backend/extras.ts';
import {
  cancelServiceOrder,
  closeServiceOrder,
  deleteServiceOrder,
  findServiceOrder,
  lookUpServiceOrder,
  upfrontPaymentServiceOrder,
} from '../backend/service-orders.ts';
import { loadOrderPanel, panelOrderOfService } from '../client-side/order-panel.ts';
import type { WebDeps } from '../context.ts';
import { changedSince, loadedMarks, staleRefusal, versionToSave } from '../forms/edit-version.ts';
import { managerCredentials, requiredText } from '../forms/fields.ts';
import { backToCreateForm, dialogOfFields, type Restored, restoredDraft } from '../forms/refused-create.ts';
import { UpfrontForm } from '../forms/upfront.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { submitOnce } from '../idempotency.ts';
import { confirmationRefusal, confirmManager } from '../manager-confirmation.ts';
import { flash } from '../middleware/flash.ts';
import { type OrderAction, settledToast } from '../settled-orders.ts';
import { serviceOrderEditRoutes } from './service-order-edit.ts';

export const TEXT = {
  notFound: 'Nenhuma O.S. encontrada',
  edited: 'O.S. Editada com sucesso!',
  returnEdited: 'O.S. de Retorno editada com sucesso!',
  editFailed: 'Ocorreu um erro ao editar a O.S. Cheque suas credenciais.',
  deleted: 'O.S. deletada com sucesso!',
  /** A delete sent again (Back, a double click) after the first went through. */
  alreadyDeleted: 'Esta O.S. já tinha sido deletada: nada foi deletado de novo.',
  deleteFailed: 'Erro ao excluir O.S.',
  notManager: 'Digite uma credencial de gerente válida',
  cancelled: 'O.S. cancelada com sucesso!',
  cancelFailed: 'Erro ao cancelar O.S.',
  closed: 'O.S. enviada ao caixa com sucesso!',
  closeFailed:
    'Erro ao enviar O.S. para o caixa. Cheque os valores digitados. Para a O.S. ir para o caixa ela deve conter: Valor Final e Forma de Pagamento',
  upfrontDone: 'Pagamento antecipado enviado ao caixa!',
  upfrontFailed: 'Erro ao criar pagamento antecipado',
} as const;

/** Cancel motive: required, with no message (SPEC §5); the key alone marks the field. */
const CancelForm = z.object({ cancel_motive: requiredText('', 2000) });
const DeleteForm = z.object(managerCredentials);

const httpStatusOf = (status: number) => (status >= 400 && status < 500 ? status : 502);
const pathOf = (id: string | number) => encodeURIComponent(String(id));
const _text = (v: string | null | undefined) => v ?? '';

type DetailOverrides = {
  upfront?: UpfrontState;
  cancel?: CancelState;
  remove?: ManagerDialogState;
  close?: CloseDialogState;
  panel?: OrderPanelView | null;
  /** A refused dialog's one-use key, when its draft brings it back (the payment still goes in once). */
  formKey?: string | undefined;
};

/** Which dialog of the order page a refused form's draft belongs to. */
const DIALOG_FIELD = '_dialog';
type DialogName = 'upfront' | 'cancel' | 'remove' | 'close';

/**
 * A confirmation sent again once its order is open again: the send it made was taken back at the cash
 * (decision 032), and this one books nothing.
 */
const CLOSE_SENT_AGAIN =
  'Esta confirmação já tinha enviado a O.S. ao caixa, e esse envio foi desfeito no caixa depois: nada foi lançado de novo. Para enviar de novo, use Finalizar.';

export function serviceOrderRoutes(deps: WebDeps): Router {
  const router = Router();
  const tz = deps.env.SHOP_TZ;

  // --- Detail ---

  /** The order, trying normal, returned, external (SPEC §2); none -> 'Nenhuma O.S. encontrada'. */
  async function load(req: Request, res: Response): Promise<AnyServiceOrder | null> {
    const found = await findServiceOrder(req.api, String(req.params.id));
    if (!found) {
      flash(req, 'error', TEXT.notFound);
      res.redirect(303, '/consulta');
    }
    return found;
  }

  function showDetail(
    req: Request,
    res: Response,
    found: AnyServiceOrder,
    overrides: DetailOverrides = {},
    status = 200,
    toasts: Toast[] = [],
  ) {
    const asked = req.method === 'GET' ? req.query.dialogo : undefined;
    deps.render(
      req,
      res,
      createElement(ServiceOrderDetail, {
        found,
        tz,
        dialogs: {
          upfront: overrides.upfront ?? { open: asked === UPFRONT_DIALOG },
          cancel: overrides.cancel ?? { open: asked === CANCEL_DIALOG },
          remove: overrides.remove ?? { open: asked === DELETE_DIALOG },
          close: {
            open: asked === CLOSE_DIALOG,
            ...overrides.close,
            // What the confirmation shows, carried by its form: a close over other figures is refused.
            marks: loadedMarks(found.order, closeFigures(closeSummaryOf(found))),
          },
        },
        panel: overrides.panel ?? null,
        // SPEC §7 has no edit of an external order: once the backend said it lacks ours, no Editar.
        editable: found.kind !== 'external' || extrasOf(deps.http).usable('external-order-edit'),
      }),
      { title: `O.S. ${found.order.number}`, status, toasts, formKey: overrides.formKey },
    );
  }

  /**
   * Post/redirect/get for the page's dialogs: a refused form (bad input, a manager not confirmed, the
   * api said no) keeps its typing — never a password — and goes back to the order's page, whose GET
   * opens the dialog again with it and the errors.
   */
  async function backToDialog(
    req: Request,
    res: Response,
    found: AnyServiceOrder,
    dialog: DialogName,
    refusal: { errors?: Record<string, string>; toast?: string },
  ) {
    const path = `/os/${pathOf(found.order.id)}`;
    await backToCreateForm(deps, req, res, path, { ...refusal, extra: { [DIALOG_FIELD]: dialog } });
  }

  /** The dialog a draft on this page reopens, with its typing and errors. */
  function dialogFromDraft(restored: Restored | null): DetailOverrides {
    if (!restored) return {};
    // A dialog's typing kept through a lost session has no `_dialog`: its fields tell which it was.
    const dialog = restored.values[DIALOG_FIELD] ?? dialogOfFields(restored.values);
    if (!dialog) return {};
    const { values: v, errors } = restored;
    const state = { open: true, errors };
    if (dialog === 'upfront') {
      const values = {
        description: v.description ?? '',
        value: v.value ?? '',
        payment_method: v.payment_method ?? '',
      };
      return { upfront: { ...state, values }, formKey: restored.formKey };
    }
    if (dialog === 'cancel')
      return { cancel: { ...state, values: { cancel_motive: v.cancel_motive ?? '' } } };
    if (dialog === 'remove')
      return { remove: { ...state, values: { confirm_username: v.confirm_username ?? '' } } };
    // Only a confirmation drawn from figures that changed before the click comes back this way.
    if (dialog === 'close') return { close: { open: true, changed: true } };
    return {};
  }

  /**
   * A close or cancel whose order is already closed or cancelled (a retry of an action that went
   * through while its answer was lost): the order as it is now, with a toast that says so. False while
   * the order is open.
   */
  function settled(req: Request, res: Response, found: AnyServiceOrder, action: OrderAction): boolean {
    const toast = settledToast(found.kind, found.order.status, action);
    if (!toast) return false;
    flash(req, toast.kind, toast.text);
    res.redirect(303, `/os/${pathOf(found.order.id)}`);
    return true;
  }

  /** After the api refused with 409 (another request closed or cancelled it meanwhile): as `settled`. */
  async function settledMeanwhile(req: Request, res: Response, action: OrderAction): Promise<boolean> {
    const now = await findServiceOrder(req.api, String(req.params.id));
    return now !== null && settled(req, res, now, action);
  }

  router.get('/os/:id', async (req, res) => {
    const found = await load(req, res);
    if (!found) return;
    const restored = await restoredDraft(deps, req);
    const panel = await loadOrderPanel(deps, req, panelOrderOfService(found));
    showDetail(req, res, found, { panel, ...dialogFromDraft(restored) }, 200, restored?.toasts);
  });

  // --- Pagamento antecipado (offered on open normal and return orders; the api refuses the others) ---
  router.post('/os/:id/pagamento-antecipado', async (req, res) => {
    const found = await load(req, res);
    if (!found) return;
    const detail = `/os/${pathOf(found.order.id)}`;
    // Once per form render: a double click or Back and Enviar opens the payment already made.
    await submitOnce(deps, req, res, detail, async (api) => {
      // Sent from a page left open while the order was finished: said so, whatever was typed.
      if (settled(req, res, found, 'upfront')) return null;
      const form = validateForm(UpfrontForm, req.body);
      if (!form.ok) {
        await backToDialog(req, res, found, 'upfront', { errors: form.errors });
        return null;
      }
      // Not past what is still owed; said here too for a backend that only follows SPEC §7.
      const finalValue = closeSummaryOf(found).finalValue;
      const tooMuch = upfrontRefusalOf(finalValue, found.order.transactions ?? [], form.data.value);
      if (tooMuch) {
        await backToDialog(req, res, found, 'upfront', {
          errors: { value: tooMuch },
          toast: TEXT.upfrontFailed,
        });
        return null;
      }
      const result = await upfrontPaymentServiceOrder(api, {
        service_order_id: Number(found.order.id),
        value: form.data.value / 100,
        description: form.data.description,
        date: todayInShop(tz),
        payment_method: form.data.payment_method,
      });
      if (!result.ok && result.status === 409 && (await settledMeanwhile(req, res, 'upfront'))) return null;
      if (!result.ok) {
        await backToDialog(req, res, found, 'upfront', {
          errors: result.issues ?? {},
          toast: TEXT.upfrontFailed,
        });
        return null;
      }
      flash(req, 'success', TEXT.upfrontDone);
      return detail;
    });
  });

  // --- Finalizar e Enviar para o caixa ---
  router.post('/os/:id/finalizar', async (req, res) => {
    const found = await load(req, res);
    if (!found) return;
    // Money is booked only from the confirmation, which shows what goes to the cash: a bare POST (an
    // old page, a stray click) opens the confirmation instead.
    if (textOf(req.body, CLOSE_CONFIRM_FIELD) !== 'sim') {
      return res.redirect(303, `/os/${pathOf(found.order.id)}?dialogo=${CLOSE_DIALOG}`);
    }
    if (settled(req, res, found, 'close')) return;
    const detail = `/os/${pathOf(found.order.id)}`;
    // Once per confirmation drawn: the same form sent again (Back, another tab) after a manager reopened
    // the order (decision 032) opens it, and never sends it to the cash a second time.
    await submitOnce(
      deps,
      req,
      res,
      detail,
      async (api) => {
        // The figures confirmed are the ones booked: changed since they were shown, the dialog comes back
        // with the figures as they are now (decision 024; our api checks the version again under its lock).
        const changed = async () => {
          await backToDialog(req, res, found, 'close', {});
          return null;
        };
        if (changedSince(req.body, found.order, closeFigures(closeSummaryOf(found)))) return changed();
        const version = versionToSave(req.body, found.order);
        // `version` is ours (API.md); a backend that follows only SPEC §7 ignores the field.
        const expected = version === undefined ? {} : { version };
        const result = await closeServiceOrder(api, {
          service_order_id: Number(found.order.id),
          date: todayInShop(tz),
          ...expected,
        });
        if (!result.ok) {
          if (result.status === 409 && (await settledMeanwhile(req, res, 'close'))) return null;
          if (staleRefusal(result)) return changed();
          // Refused (post/redirect/get: Back and reload never send it again): the page with the toast.
          if (result.status < 500) {
            flash(req, 'error', TEXT.closeFailed);
            res.redirect(303, detail);
            return null;
          }
          await showDetail(req, res, found, {}, httpStatusOf(result.status), [
            { kind: 'error', text: TEXT.closeFailed },
          ]);
          return null;
        }
        flash(req, 'success', TEXT.closed);
        return detail;
      },
      req.api,
      CLOSE_SENT_AGAIN,
    );
  });

  // --- Cancelar O.S. (any staff member, SPEC §6) ---
  router.post('/os/:id/cancelar', async (req, res) => {
    const found = await load(req, res);
    if (!found) return;
    if (settled(req, res, found, 'cancel')) return;
    const form = validateForm(CancelForm, req.body);
    if (!form.ok) return backToDialog(req, res, found, 'cancel', { errors: form.errors });
    const result = await cancelServiceOrder(req.api, {
      service_order_id: Number(found.order.id),
      cancel_motive: form.data.cancel_motive,
      date: todayInShop(tz),
    });
    if (!result.ok) {
      if (result.status === 409 && (await settledMeanwhile(req, res, 'cancel'))) return;
      return backToDialog(req, res, found, 'cancel', {
        errors: result.issues ?? {},
        toast: TEXT.cancelFailed,
      });
    }
    flash(req, 'success', TEXT.cancelled);
    res.redirect(303, '/consulta');
  });

  // --- Deletar O.S. (a manager's credentials, SPEC §5 Delete dialogs) ---
  router.post('/os/:id/deletar', async (req, res) => {
    const { found, missing } = await lookUpServiceOrder(req.api, String(req.params.id));
    // Gone already: this delete sent again after it went through, or another tab's. What was wanted is so.
    const gone = () => {
      flash(req, 'success', TEXT.alreadyDeleted);
      res.redirect(303, '/consulta');
    };
    if (!found) {
      if (missing) return gone();
      // The lookup failed (not a 404): nothing is claimed about the order.
      flash(req, 'error', TEXT.notFound);
      return res.redirect(303, '/consulta');
    }
    const reopen = (errors: Record<string, string>, toast?: string) =>
      backToDialog(req, res, found, 'remove', { errors, ...(toast ? { toast } : {}) });
    const form = validateForm(DeleteForm, req.body);
    if (!form.ok) return reopen(form.errors);
    const confirmed = await confirmManager(deps, req, form.data);
    if (confirmed !== 'confirmed') {
      const { errors, toast } = confirmationRefusal(confirmed, {
        notManager: TEXT.notManager,
        failed: TEXT.deleteFailed,
      });
      return reopen(errors, toast);
    }
    const result = await deleteServiceOrder(req.api, String(found.order.id), form.data);
    if (!result.ok) {
      if (result.status === 403) return reopen({ confirm_username: TEXT.notManager }, TEXT.notManager);
      if (result.status === 404) return gone();
      return reopen({}, TEXT.deleteFailed);
    }
    flash(req, 'success', TEXT.deleted);
    res.redirect(303, '/consulta');
  });

  router.use(serviceOrderEditRoutes(deps));

  return router;
}
