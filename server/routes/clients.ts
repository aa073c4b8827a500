/** Cadastrar Cliente, Editar Cliente, Deletar Cliente and the zip-code lookup (SPEC §2, §5, §8). */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { formatCep, formatCnpj, formatCpf } from '../../domain/documents.ts';
import { tagged } from '../../views/components/OrderGroup.tsx';
import { ClientForm, type ClientFormProps, DELETE_CLIENT_DIALOG } from '../../views/pages/ClientForm.tsx';
import {
  type ClientWithOrders,
  createClient,
  deleteClient,
  getClient,
  updateClient,
} from '../backend/clients.ts';
import type { WebDeps } from '../context.ts';
import { ClientForm as ClientSchema, type ClientValues, clientValuesOf } from '../forms/client.ts';
import { managerCredentials } from '../forms/fields.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { flash } from '../middleware/flash.ts';
import type { Toast } from '../session-data.ts';

const TEXT = {
  created: 'Cliente cadastrado com sucesso!',
  createFailed: 'Ocorreu um erro ao cadastrar o cliente. Cheque os dados. Esse CPF já pode estar cadastrado!',
  updated: 'Cliente atualizado com sucesso!',
  updateFailed: 'Ocorreu um erro ao atualizar o cliente. Cheque os dados.',
  deleted: 'Cliente deletado com sucesso!',
  deleteFailed: 'Ocorreu um erro ao deletar o Cliente. Cheque suas credenciais.',
  notManager: 'Digite uma credencial de gerente válida',
};

const DeleteForm = z.object(managerCredentials);

/** The form as a person reads it: documents and CEP with their masks. */
export function clientValuesFrom(client: ClientWithOrders): ClientValues {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    name: client.name,
    cpf: formatCpf(client.cpf),
    cnpj: formatCnpj(client.cnpj),
    email: text(client.email),
    phone1: text(client.phone1),
    phone2: text(client.phone2),
    phone3: text(client.phone3),
    zip_code: formatCep(client.zip_code),
    address: text(client.address),
    number: text(client.number),
    complement: text(client.complement),
    neighborhood: text(client.neighborhood),
    city: text(client.city),
    state: text(client.state),
  };
}

const httpStatusOf = (status: number) => (status >= 400 && status < 500 ? status : 502);

