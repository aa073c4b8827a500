/** Abrir Pedido, the parts order detail (/pedido/{id}) with its actions, and Editar Pedido (SPEC §2). */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import { isoToInput, todayInShop } from '../../domain/dates.ts';
import { isTerminal } from '../../domain/statuses.ts';
import { UPFRONT_DIALOG } from '../../views/components/UpfrontPaymentDialog.tsx';
import { moneyInput } from '../../views/format.ts';
import { EditPartsOrder, type EditPartsOrderValues } from '../../views/pages/EditPartsOrder.tsx';
import { OpenPartsOrder, type OpenPartsOrderProps } from '../../views/pages/OpenPartsOrder.tsx';
import {
  CANCEL_PARTS_ORDER_DIALOG,
  DELETE_PARTS_ORDER_DIALOG,
  PartsOrderDetail,
  type PartsOrderDetailProps,
} from '../../views/pages/PartsOrderDetail.tsx';
import {
  cancelPartsOrder,
  closePartsOrder,
  createPartsOrder,
  deletePartsOrder,
  getPartsOrder,
  type PartsOrder,
  paymentMethodOf,
  updatePartsOrder,
  upfrontPaymentPartsOrder,
} from '../backend/orders.ts';
import type { WebDeps } from '../context.ts';
import {
  CancelPartsOrderForm,
  DeletePartsOrderForm,
  EDIT_PARTS_ORDER_FIELDS,
  EditPartsOrderForm,
  OPEN_PARTS_ORDER_FIELDS,
  OpenPartsOrderForm,
} from '../forms/parts-order.ts';
import { centsFieldsToReais, typedValues } from '../forms/service-order.ts';
import { UpfrontForm } from '../forms/upfront.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { flash } from '../middleware/flash.ts';
import type { Toast } from '../session-data.ts';
import { clientPickerState } from './client-picker.ts';

/** SPEC §8 Parts orders, §8 Cash and manager checks: the product's texts, to the letter. */
export const PARTS_ORDER_TEXT = {
  created: 'Pedido cadastrado com sucesso!',
  createFailed: 'Ocorreu um erro ao criar o pedido. Cheque os dados.',
  edited: 'Pedido Editado com sucesso!',
  editFailed: 'Ocorreu um erro ao editar o pedido. Cheque suas credenciais.',
  deleted: 'Pedido deletado com sucesso!',
  deleteFailed: 'Erro ao excluir Pedido',
  cancelled: 'Pedido cancelado com sucesso!',
  cancelFailed: 'Erro ao cancelar Pedido',
  closed: 'Pedido enviado ao caixa com sucesso!',
  closeFailed:
    'Erro ao enviar pedido para o caixa. Cheque os valores digitados. Para enviar um pedido ao caixa, ele deve conter: Valor e Forma de Pagamento',
  upfront: 'Pagamento antecipado enviado ao caixa com sucesso!',
  upfrontFailed: 'Erro ao criar pagamento antecipado. Cheque os valores digitados.',
  notManager: 'Digite uma credencial de gerente válida',
  notFound: 'Nenhum pedido encontrado',
} as const;

const MONEY_FIELDS = ['piece_value'] as const;
const httpStatusOf = (status: number) => (status >= 400 && status < 500 ? status : 502);
const error = (text: string): Toast[] => [{ kind: 'error', text }];

/** The order id of the path, when it can name one (digits only); anything else names no order. */
function orderIdOf(req: Request): string | null {
  const id = String(req.params.id ?? '');
  return /^\d{1,10}$/.test(id) ? id : null;
}

/** An order the api does not know (or a path that cannot name one): the toast, then back to Consulta. */
function notFound(req: Request, res: Response, toasts: Toast[] = []) {
  for (const t of toasts) flash(req, t.kind, t.text);
  flash(req, 'error', PARTS_ORDER_TEXT.notFound);
  res.redirect(303, '/consulta');
}

/**
 * The order, or null after answering: unknown -> flash + 303 /consulta; any other api failure is the
 * error page (502).
 */
