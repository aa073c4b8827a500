/** The service order detail (/os/{id}) with its actions, and the edit screens (SPEC §2, §4, §5, §8). */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { isoToInput, todayInShop } from '../../domain/dates.ts';
import { editableStatuses, isTerminal } from '../../domain/statuses.ts';
import type { ManagerDialogState } from '../../views/components/ManagerDialog.tsx';
import type { UpfrontState } from '../../views/components/UpfrontPaymentDialog.tsx';
import { moneyInput } from '../../views/format.ts';
import { EditServiceOrder, editTitle } from '../../views/pages/EditServiceOrder.tsx';
import {
  CANCEL_DIALOG,
  type CancelState,
  DELETE_DIALOG,
  ServiceOrderDetail,
  UPFRONT_DIALOG,
} from '../../views/pages/ServiceOrderDetail.tsx';
import {
  type AnyServiceOrder,
  cancelServiceOrder,
  closeServiceOrder,
  deleteServiceOrder,
  type ExternalOrder,
  findServiceOrder,
  getServiceOrder,
  type NormalOrder,
  type ReturnedOrder,
  type ServiceOrderKind,
  updateExternalOrder,
  updateNormalOrder,
  updateReturnedOrder,
  upfrontPaymentServiceOrder,
} from '../backend/service-orders.ts';
import type { WebDeps } from '../context.ts';
import { choice, managerCredentials, requiredText } from '../forms/fields.ts';
import {
  centsFieldsToReais,
  PRODUCT_FIELD_NAMES,
  productFields,
  REPAIR_FIELD_NAMES,
  repairFields,
  SERVICE_FIELD_NAMES,
  serviceFields,
  typedValues,
} from '../forms/service-order.ts';
import { UpfrontForm } from '../forms/upfront.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { flash } from '../middleware/flash.ts';
import type { Toast } from '../session-data.ts';

