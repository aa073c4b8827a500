/**
 * Abrir Pedido and the parts order detail (/pedido/{id}) with its actions (SPEC §2, §8); Editar Pedido is
 * parts-order-edit.ts.
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import type { PartsOrder } from '../../contract/parts-orders.ts';
import type { Toast } from '../../contract/web.ts';
import { todayInShop } from '../../domain/dates.ts';
import { upfrontRefusalOf } from '../../domain/order-payments.ts';
import {
  CLOSE_CONFIRM_FIELD,
  CLOSE_DIALOG,
  type CloseDialogState,
  closeFigures,
} from '../../views/components/CloseConfirmDialog.tsx';
import { UPFRONT_DIALOG } from '../../views/components/UpfrontPaymentDialog.tsx';
import { OpenPartsOrder, type OpenPartsOrderProps } from '../../views/pages/OpenPartsOrder.tsx';
import {
  CANCEL_PARTS_ORDER_DIALOG,
  DELETE_PARTS_ORDER_DIALOG,
  PartsOrderDetail,
  type PartsOrderDetailProps,
  partsCloseSummaryOf,
} from '../../views/pages/PartsOrderDetail.tsx';
import {
  cancelPartsOrder,
  closePartsOrder,
  createPartsOrder,
  deletePartsOrder,
  upfrontPaymentPartsOrder,
} from '../backend/orders.ts';
import { loadOrderPanel, panelOrderOfParts } from '../client-side/order-panel.ts';
import type { WebDeps } from '../context.ts';
import { changedSince, loadedMarks, staleRefusal, versionToSave } from '../forms/edit-version.ts';
import {
  CancelPartsOrderForm,
  DeletePartsOrderForm,
  OPEN_PARTS_ORDER_FIELDS,
  OpenPartsOrderForm,
} from '../forms/parts-order.ts';
import { backToCreateForm, dialogOfFields, restoredDraft } from '../forms/refused-create.ts';
import { centsFieldsToReais, typedValues } from '../forms/service-order.ts';
import { UpfrontForm } from '../forms/upfront.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { submitOnce } from '../idempotency.ts';
import { confirmationRefusal, confirmManager, refusalStatus } from '../manager-confirmation.ts';
import { flash } from '../middleware/flash.ts';
import { type OrderAction, settledToast } from '../settled-orders.ts';
import { clientPickerState } from './client-picker.ts';
import { partsOrderEditRoutes } from './parts-order-edit.ts';
import { loadOrder, MONEY_FIELDS, notFound, orderIdOf, PARTS_ORDER_TEXT } from './parts-order-lookup.ts';

/** Which dialog of the order page a refused form's draft belongs to. */
const DIALOG_FIELD = '_dialog';
const httpStatusOf = (status: number) => (status >= 400 && status < 500 ? status : 502);
const error = (text: string): Toast[] => [{ kind: 'error', text }];

/**
 * A confirmation sent again once its order is open again: the send it made was taken back at the cash
 * (decision 032), and this one books nothing.
 */
const CLOSE_SENT_AGAIN =
  'Esta confirmação já tinha enviado o pedido ao caixa, e esse envio foi desfeito no caixa depois: nada foi lançado de novo. Para enviar de novo, use Finalizar.';

