/**
 * Abrir O.S., Abrir O.S. de Retorno and Abrir Serviço Externo (SPEC §2, §5, §8): search, select, fill
 * in, POST; a refusal (field errors, an api failure with the §8 toast) keeps the typing as a draft and
 * goes back to the form's page, which shows it (post/redirect/get); success flashes the §8 toast and
 * goes to /os/{id} (303).
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import type { Toast } from '../../contract/web.ts';
import type { ClientPickerState } from '../../views/components/ClientPicker.tsx';
import { type OrderRow, orderRowOf } from '../../views/components/OrderRows.tsx';
import { OPEN_EXTERNAL_PATH, OpenExternalOrder } from '../../views/pages/OpenExternalOrder.tsx';
import {
  OPEN_RETURN_PATH,
  OpenReturnOrder,
  type OpenReturnOrderProps,
  type OriginalOrder,
} from '../../views/pages/OpenReturnOrder.tsx';
import { OPEN_NORMAL_PATH, OpenServiceOrder } from '../../views/pages/OpenServiceOrder.tsx';
import type { ApiFailure } from '../backend/client.ts';
import { extrasOf } from '../backend/extras.ts';
import {
  createExternalOrder,
  createNormalOrder,
  createReturnedOrder,
  getServiceOrder,
  normalOrdersByNumber,
} from '../backend/service-orders.ts';
import { managerOf, returnWarranty, TEXT_NOT_MANAGER } from '../client-side/return-warranty.ts';
import type { WebDeps } from '../context.ts';
import { requiredText } from '../forms/fields.ts';
import { backToCreateForm, restoredDraft } from '../forms/refused-create.ts';
import {
  centsFieldsToReais,
  PRODUCT_FIELD_NAMES,
  productFields,
  SERVICE_FIELD_NAMES,
  serviceFields,
  typedValues,
} from '../forms/service-order.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { submitOnce } from '../idempotency.ts';
import { flash } from '../middleware/flash.ts';
import { clientPickerState } from './client-picker.ts';

const TEXT = {
  created: 'O.S. Cadastrada com sucesso!',
  createFailed: 'Ocorreu um erro ao criar a O.S. Cheque os dados.',
  returnCreated: 'O.S. de retorno cadastrada com sucesso!',
  externalCreated: 'Atendimento Externo Cadastrado com sucesso!',
  externalFailed: 'Ocorreu um erro ao criar o Atendimento Externo. Cheque os dados.',
  searchRequired: 'Digite algo para buscar',
  motiveRequired: 'Digite algo para cadastrar',
};

/** An id from a form or a query: digits only, as the api's ids are. */
const ID = /^\d{1,9}$/;
const idField = z.preprocess(
  (v) => (typeof v === 'string' && ID.test(v.trim()) ? Number(v) : undefined),
  z.number({ error: 'Selecione um item' }),
);

const NormalForm = z.object({
  client_id: idField,
  ...productFields('Nome do produto é obrigatório'),
});

// SPEC §5 gives the external form's product name this text, to the letter.
const ExternalForm = z.object({
  client_id: idField,
  ...productFields(TEXT.searchRequired),
  ...serviceFields,
});

const ReturnForm = z.object({
  original_service_order_id: idField,
  return_motive: requiredText(TEXT.motiveRequired, 2000),
});

const orderPath = (id: number | string) => `/os/${encodeURIComponent(String(id))}`;

/** The api's field messages, only for fields the form shows (the rest is said by the toast). */
function issuesOn(result: ApiFailure, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(result.issues ?? {}).filter(([name]) => names.includes(name)));
}