async function loadOrder(req: Request, res: Response, toasts: Toast[] = []): Promise<PartsOrder | null> {
  const id = orderIdOf(req);
  if (id === null) {
    notFound(req, res, toasts);
    return null;
  }
  const found = await getPartsOrder(req.api, id);
  if (found.ok) return found.data;
  if (found.status === 404 || found.status === 400) {
    notFound(req, res, toasts);
    return null;
  }
  throw Object.assign(new Error(found.message || 'api failure'), { status: 502 });
}

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
  ) {
    const picker = await clientPickerState(req, '/abrir-pedido', props.clientId);
    deps.render(
      req,
      res,
      createElement(OpenPartsOrder, {
        picker,
        values: props.values ?? {},
        errors: props.errors,
        clientId: props.clientId && /^\d{1,9}$/.test(props.clientId) ? props.clientId : undefined,
      }),
      { title: 'Abrir Pedido', status, toasts },
    );
  }

  router.get('/abrir-pedido', (req, res) => showOpen(req, res, {}));

  router.post('/abrir-pedido', async (req, res) => {
    const values = typedValues(req.body, OPEN_PARTS_ORDER_FIELDS);
    const clientId = textOf(req.body, 'client_id').trim();
    const form = validateForm(OpenPartsOrderForm, req.body);
    if (!form.ok) {
      const toasts = form.errors.client_id ? error(PARTS_ORDER_TEXT.createFailed) : [];
      return showOpen(req, res, { values, errors: form.errors, clientId }, 400, toasts);
    }
    const result = await createPartsOrder(req.api, centsFieldsToReais(form.data, MONEY_FIELDS));
    if (!result.ok) {
      return showOpen(
        req,
        res,
        { values, errors: result.issues ?? {}, clientId },
        httpStatusOf(result.status),
        error(PARTS_ORDER_TEXT.createFailed),
      );
    }
    flash(req, 'success', PARTS_ORDER_TEXT.created);
    res.redirect(303, `/pedido/${encodeURIComponent(String(result.data.id))}`);
  });

  // --- Detalhe do pedido ---
  async function showDetail(
    req: Request,
    res: Response,
    overrides: Partial<Pick<PartsOrderDetailProps, 'upfront' | 'cancel' | 'remove'>> = {},
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
    };
    deps.render(req, res, createElement(PartsOrderDetail, props), {
      title: `Pedido ${order.number}`,
      status,
      toasts,
    });
  }

  router.get('/pedido/:id', (req, res) => showDetail(req, res));

  router.post('/pedido/:id/pagamento-antecipado', async (req, res) => {
    const id = orderIdOf(req);
    if (id === null) return notFound(req, res);
    const values = {
      description: textOf(req.body, 'description'),
      value: textOf(req.body, 'value'),
      payment_method: textOf(req.body, 'payment_method'),
    };
    const reopen = (status: number, errors: Record<string, string>, toasts: Toast[] = []) =>
      showDetail(req, res, { upfront: { open: true, values, errors } }, status, toasts);
    const form = validateForm(UpfrontForm, req.body);
    if (!form.ok) return reopen(400, form.errors);
    const result = await upfrontPaymentPartsOrder(req.api, {
      order_id: Number(id),
      value: form.data.value / 100,
      description: form.data.description,
      date: today(),
      payment_method: form.data.payment_method,
    });
    if (!result.ok) {
      return reopen(httpStatusOf(result.status), result.issues ?? {}, error(PARTS_ORDER_TEXT.upfrontFailed));
    }
    flash(req, 'success', PARTS_ORDER_TEXT.upfront);
    res.redirect(303, `/pedido/${id}`);
  });

  router.post('/pedido/:id/enviar-caixa', async (req, res) => {
    const id = orderIdOf(req);
    if (id === null) return notFound(req, res);
    const result = await closePartsOrder(req.api, { order_id: Number(id), date: today(), description: '' });
    if (!result.ok) {
      return showDetail(req, res, {}, httpStatusOf(result.status), error(PARTS_ORDER_TEXT.closeFailed));
    }
    flash(req, 'success', PARTS_ORDER_TEXT.closed);
    res.redirect(303, `/pedido/${id}`);
  });

  router.post('/pedido/:id/cancelar', async (req, res) => {
    const id = orderIdOf(req);
    if (id === null) return notFound(req, res);
    const values = {
      confirm_username: textOf(req.body, 'confirm_username'),
      cancel_motive: textOf(req.body, 'cancel_motive'),
    };
    const reopen = (status: number, errors: Record<string, string>, toasts: Toast[] = []) =>
      showDetail(req, res, { cancel: { open: true, values, errors } }, status, toasts);
    const form = validateForm(CancelPartsOrderForm, req.body);
    if (!form.ok) return reopen(400, form.errors);
    const result = await cancelPartsOrder(req.api, { order_id: Number(id), date: today(), ...form.data });
    if (!result.ok) {
      if (result.status === 403) {
        return reopen(
          403,
          { confirm_username: PARTS_ORDER_TEXT.notManager },
          error(PARTS_ORDER_TEXT.notManager),
        );
      }
      return reopen(httpStatusOf(result.status), result.issues ?? {}, error(PARTS_ORDER_TEXT.cancelFailed));
    }
    flash(req, 'success', PARTS_ORDER_TEXT.cancelled);
    res.redirect(303, '/consulta');
  });

  router.post('/pedido/:id/deletar', async (req, res) => {
    const id = orderIdOf(req);
    if (id === null) return notFound(req, res);
    const values = { confirm_username: textOf(req.body, 'confirm_username') };
    const reopen = (status: number, errors: Record<string, string>, toasts: Toast[] = []) =>
      showDetail(req, res, { remove: { open: true, values, errors } }, status, toasts);
    const form = validateForm(DeletePartsOrderForm, req.body);
    if (!form.ok) return reopen(400, form.errors);
    const result = await deletePartsOrder(req.api, id, form.data);
    if (!result.ok) {
      if (result.status === 403) {
        return reopen(
          403,
          { confirm_username: PARTS_ORDER_TEXT.notManager },
          error(PARTS_ORDER_TEXT.notManager),
        );
      }
      return reopen(httpStatusOf(result.status), {}, error(PARTS_ORDER_TEXT.deleteFailed));
    }
    flash(req, 'success', PARTS_ORDER_TEXT.deleted);
    res.redirect(303, '/consulta');
  });

  // --- Editar Pedido ---
  async function showEdit(
    req: Request,
    res: Response,
    overrides: { values?: EditPartsOrderValues; errors?: Record<string, string> } = {},
    status = 200,
    toasts: Toast[] = [],
  ) {
    const order = await loadOrder(req, res, toasts);
    if (!order) return;
    const id = encodeURIComponent(String(order.id));
    // Cancelled and completed orders are not edited (SPEC §4): their detail, with any toast kept.
    if (isTerminal('parts', order.status)) {
      for (const t of toasts) flash(req, t.kind, t.text);
      return res.redirect(303, `/pedido/${id}`);
    }
    deps.render(
      req,
      res,
      createElement(EditPartsOrder, {
        id,
        number: order.number,
        client: order.client ?? null,
        values: overrides.values ?? editValuesOf(order, shopTz),
        errors: overrides.errors,
      }),
      { title: `Editar Pedido: ${order.number}`, status, toasts },
    );
  }

  router.get('/editar-pedido/:id', (req, res) => showEdit(req, res));

  router.post('/editar-pedido/:id', async (req, res) => {
    const id = orderIdOf(req);
    if (id === null) return notFound(req, res);
    const values = typedValues(req.body, EDIT_PARTS_ORDER_FIELDS);
    const form = validateForm(EditPartsOrderForm, req.body);
    if (!form.ok) return showEdit(req, res, { values, errors: form.errors }, 400);
    const data = centsFieldsToReais(form.data, MONEY_FIELDS);
    const result = await updatePartsOrder(req.api, id, {
      ...data,
      // SPEC §5: dates are sent as dates, an empty string when blank.
      manufacturer_date: data.manufacturer_date ?? '',
    });
    if (!result.ok) {
      return showEdit(
        req,
        res,
        { values, errors: result.issues ?? {} },
        httpStatusOf(result.status),
        error(PARTS_ORDER_TEXT.editFailed),
      );
    }
    flash(req, 'success', PARTS_ORDER_TEXT.edited);
    res.redirect(303, `/pedido/${id}`);
  });

  return router;
}