export const TEXT = {
  notFound: 'Nenhuma O.S. encontrada',
  edited: 'O.S. Editada com sucesso!',
  returnEdited: 'O.S. de Retorno editada com sucesso!',
  editFailed: 'Ocorreu um erro ao editar a O.S. Cheque suas credenciais.',
  deleted: 'O.S. deletada com sucesso!',
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

const EDIT_REQUIRED = 'Digite algo para editar';
const STATUS_REQUIRED = 'Selecione um status';

const statusField = (kind: ServiceOrderKind) =>
  choice(
    editableStatuses(kind).map((s) => s.code),
    STATUS_REQUIRED,
  );

const EDIT_FORMS = {
  normal: z.object({ status: statusField('normal'), ...productFields(EDIT_REQUIRED), ...repairFields }),
  returned: z.object({
    status: statusField('returned'),
    return_motive: requiredText(EDIT_REQUIRED, 2000),
    ...repairFields,
  }),
  external: z.object({ status: statusField('external'), ...productFields(EDIT_REQUIRED), ...serviceFields }),
};

const EDIT_FIELDS: Record<ServiceOrderKind, readonly string[]> = {
  normal: ['status', ...PRODUCT_FIELD_NAMES, ...REPAIR_FIELD_NAMES],
  returned: ['status', 'return_motive', ...REPAIR_FIELD_NAMES],
  external: ['status', ...PRODUCT_FIELD_NAMES, ...SERVICE_FIELD_NAMES],
};

const MONEY_FIELDS = ['fix_value_pieces', 'fix_value_labor', 'fix_value_final', 'service_value'];

const EDIT_PATH: Record<ServiceOrderKind, string> = {
  normal: '/editar-os/',
  returned: '/editar-os-retorno/',
  external: '/editar-os-externa/',
};

/** Cancel motive: required, with no message (SPEC §5); the key alone marks the field. */
const CancelForm = z.object({ cancel_motive: requiredText('', 2000) });
const DeleteForm = z.object(managerCredentials);

const httpStatusOf = (status: number) => (status >= 400 && status < 500 ? status : 502);
const pathOf = (id: string | number) => encodeURIComponent(String(id));
const text = (v: string | null | undefined) => v ?? '';

type DetailOverrides = {
  upfront?: UpfrontState;
  cancel?: CancelState;
  remove?: ManagerDialogState;
};

/** An order as its edit form reads it: money with a decimal comma, days as dd/MM/yyyy. */
function formValuesOf(
  kind: ServiceOrderKind,
  order: NormalOrder | ReturnedOrder | ExternalOrder,
  tz: string,
) {
  const values: Record<string, string> = { status: String(order.status) };
  if (kind !== 'returned') {
    const o = order as NormalOrder | ExternalOrder;
    for (const name of PRODUCT_FIELD_NAMES) values[name] = text(o[name]);
  }
  if (kind !== 'external') {
    const o = order as NormalOrder | ReturnedOrder;
    Object.assign(values, {
      fix_technician_name: text(o.fix_technician_name),
      fix_date: isoToInput(o.fix_date, tz),
      fix_description: text(o.fix_description),
      fix_value_pieces: moneyInput(o.fix_value_pieces),
      fix_value_labor: moneyInput(o.fix_value_labor),
      fix_value_final: moneyInput(o.fix_value_final),
      fix_payment_method: text(o.fix_payment_method),
    });
  }
  if (kind === 'returned') values.return_motive = text((order as ReturnedOrder).return_motive);
  if (kind === 'external') {
    const o = order as ExternalOrder;
    Object.assign(values, {
      service_type: text(o.service_type),
      service_date: isoToInput(o.service_date, tz),
      service_period: text(o.service_period),
      service_value: moneyInput(o.service_value),
      service_payment_method: text(o.service_payment_method),
      service_details: text(o.service_details),
    });
  }
  return values;
}

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
        },
      }),
      { title: `O.S. ${found.order.number}`, status, toasts },
    );
  }

  router.get('/os/:id', async (req, res) => {
    const found = await load(req, res);
    if (found) showDetail(req, res, found);
  });

  // --- Pagamento antecipado (offered on open normal and return orders; the api refuses the others) ---
  router.post('/os/:id/pagamento-antecipado', async (req, res) => {
    const found = await load(req, res);
    if (!found) return;
    const values = {
      description: textOf(req.body, 'description'),
      value: textOf(req.body, 'value'),
      payment_method: textOf(req.body, 'payment_method'),
    };
    const failed = (status: number, errors: Record<string, string> = {}) =>
      showDetail(req, res, found, { upfront: { open: true, values, errors } }, status, [
        { kind: 'error', text: TEXT.upfrontFailed },
      ]);
    const form = validateForm(UpfrontForm, req.body);
    if (!form.ok) {
      return showDetail(req, res, found, { upfront: { open: true, values, errors: form.errors } }, 400);
    }
    const result = await upfrontPaymentServiceOrder(req.api, {
      service_order_id: Number(found.order.id),
      value: form.data.value / 100,
      description: form.data.description,
      date: todayInShop(tz),
      payment_method: form.data.payment_method,
    });
    if (!result.ok) return failed(httpStatusOf(result.status), result.issues ?? {});
    flash(req, 'success', TEXT.upfrontDone);
    res.redirect(303, `/os/${pathOf(found.order.id)}`);
  });

  // --- Finalizar e Enviar para o caixa ---
  router.post('/os/:id/finalizar', async (req, res) => {
    const found = await load(req, res);
    if (!found) return;
    const result = await closeServiceOrder(req.api, {
      service_order_id: Number(found.order.id),
      date: todayInShop(tz),
    });
    if (!result.ok) {
      return showDetail(req, res, found, {}, httpStatusOf(result.status), [
        { kind: 'error', text: TEXT.closeFailed },
      ]);
    }
    flash(req, 'success', TEXT.closed);
    res.redirect(303, `/os/${pathOf(found.order.id)}`);
  });

  // --- Cancelar O.S. (any staff member, SPEC §6) ---
  router.post('/os/:id/cancelar', async (req, res) => {
    const found = await load(req, res);
    if (!found) return;
    const values = { cancel_motive: textOf(req.body, 'cancel_motive') };
    const form = validateForm(CancelForm, req.body);
    if (!form.ok) {
      return showDetail(req, res, found, { cancel: { open: true, values, errors: form.errors } }, 400);
    }
    const result = await cancelServiceOrder(req.api, {
      service_order_id: Number(found.order.id),
      cancel_motive: form.data.cancel_motive,
      date: todayInShop(tz),
    });
    if (!result.ok) {
      return showDetail(
        req,
        res,
        found,
        { cancel: { open: true, values, errors: result.issues ?? {} } },
        httpStatusOf(result.status),
        [{ kind: 'error', text: TEXT.cancelFailed }],
      );
    }
    flash(req, 'success', TEXT.cancelled);
    res.redirect(303, '/consulta');
  });

  // --- Deletar O.S. (a manager's credentials, SPEC §5 Delete dialogs) ---
  router.post('/os/:id/deletar', async (req, res) => {
    const found = await load(req, res);
    if (!found) return;
    const values = { confirm_username: textOf(req.body, 'confirm_username') };
    const reopen = (status: number, errors: Record<string, string>, toasts: Toast[] = []) =>
      showDetail(req, res, found, { remove: { open: true, values, errors } }, status, toasts);
    const form = validateForm(DeleteForm, req.body);
    if (!form.ok) return reopen(400, form.errors);
    const result = await deleteServiceOrder(req.api, String(found.order.id), form.data);
    if (!result.ok) {
      if (result.status === 403) {
        return reopen(403, { confirm_username: TEXT.notManager }, [{ kind: 'error', text: TEXT.notManager }]);
      }
      return reopen(httpStatusOf(result.status), {}, [{ kind: 'error', text: TEXT.deleteFailed }]);
    }
    flash(req, 'success', TEXT.deleted);
    res.redirect(303, '/consulta');
  });

  // --- Edit screens: /editar-os, /editar-os-retorno, /editar-os-externa ---

  /**
   * The order of that kind, or a redirect: to /os/{id} when it is of another kind or finished (SPEC §4:
   * no edit for terminal statuses), to /consulta with 'Nenhuma O.S. encontrada' when there is none.
   * A save that arrives after the order was finished says the edit failed.
   */
  async function loadForEdit<K extends ServiceOrderKind>(req: Request, res: Response, kind: K) {
    const id = String(req.params.id);
    const result = await getServiceOrder(req.api, kind, id);
    if (!result.ok) {
      if (result.status === 404 || result.status === 400) {
        // Another kind has it: its own detail (with its own Edit link); none has it: not found.
        if (await findServiceOrder(req.api, id)) res.redirect(303, `/os/${pathOf(id)}`);
        else {
          flash(req, 'error', TEXT.notFound);
          res.redirect(303, '/consulta');
        }
        return null;
      }
      throw Object.assign(new Error(result.message), { status: 502 });
    }
    if (isTerminal(kind, result.data.status)) {
      if (req.method === 'POST') flash(req, 'error', TEXT.editFailed);
      res.redirect(303, `/os/${pathOf(result.data.id)}`);
      return null;
    }
    return result.data;
  }

  function showEdit(
    req: Request,
    res: Response,
    kind: ServiceOrderKind,
    order: NormalOrder | ReturnedOrder | ExternalOrder,
    values: Record<string, string | undefined>,
    errors?: Record<string, string>,
    status = 200,
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
        original: original
          ? { id: pathOf(original.id), number: original.number, product_name: original.product_name }
          : undefined,
      }),
      { title: editTitle(kind, order.number), status, toasts },
    );
  }

  for (const kind of ['normal', 'returned', 'external'] as const) {
    const path = `${EDIT_PATH[kind]}:id`;
    const success = kind === 'returned' ? TEXT.returnEdited : TEXT.edited;

    router.get(path, async (req, res) => {
      const order = await loadForEdit(req, res, kind);
      if (order) showEdit(req, res, kind, order, formValuesOf(kind, order, tz));
    });

    router.post(path, async (req, res) => {
      const order = await loadForEdit(req, res, kind);
      if (!order) return;
      const values = typedValues(req.body, EDIT_FIELDS[kind]);
      const form = validateForm(EDIT_FORMS[kind], req.body);
      if (!form.ok) return showEdit(req, res, kind, order, values, form.errors, 400);
      const id = String(order.id);
      const body = centsFieldsToReais(form.data, MONEY_FIELDS);
      const result =
        kind === 'normal'
          ? await updateNormalOrder(req.api, id, body as z.output<(typeof EDIT_FORMS)['normal']>)
          : kind === 'returned'
            ? await updateReturnedOrder(req.api, id, body as z.output<(typeof EDIT_FORMS)['returned']>)
            : await updateExternalOrder(req.api, id, body as z.output<(typeof EDIT_FORMS)['external']>);
      if (!result.ok) {
        return showEdit(req, res, kind, order, values, result.issues ?? {}, httpStatusOf(result.status), [
          { kind: 'error', text: TEXT.editFailed },
        ]);
      }
      flash(req, 'success', success);
      res.redirect(303, `/os/${pathOf(order.id)}`);
    });
  }

  return router;
}