export function clientRoutes(deps: WebDeps): Router {
  const { lookupCep } = deps;
  const router = Router();

  /** Without JavaScript, "Buscar CEP" posts the form: fill the address and give it back, nothing saved. */
  async function fillFromCep(
    values: ClientValues,
  ): Promise<{ values: ClientValues; errors: Record<string, string> }> {
    const result = await lookupCep(values.zip_code ?? '');
    if (!result.ok) return { values, errors: { zip_code: result.message } };
    const a = result.address;
    return {
      values: {
        ...values,
        zip_code: formatCep(a.cep),
        address: a.street || values.address,
        neighborhood: a.neighborhood || values.neighborhood,
        city: a.city,
        state: a.state,
      },
      errors: {},
    };
  }

  // --- Cadastrar Cliente ---
  const showCreate = (
    req: Request,
    res: Response,
    props: Partial<ClientFormProps>,
    status = 200,
    toasts: Toast[] = [],
  ) =>
    deps.render(
      req,
      res,
      createElement(ClientForm, { mode: 'create', action: '/cadastrar-cliente', values: {}, ...props }),
      { title: 'Cadastrar Cliente', status, toasts },
    );

  router.get('/cadastrar-cliente', (req, res) => showCreate(req, res, {}));

  router.post('/cadastrar-cliente', async (req, res) => {
    const values = clientValuesOf(req.body);
    if (textOf(req.body, 'intent') === 'cep') {
      const filled = await fillFromCep(values);
      return showCreate(req, res, filled, Object.keys(filled.errors).length ? 400 : 200);
    }
    const form = validateForm(ClientSchema, req.body);
    if (!form.ok) return showCreate(req, res, { values, errors: form.errors }, 400);
    const result = await createClient(req.api, form.data);
    if (!result.ok) {
      return showCreate(req, res, { values, errors: result.issues ?? {} }, httpStatusOf(result.status), [
        { kind: 'error', text: TEXT.createFailed },
      ]);
    }
    flash(req, 'success', TEXT.created);
    res.redirect(303, '/abrir-os-normal');
  });

  // --- Editar Cliente ---
  async function showEdit(
    req: Request,
    res: Response,
    overrides: {
      values?: ClientValues;
      errors?: Record<string, string>;
      deleteDialog?: Partial<NonNullable<ClientFormProps['edit']>['deleteDialog']>;
    },
    status = 200,
    toasts: Toast[] = [],
  ) {
    const id = String(req.params.id);
    const found = await getClient(req.api, id);
    if (!found.ok) {
      if (found.status === 404 || found.status === 400) {
        flash(req, 'error', 'Cliente não encontrado.');
        return res.redirect(303, '/consulta');
      }
      throw Object.assign(new Error(found.message), { status: 502 });
    }
    const client = found.data;
    deps.render(
      req,
      res,
      createElement(ClientForm, {
        mode: 'edit',
        action: `/editar-cliente/${encodeURIComponent(id)}`,
        values: overrides.values ?? clientValuesFrom(client),
        errors: overrides.errors,
        edit: {
          id: encodeURIComponent(id),
          name: client.name,
          serviceOrders: [
            ...tagged(client.normal_service_orders, 'normal'),
            ...tagged(client.returned_service_orders, 'returned'),
          ],
          deleteDialog: {
            open: req.query.dialogo === DELETE_CLIENT_DIALOG,
            values: {},
            ...overrides.deleteDialog,
          },
        },
      }),
      { title: 'Editar Cliente', status, toasts },
    );
  }

  router.get('/editar-cliente/:id', (req, res) => showEdit(req, res, {}));

  router.post('/editar-cliente/:id', async (req, res) => {
    const values = clientValuesOf(req.body);
    if (textOf(req.body, 'intent') === 'cep') {
      const filled = await fillFromCep(values);
      return showEdit(req, res, filled, Object.keys(filled.errors).length ? 400 : 200);
    }
    const form = validateForm(ClientSchema, req.body);
    if (!form.ok) return showEdit(req, res, { values, errors: form.errors }, 400);
    const result = await updateClient(req.api, String(req.params.id), form.data);
    if (!result.ok) {
      return showEdit(req, res, { values, errors: result.issues ?? {} }, httpStatusOf(result.status), [
        { kind: 'error', text: TEXT.updateFailed },
      ]);
    }
    flash(req, 'success', TEXT.updated);
    res.redirect(303, '/consulta');
  });

  router.post('/editar-cliente/:id/deletar', async (req, res) => {
    const values = { confirm_username: textOf(req.body, 'confirm_username') };
    const reopen = (status: number, errors: Record<string, string>, toasts: Toast[] = []) =>
      showEdit(req, res, { deleteDialog: { open: true, values, errors } }, status, toasts);
    const form = validateForm(DeleteForm, req.body);
    if (!form.ok) return reopen(400, form.errors);
    const result = await deleteClient(req.api, String(req.params.id), form.data);
    if (!result.ok) {
      if (result.status === 403) {
        return reopen(403, { confirm_username: TEXT.notManager }, [{ kind: 'error', text: TEXT.notManager }]);
      }
      return reopen(httpStatusOf(result.status), {}, [{ kind: 'error', text: TEXT.deleteFailed }]);
    }
    flash(req, 'success', TEXT.deleted);
    res.redirect(303, '/consulta');
  });

  // --- CEP lookup for the island (JSON, same-origin, behind the login) ---
  router.get('/cep/:cep', async (req, res) => {
    const result = await lookupCep(String(req.params.cep));
    if (result.ok) {
      res.json({ ok: true, ...result.address, cep: formatCep(result.address.cep) });
      return;
    }
    res.status(result.reason === 'unavailable' ? 503 : result.reason === 'invalid' ? 400 : 404).json({
      ok: false,
      message: result.message,
    });
  });

  return router;
}