export function openOrderRoutes(deps: WebDeps): Router {
  const router = Router();

  // --- Abrir O.S. (normal) ---
  type OpenView = {
    picker: ClientPickerState;
    clientId?: string;
    values?: Record<string, string | undefined>;
    errors?: Record<string, string>;
    status?: number;
    toasts?: Toast[];
    formKey?: string | undefined;
  };

  /** A GET's draft (a refused create, a lost session) as the open screen shows it again. */
  async function restoredView(req: Request, path: string, names: readonly string[]): Promise<OpenView> {
    const restored = await restoredDraft(deps, req);
    if (!restored) return { picker: await clientPickerState(deps, req, path) };
    const id = restored.values.client_id?.trim();
    const clientId = id && ID.test(id) ? id : undefined;
    return {
      picker: await clientPickerState(deps, req, path, clientId),
      clientId,
      values: typedValues(restored.values, names),
      errors: restored.errors,
      status: 200,
      toasts: restored.toasts,
      formKey: restored.formKey,
    };
  }

  function showNormal(req: Request, res: Response, v: OpenView) {
    deps.render(
      req,
      res,
      createElement(OpenServiceOrder, {
        picker: v.picker,
        values: v.values ?? {},
        errors: v.errors,
        clientId: v.clientId,
      }),
      {
        title: 'Abrir O.S.',
        createForm: true,
        status: v.status ?? (v.picker.errors ? 400 : 200),
        toasts: v.toasts ?? [],
        formKey: v.formKey,
      },
    );
  }

  // A client just registered lands here with its success toast waiting (render takes the flash).
  router.get(OPEN_NORMAL_PATH, async (req, res) => {
    showNormal(req, res, await restoredView(req, OPEN_NORMAL_PATH, PRODUCT_FIELD_NAMES));
  });

  router.post(OPEN_NORMAL_PATH, async (req, res) => {
    await submitOnce(deps, req, res, OPEN_NORMAL_PATH, async (api) => {
      const form = validateForm(NormalForm, req.body);
      if (!form.ok) {
        // No client behind the form (a stale or forged page): nothing to show under a field, say it in a toast.
        const toast = form.errors.client_id ? TEXT.createFailed : undefined;
        await backToCreateForm(deps, req, res, OPEN_NORMAL_PATH, { errors: form.errors, toast });
        return null;
      }
      const result = await createNormalOrder(api, form.data);
      if (!result.ok) {
        await backToCreateForm(deps, req, res, OPEN_NORMAL_PATH, {
          errors: issuesOn(result, PRODUCT_FIELD_NAMES),
          toast: TEXT.createFailed,
        });
        return null;
      }
      flash(req, 'success', TEXT.created);
      return orderPath(result.data.id);
    });
  });

  // --- Abrir Serviço Externo ---
  const EXTERNAL_NAMES = [...PRODUCT_FIELD_NAMES, ...SERVICE_FIELD_NAMES] as const;

  function showExternal(req: Request, res: Response, v: OpenView) {
    deps.render(
      req,
      res,
      createElement(OpenExternalOrder, {
        picker: v.picker,
        values: v.values ?? {},
        errors: v.errors,
        clientId: v.clientId,
        noLaterEdit: !extrasOf(deps.http).usable('external-order-edit'),
      }),
      {
        title: 'Abrir Serviço Externo',
        createForm: true,
        status: v.status ?? (v.picker.errors ? 400 : 200),
        toasts: v.toasts ?? [],
        formKey: v.formKey,
      },
    );
  }

  router.get(OPEN_EXTERNAL_PATH, async (req, res) => {
    showExternal(req, res, await restoredView(req, OPEN_EXTERNAL_PATH, EXTERNAL_NAMES));
  });

  router.post(OPEN_EXTERNAL_PATH, async (req, res) => {
    await submitOnce(deps, req, res, OPEN_EXTERNAL_PATH, async (api) => {
      const form = validateForm(ExternalForm, req.body);
      if (!form.ok) {
        const toast = form.errors.client_id ? TEXT.externalFailed : undefined;
        await backToCreateForm(deps, req, res, OPEN_EXTERNAL_PATH, { errors: form.errors, toast });
        return null;
      }
      const body = centsFieldsToReais(form.data, ['service_value']);
      // SPEC §5: dates are sent as dates, an empty string when blank.
      const result = await createExternalOrder(api, { ...body, service_date: body.service_date ?? '' });
      if (!result.ok) {
        await backToCreateForm(deps, req, res, OPEN_EXTERNAL_PATH, {
          errors: issuesOn(result, EXTERNAL_NAMES),
          toast: TEXT.externalFailed,
        });
        return null;
      }
      flash(req, 'success', TEXT.externalCreated);
      return orderPath(result.data.id);
    });
  });

  // --- Abrir O.S. de Retorno ---
  /** The chosen original order's summary, or null when it names no normal order the api gives. */
  async function originalOrder(req: Request, id: string): Promise<OriginalOrder | null> {
    if (!ID.test(id)) return null;
    const found = await getServiceOrder(req.api, 'normal', id);
    if (!found.ok) return null;
    const o = found.data;
    return {
      id: String(o.id),
      number: o.number,
      clientName: o.client?.name?.trim() || '-',
      productName: o.product_name?.trim() || '-',
      status: o.status,
      warranty: await returnWarranty(deps, req, String(o.id), o.status),
    };
  }

  /** The search by number (?numero=): silent on failure (SPEC §8), the no-result text only after it. */
  async function searchState(req: Request) {
    const numero = textOf(req.query, 'numero').trim();
    const state: { numero: string; searched: boolean; results: OrderRow[]; errors: Record<string, string> } =
      {
        numero,
        searched: false,
        results: [],
        errors: {},
      };
    if (req.query.numero === undefined) return state;
    if (!numero) {
      state.errors.numero = TEXT.searchRequired;
      return state;
    }
    const found = await normalOrdersByNumber(req.api, numero);
    state.searched = true;
    state.results = found.ok
      ? found.data.map((o) =>
          orderRowOf(o, 'normal', `${OPEN_RETURN_PATH}?original=${encodeURIComponent(String(o.id))}`),
        )
      : [];
    return state;
  }

  function showReturn(
    req: Request,
    res: Response,
    props: OpenReturnOrderProps,
    status: number,
    toasts: Toast[] = [],
    formKey?: string,
  ) {
    deps.render(req, res, createElement(OpenReturnOrder, props), {
      title: 'Abrir O.S. de Retorno',
      createForm: true,
      status,
      toasts,
      formKey,
    });
  }

  router.get(OPEN_RETURN_PATH, async (req, res) => {
    // A refused return (or one kept through a lost session) comes back with its original and reason.
    const restored = await restoredDraft(deps, req);
    const originalId = restored?.values.original_service_order_id ?? textOf(req.query, 'original');
    const [search, original] = await Promise.all([searchState(req), originalOrder(req, originalId.trim())]);
    const hasErrors = Object.keys(search.errors).length > 0;
    showReturn(
      req,
      res,
      {
        ...search,
        original,
        returnMotive: restored?.values.return_motive ?? '',
        errors: { ...search.errors, ...restored?.errors },
      },
      hasErrors ? 400 : 200,
      restored?.toasts,
      restored?.formKey,
    );
  });

  router.post(OPEN_RETURN_PATH, async (req, res) => {
    const original = await originalOrder(req, textOf(req.body, 'original_service_order_id').trim());
    // SPEC §8: the open-failure toast, also after validation errors on this screen.
    const again = (errors: Record<string, string>) =>
      backToCreateForm(deps, req, res, OPEN_RETURN_PATH, { errors, toast: TEXT.createFailed });
    await submitOnce(deps, req, res, OPEN_RETURN_PATH, async (api) => {
      const form = validateForm(ReturnForm, req.body);
      if (!form.ok) {
        await again(form.errors);
        return null;
      }
      // Out of warranty the manager's credentials go with the return (decision 020).
      const result = await createReturnedOrder(api, { ...form.data, ...managerOf(req.body) });
      if (!result.ok && result.status === 403 && original?.warranty?.expired) {
        await again({ confirm_username: TEXT_NOT_MANAGER });
        return null;
      }
      if (!result.ok) {
        await again(issuesOn(result, ['return_motive']));
        return null;
      }
      flash(req, 'success', TEXT.returnCreated);
      return orderPath(result.data.id);
    });
  });

  return router;
}