export function partsOrderRoutes(deps: WebDeps): Router {
  const router = Router();
  const shopTz = deps.env.SHOP_TZ;
  const today = () => todayInShop(shopTz);

  // --- Abrir Pedido ---
  async function showOpen(
    req: Request,
    res: Response,
    props: Partial<OpenPartsOrderProps> & { clientId?: string },
    status = 200,
    toasts: Toast[] = [],
    formKey?: string,
  ) {
    const picker = await clientPickerState(deps, req, '/abrir-pedido', props.clientId);
    deps.render(
      req,
      res,
      createElement(OpenPartsOrder, {
        picker,
        values: props.values ?? {},
        errors: props.errors,
        clientId: props.clientId && /^\d{1,9}$/.test(props.clientId) ? props.clientId : undefined,
      }),
      { title: 'Abrir Pedido', status, toasts, formKey, createForm: true },
    );
  }

  // A refused create (or one kept through a lost session) comes back here with its typing.
  router.get('/abrir-pedido', async (req, res) => {
    const restored = await restoredDraft(deps, req);
    if (!restored) return showOpen(req, res, {});
    const { values, errors, toasts, formKey } = restored;
    const clientId = values.client_id?.trim() || undefined;
    const props = { values: typedValues(values, OPEN_PARTS_ORDER_FIELDS), errors, clientId };
    await showOpen(req, res, props, 200, toasts, formKey);
  });

  router.post('/abrir-pedido', async (req, res) => {
    await submitOnce(deps, req, res, '/abrir-pedido', async (api) => {
      const form = validateForm(OpenPartsOrderForm, req.body);
      if (!form.ok) {
        const toast = form.errors.client_id ? PARTS_ORDER_TEXT.createFailed : undefined;
        await backToCreateForm(deps, req, res, '/abrir-pedido', { errors: form.errors, toast });
        return null;
      }
      const result = await createPartsOrder(api, centsFieldsToReais(form.data, MONEY_FIELDS));
      if (!result.ok) {
        await backToCreateForm(deps, req, res, '/abrir-pedido', {
          errors: result.issues ?? {},
          toast: PARTS_ORDER_TEXT.createFailed,
        });
        return null;
      }
      flash(req, 'success', PARTS_ORDER_TEXT.created);
      return `/pedido/${encodeURIComponent(String(result.data.id))}`;
    });
  });

  // --- Detalhe do pedido ---
  async function showDetail(
    req: Request,
    res: Response,
    overrides: Partial<Pick<PartsOrderDetailProps, 'upfront' | 'cancel' | 'remove'>> & {
      formKey?: string | undefined;
      close?: Partial<CloseDialogState>;
    } = {},
    status = 200,
    toasts: Toast[] = [],
  ) {
    const order = await loadOrder(req, res, toasts);
    if (!order) return;
    const asked = req.method === 'GET' ? req.query.dialogo : undefined;
    const props: PartsOrderDetailProps = {
      order,
      shopTz,
      upfront: overrides.upfront ?? { open: asked === UPFRONT_DIALOG },
      cancel: overrides.cancel ?? { open: asked === CANCEL_PARTS_ORDER_DIALOG },
      remove: overrides.remove ?? { open: asked === DELETE_PARTS_ORDER_DIALOG },
      panel: await loadOrderPanel(deps, req, panelOrderOfParts(order)),
      close: {
        open: asked === CLOSE_DIALOG,
        ...overrides.close,
        // What the confirmation shows, carried by its form: a close over other figures is refused.
        marks: loadedMarks(order, closeFigures(partsCloseSummaryOf(order))),
      },
    };
    deps.render(req, res, createElement(PartsOrderDetail, props), {
      title: `Pedido ${order.number}`,
      status,
      toasts,
      formKey: overrides.formKey,
    });
  }

  /**
   * Post/redirect/get for the page's dialogs: a refused form keeps its typing (never a password) and
   * goes back to the order's page, whose GET opens the same dialog with it and the errors.
   */
  const reopenAfterRefusal =
    (req: Request, res: Response, id: string, dialog: 'upfront' | 'cancel' | 'remove' | 'close') =>
    (_status: number, errors: Record<string, string>, toasts: Toast[] = []) =>
      backToCreateForm(deps, req, res, `/pedido/${id}`, {
        errors,
        ...(toasts[0] ? { toast: toasts[0].text } : {}),
        extra: { [DIALOG_FIELD]: dialog },
      });

  router.get('/pedido/:id', async (req, res) => {
    const restored = await restoredDraft(deps, req);
    // A dialog's typing kept through a lost session has no `_dialog`: its fields tell which it was.
    const dialog = restored && (restored.values[DIALOG_FIELD] ?? dialogOfFields(restored.values));
    if (!restored || !dialog) return showDetail(req, res, {}, 200, restored?.toasts);
    // Only a confirmation drawn from figures that changed before the click comes back this way.
    if (dialog === 'close') return showDetail(req, res, { close: { open: true, changed: true } });
    const v = restored.values;
    const state = { open: true, errors: restored.errors };
    const overrides =
      dialog === 'upfront'
        ? {
            upfront: {
              ...state,
              values: {
                description: v.description ?? '',
                value: v.value ?? '',
                payment_method: v.payment_method ?? '',
              },
            },
            formKey: restored.formKey,
          }
        : dialog === 'cancel'
          ? {
              cancel: {
                ...state,
                values: { confirm_username: v.confirm_username ?? '', cancel_motive: v.cancel_motive ?? '' },
              },
            }
          : { remove: { ...state, values: { confirm_username: v.confirm_username ?? '' } } };
    return showDetail(req, res, overrides, 200, restored.toasts);
  });

  /**
   * A close or cancel whose order is already closed or cancelled (a retry of an action that went
   * through while its answer was lost): the order as it is now, with a toast that says so. True when
   * answered (also when the order is unknown); false while the order is open.
   */
  async function settled(req: Request, res: Response, action: OrderAction): Promise<boolean> {
    const order = await loadOrder(req, res);
    return !order || settledAs(req, res, order, action);
  }

  /** As `settled`, for an order already read. */
  function settledAs(req: Request, res: Response, order: PartsOrder, action: OrderAction): boolean {
    const toast = settledToast('parts', order.status, action);
    if (!toast) return false;
    flash(req, toast.kind, toast.text);
    res.redirect(303, `/pedido/${encodeURIComponent(String(order.id))}`);
    return true;
  }

  router.post('/pedido/:id/pagamento-antecipado', async (req, res) => {
    const id = orderIdOf(req);
    if (id === null) return notFound(req, res);
    const reopen = reopenAfterRefusal(req, res, id, 'upfront');
    // Once per form render: a double click or Back and Enviar opens the payment already made.
    await submitOnce(deps, req, res, `/pedido/${id}`, async (api) => {
      // Sent from a page left open while the order was finished: said so, whatever was typed.
      const order = await loadOrder(req, res);
      if (!order || settledAs(req, res, order, 'upfront')) return null;
      const form = validateForm(UpfrontForm, req.body);
      if (!form.ok) {
        await reopen(400, form.errors);
        return null;
      }
      // Not past what is still owed; said here too for a backend that only follows SPEC §7.
      const tooMuch = upfrontRefusalOf(order.piece_value, order.transactions ?? [], form.data.value);
      if (tooMuch) {
        await reopen(400, { value: tooMuch }, error(PARTS_ORDER_TEXT.upfrontFailed));
        return null;
      }
      const result = await upfrontPaymentPartsOrder(api, {
        order_id: Number(id),
        value: form.data.value / 100,
        description: form.data.description,
        date: today(),
        payment_method: form.data.payment_method,
      });
      if (!result.ok && result.status === 409) {
        // Finished meanwhile (another tab, another person): said so, as above.
        const now = await loadOrder(req, res);
        if (!now || settledAs(req, res, now, 'upfront')) return null;
      }
      if (!result.ok) {
        await reopen(httpStatusOf(result.status), result.issues ?? {}, error(PARTS_ORDER_TEXT.upfrontFailed));
        return null;
      }
      flash(req, 'success', PARTS_ORDER_TEXT.upfront);
      return `/pedido/${id}`;
    });
  });

  router.post('/pedido/:id/enviar-caixa', async (req, res) => {
    const id = orderIdOf(req);
    if (id === null) return notFound(req, res);
    // Booked only from the confirmation that shows what goes to the cash; a bare POST opens it.
    if (textOf(req.body, CLOSE_CONFIRM_FIELD) !== 'sim') {
      return res.redirect(303, `/pedido/${id}?dialogo=${CLOSE_DIALOG}`);
    }
    const order = await loadOrder(req, res);
    if (!order || settledAs(req, res, order, 'close')) return;
    // Once per confirmation drawn: the same form sent again (Back, another tab) after a manager reopened
    // the order (decision 032) opens it, and never sends it to the cash a second time.
    await submitOnce(
      deps,
      req,
      res,
      `/pedido/${id}`,
      async (api) => {
        // The figures confirmed are the ones booked: changed since they were shown, the dialog comes back
        // with the figures as they are now (decision 024; our api checks the version again under its lock).
        const changed = async () => {
          await reopenAfterRefusal(req, res, id, 'close')(409, {});
          return null;
        };
        if (changedSince(req.body, order, closeFigures(partsCloseSummaryOf(order)))) return changed();
        const version = versionToSave(req.body, order);
        // `version` is ours (API.md); a backend that follows only SPEC §7 ignores the field.
        const expected = version === undefined ? {} : { version };
        const result = await closePartsOrder(api, {
          order_id: Number(id),
          date: today(),
          description: '',
          ...expected,
        });
        if (!result.ok) {
          // Another request closed or cancelled it meanwhile: as above.
          if (result.status === 409 && (await settled(req, res, 'close'))) return null;
          if (staleRefusal(result)) return changed();
          // Refused (post/redirect/get: Back and reload never send it again): the page with the toast.
          if (result.status < 500) {
            flash(req, 'error', PARTS_ORDER_TEXT.closeFailed);
            res.redirect(303, `/pedido/${id}`);
            return null;
          }
          await showDetail(req, res, {}, httpStatusOf(result.status), error(PARTS_ORDER_TEXT.closeFailed));
          return null;
        }
        flash(req, 'success', PARTS_ORDER_TEXT.closed);
        return `/pedido/${id}`;
      },
      req.api,
      CLOSE_SENT_AGAIN,
    );
  });

  router.post('/pedido/:id/cancelar', async (req, res) => {
    const id = orderIdOf(req);
    if (id === null) return notFound(req, res);
    const reopen = reopenAfterRefusal(req, res, id, 'cancel');
    // Before the manager's credentials: nothing is left to confirm on an order already cancelled.
    if (await settled(req, res, 'cancel')) return;
    const form = validateForm(CancelPartsOrderForm, req.body);
    if (!form.ok) return reopen(400, form.errors);
    const confirmed = await confirmManager(deps, req, form.data);
    if (confirmed !== 'confirmed') {
      const { errors, toast } = confirmationRefusal(confirmed, {
        notManager: PARTS_ORDER_TEXT.notManager,
        failed: PARTS_ORDER_TEXT.cancelFailed,
      });
      return reopen(refusalStatus(confirmed), errors, error(toast));
    }
    const result = await cancelPartsOrder(req.api, { order_id: Number(id), date: today(), ...form.data });
    if (!result.ok) {
      if (result.status === 403) {
        return reopen(
          403,
          { confirm_username: PARTS_ORDER_TEXT.notManager },
          error(PARTS_ORDER_TEXT.notManager),
        );
      }
      if (result.status === 409 && (await settled(req, res, 'cancel'))) return;
      return reopen(httpStatusOf(result.status), result.issues ?? {}, error(PARTS_ORDER_TEXT.cancelFailed));
    }
    flash(req, 'success', PARTS_ORDER_TEXT.cancelled);
    res.redirect(303, '/consulta');
  });

  router.post('/pedido/:id/deletar', async (req, res) => {
    const id = orderIdOf(req);
    if (id === null) return notFound(req, res);
    const reopen = reopenAfterRefusal(req, res, id, 'remove');
    const form = validateForm(DeletePartsOrderForm, req.body);
    if (!form.ok) return reopen(400, form.errors);
    const confirmed = await confirmManager(deps, req, form.data);
    if (confirmed !== 'confirmed') {
      const { errors, toast } = confirmationRefusal(confirmed, {
        notManager: PARTS_ORDER_TEXT.notManager,
        failed: PARTS_ORDER_TEXT.deleteFailed,
      });
      return reopen(refusalStatus(confirmed), errors, error(toast));
    }
    const result = await deletePartsOrder(req.api, id, form.data);
    if (!result.ok) {
      if (result.status === 403) {
        return reopen(
          403,
          { confirm_username: PARTS_ORDER_TEXT.notManager },
          error(PARTS_ORDER_TEXT.notManager),
        );
      }
      // Gone already: this delete sent again after it went through, or another tab's. What was wanted is so.
      if (result.status === 404) {
        flash(req, 'success', PARTS_ORDER_TEXT.alreadyDeleted);
        return res.redirect(303, '/consulta');
      }
      return reopen(httpStatusOf(result.status), {}, error(PARTS_ORDER_TEXT.deleteFailed));
    }
    flash(req, 'success', PARTS_ORDER_TEXT.deleted);
    res.redirect(303, '/consulta');
  });

  router.use(partsOrderEditRoutes(deps));

  return router;
}
