/**
 * Cadastrar Cliente, Editar Cliente and Deletar Cliente (SPEC §2, §5, §8); the zip-code lookup the form's
 * island asks is cep-lookup.ts.
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import type { ClientValues, Toast } from '../../contract/web.ts';
import { addressAfterCep } from '../../domain/cep-address.ts';
import { formatCep } from '../../domain/documents.ts';
import { EditConflict } from '../../views/components/EditConflict.tsx';
import { tagged } from '../../views/components/OrderGroup.tsx';
import {
  ClientForm,
  type ClientFormProps,
  DELETE_CLIENT_DIALOG,
  REUSE_DOCUMENT_FIELD,
} from '../../views/pages/ClientForm.tsx';
import { createClient, deleteClient, getClient, updateClient } from '../backend/clients.ts';
import { extrasOf } from '../backend/extras.ts';
import type { WebDeps } from '../context.ts';
import { type Draft, draftFor, saveDraft, typedFields, withDraft } from '../drafts.ts';
import { ClientForm as ClientSchema, clientValuesFrom, clientValuesOf, looksUpCep } from '../forms/client.ts';
import {
  ALREADY_SAVED,
  alreadySaved,
  changedSince,
  conflictRows,
  differsFromTheirs,
  loadedMarks,
  mergedOverTheirs,
  NOTHING_OF_YOURS,
  postedMarks,
  staleRefusal,
  versionToSave,
} from '../forms/edit-version.ts';
import { managerCredentials } from '../forms/fields.ts';
import { backToCreateForm, restoredDraft } from '../forms/refused-create.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { submitOnce } from '../idempotency.ts';
import { cutPage, listPager, pageAsked } from '../list-pages.ts';
import { confirmationRefusal, confirmManager } from '../manager-confirmation.ts';
import { flash } from '../middleware/flash.ts';
import { TEXT as SIGN_IN_TEXT } from '../sign-in-again.ts';
import { cepLookupRoutes } from './cep-lookup.ts';

const TEXT = {
  created: 'Cliente cadastrado com sucesso!',
  createFailed: 'Ocorreu um erro ao cadastrar o cliente. Cheque os dados. Esse CPF já pode estar cadastrado!',
  updated: 'Cliente atualizado com sucesso!',
  updateFailed: 'Ocorreu um erro ao atualizar o cliente. Cheque os dados.',
  deleted: 'Cliente deletado com sucesso!',
  /** A delete sent again (Back, a double click) after the first went through. */
  alreadyDeleted: 'Este cliente já tinha sido deletado: nada foi deletado de novo.',
  deleteFailed: 'Ocorreu um erro ao deletar o Cliente. Cheque suas credenciais.',
  notManager: 'Digite uma credencial de gerente válida',
};

const DeleteForm = z.object(managerCredentials);
/** Where Cadastrar Cliente's form posts (see its route). */
export const CREATE_CLIENT_ACTION = '/cadastrar-cliente/salvar';
/** A refused delete's draft: which dialog, and the api's reason shown inside it. */
const DIALOG_FIELD = '_dialog';
const REFUSAL_FIELD = '_refusal';

/**
 * Where a registered client goes (SPEC §2: /abrir-os-normal), with that client already selected when the
 * api said which one it created (SPEC §7 leaves the answer unread: a backend without an id still works).
 */
function openOrderFor(created: unknown): string {
  const id = (created as { id?: unknown } | null)?.id;
  const ok = (typeof id === 'number' || typeof id === 'string') && /^\d{1,9}$/.test(String(id));
  return ok ? `/abrir-os-normal?cliente=${id}` : '/abrir-os-normal';
}

export function clientRoutes(deps: WebDeps): Router {
  const { lookupCep } = deps;
  const router = Router();

  /** Without JavaScript, "Buscar CEP" posts the form: fill the address and give it back, nothing saved. */
  async function fillFromCep(
    values: ClientValues,
  ): Promise<{ values: ClientValues; errors: Record<string, string>; focus?: 'number' }> {
    const result = await lookupCep(values.zip_code ?? '');
    if (!result.ok) return { values, errors: { zip_code: result.message } };
    const a = result.address;
    const found = addressAfterCep(
      {
        street: values.address ?? '',
        neighborhood: values.neighborhood ?? '',
        city: values.city ?? '',
        state: values.state ?? '',
      },
      a,
    );
    return {
      values: {
        ...values,
        zip_code: formatCep(a.cep),
        address: found.street,
        neighborhood: found.neighborhood,
        city: found.city,
        state: found.state,
      },
      errors: {},
      // The street is filled: the keyboard goes on to Número, as the island does with JavaScript.
      focus: 'number',
    };
  }

  // --- Cadastrar Cliente ---
  const showCreate = (
    req: Request,
    res: Response,
    props: Partial<ClientFormProps>,
    status = 200,
    toasts: Toast[] = [],
    formKey?: string,
  ) =>
    deps.render(
      req,
      res,
      createElement(ClientForm, { mode: 'create', action: CREATE_CLIENT_ACTION, values: {}, ...props }),
      { title: 'Cadastrar Cliente', status, toasts, formKey, createForm: true },
    );

  // A refused save or a lost session comes back here (?rascunho=) with the typing and its errors.
  router.get('/cadastrar-cliente', async (req, res) => {
    const restored = await restoredDraft(deps, req);
    if (!restored) return showCreate(req, res, {});
    const { values, errors, toasts, formKey } = restored;
    showCreate(req, res, { values: clientValuesOf(values), errors }, 200, toasts, formKey);
  });

  // Its form's address opened by hand (a bookmark, a reload after a CEP lookup) is the form.
  router.get(CREATE_CLIENT_ACTION, (_req, res) => res.redirect(303, '/cadastrar-cliente'));

  // The form posts to an address of its own (the page's address is still taken, from pages sent before):
  // a POST makes the browser drop what it kept of the address posted to, and Back must find the page it
  // kept, with its one-use key, to open the client already made instead of making a second one.
  router.post(['/cadastrar-cliente', CREATE_CLIENT_ACTION], async (req, res) => {
    const values = clientValuesOf(req.body);
    if (looksUpCep(textOf(req.body, 'intent'), values)) {
      const filled = await fillFromCep(values);
      return showCreate(req, res, filled, Object.keys(filled.errors).length ? 400 : 200);
    }
    await submitOnce(deps, req, res, '/cadastrar-cliente', async (api) => {
      const form = validateForm(ClientSchema, req.body);
      if (!form.ok) {
        await backToCreateForm(deps, req, res, '/cadastrar-cliente', { errors: form.errors });
        return null;
      }
      // A deleted client's CPF or CNPJ is taken again only when the person ticked it (api's 409 asks).
      const reuse = textOf(req.body, REUSE_DOCUMENT_FIELD) === 'sim';
      const result = await createClient(api, {
        ...form.data,
        ...(reuse ? { [REUSE_DOCUMENT_FIELD]: true } : {}),
      } as typeof form.data);
      if (!result.ok) {
        await backToCreateForm(deps, req, res, '/cadastrar-cliente', {
          errors: result.issues ?? {},
          toast: TEXT.createFailed,
        });
        return null;
      }
      flash(req, 'success', TEXT.created);
      return openOrderFor(result.data);
    });
  });

  /**
   * The client with every kind of order where the backend has them (the delete dialog names them all),
   * else SPEC §7's answer with its service orders.
   */
  async function clientWithAllOrders(req: Request, id: string) {
    const extras = extrasOf(deps.http);
    if (extras.usable('client-all-orders')) {
      const found = await getClient(req.api, id, { allOrders: true });
      if (!extras.lacking('client-all-orders', found)) return found;
    }
    return getClient(req.api, id);
  }

  // --- Editar Cliente ---
  async function showEdit(
    req: Request,
    res: Response,
    overrides: {
      values?: ClientValues;
      errors?: Record<string, string>;
      deleteDialog?: Partial<NonNullable<ClientFormProps['edit']>['deleteDialog']>;
      deleteRefusal?: string;
      /** What the form was first loaded from, when it is shown again before a save. */
      loaded?: Record<string, string> | undefined;
      focus?: ClientFormProps['focus'];
    },
    status = 200,
    toasts: Toast[] = [],
  ) {
    const id = String(req.params.id);
    const found = await clientWithAllOrders(req, id);
    if (!found.ok) {
      if (found.status === 404 || found.status === 400) {
        flash(req, 'error', 'Cliente não encontrado.');
        return res.redirect(303, '/consulta');
      }
      throw Object.assign(new Error(found.message), { status: 502 });
    }
    const client = found.data;
    const serviceOrders = [
      ...tagged(client.normal_service_orders, 'normal'),
      ...tagged(client.returned_service_orders, 'returned'),
    ];
    const shown = cutPage(serviceOrders, pageAsked(req));
    deps.render(
      req,
      res,
      createElement(ClientForm, {
        mode: 'edit',
        action: `/editar-cliente/${encodeURIComponent(id)}`,
        values: overrides.values ?? clientValuesFrom(client),
        errors: overrides.errors,
        focus: overrides.focus,
        edit: {
          id: encodeURIComponent(id),
          name: client.name,
          serviceOrders,
          allOrders: [
            ...serviceOrders,
            ...tagged(client.external_service_orders, 'external'),
            ...tagged(client.orders, 'parts'),
          ],
          // The list under the form, a page at a time (?pagina=); the delete dialog counts them all.
          shownServiceOrders: shown.items,
          serviceOrdersPager: listPager(req, shown),
          deleteDialog: {
            open: req.query.dialogo === DELETE_CLIENT_DIALOG,
            values: {},
            ...overrides.deleteDialog,
          },
          deleteRefusal: overrides.deleteRefusal,
          loaded:
            overrides.loaded ??
            loadedMarks(client, clientValuesFrom(client) as Record<string, string | undefined>),
        },
      }),
      { title: 'Editar Cliente', status, toasts },
    );
  }

  const CLIENT_LABELS: Record<string, string> = {
    name: 'Nome',
    cpf: 'CPF',
    cnpj: 'CNPJ',
    email: 'E-mail',
    phone1: 'Telefone 1',
    phone2: 'Telefone 2',
    phone3: 'Telefone 3',
    zip_code: 'CEP',
    address: 'Rua',
    number: 'Número',
    complement: 'Complemento',
    neighborhood: 'Bairro',
    city: 'Cidade',
    state: 'Estado',
  };

  // A draft (?rascunho=) comes back here: a save over someone else's change shows both; typing kept
  // after a refusal (post/redirect/get) or through a lost session is put back in the form.
  router.get('/editar-cliente/:id', async (req, res) => {
    const draft = await draftFor(deps, req);
    if (!draft) return showEdit(req, res, {});
    // A refused delete: its dialog again, with the typed manager, the errors and why.
    if (draft.values[DIALOG_FIELD] === 'remove') {
      const toasts: Toast[] = draft.toast ? [{ kind: 'error', text: draft.toast }] : [];
      const values = { confirm_username: draft.values.confirm_username ?? '' };
      const deleteDialog = { open: true, values, errors: draft.errors ?? {} };
      return showEdit(req, res, { deleteDialog, deleteRefusal: draft.values[REFUSAL_FIELD] }, 200, toasts);
    }
    const found = await getClient(req.api, String(req.params.id));
    if (found.ok && changedSince(draft.values, found.data, clientValuesFrom(found.data))) {
      const theirs = clientValuesFrom(found.data) as Record<string, string | undefined>;
      // What 'Salvar por cima' would save: what this person changed, theirs where they touched nothing.
      const yours = mergedOverTheirs(
        draft.values,
        clientValuesOf(draft.values) as Record<string, string | undefined>,
        theirs,
      );
      const id = encodeURIComponent(String(found.data.id));
      // Nothing this person changed differs from what is saved: nothing to decide, the client as it is.
      if (!differsFromTheirs(yours, theirs)) {
        flash(req, 'success', NOTHING_OF_YOURS);
        return res.redirect(303, `/editar-cliente/${id}`);
      }
      return deps.render(
        req,
        res,
        createElement(EditConflict, {
          what: 'este cliente',
          rows: conflictRows(CLIENT_LABELS, theirs, yours),
          action: `/editar-cliente/${id}`,
          resend: {
            ...(yours as Record<string, string>),
            intent: 'save',
            ...loadedMarks(found.data, theirs),
          },
          discardHref: `/editar-cliente/${id}`,
        }),
        { title: 'Editar Cliente' },
      );
    }
    const toasts: Toast[] = draft.toast ? [{ kind: 'error', text: draft.toast }] : [];
    if (draft.reason === 'signed-out') toasts.push({ kind: 'success', text: SIGN_IN_TEXT.restored });
    showEdit(req, res, { values: clientValuesOf(draft.values), errors: draft.errors }, 200, toasts);
  });

  router.post('/editar-cliente/:id', async (req, res) => {
    const values = clientValuesOf(req.body);
    if (looksUpCep(textOf(req.body, 'intent'), values)) {
      const filled = await fillFromCep(values);
      // The lookup is not a save: the form keeps the marks it was loaded with (else another person's
      // save in between would be overwritten by the next Salvar).
      const loaded = postedMarks(req.body);
      return showEdit(req, res, { ...filled, loaded }, Object.keys(filled.errors).length ? 400 : 200);
    }
    const path = `/editar-cliente/${encodeURIComponent(String(req.params.id))}`;
    const kept = typedFields(req.body);
    delete kept._from;
    /** Keeps the typing and goes back to the form's page, which shows it (post/redirect/get). */
    const backToForm = async (draft: Omit<Draft, 'path' | 'values'>) =>
      res.redirect(303, withDraft(path, await saveDraft(deps, res, { ...draft, path, values: kept })));
    // Saved by someone else since this form was loaded: back to the form, which shows both.
    const loaded = await getClient(req.api, String(req.params.id));
    if (loaded.ok && changedSince(req.body, loaded.data, clientValuesFrom(loaded.data))) {
      if (alreadySaved(req.body, clientValuesFrom(loaded.data))) {
        flash(req, 'success', ALREADY_SAVED);
        return res.redirect(303, '/consulta');
      }
      return backToForm({ reason: 'stale' });
    }
    const form = validateForm(ClientSchema, req.body);
    if (!form.ok) return backToForm({ errors: form.errors, reason: 'invalid' });
    // Our api checks the version under the row's lock, closing the gap after the re-read above.
    const version = versionToSave(req.body, loaded.ok ? loaded.data : undefined);
    const result = await updateClient(req.api, String(req.params.id), {
      ...form.data,
      ...(version ? { version } : {}),
    });
    if (!result.ok) {
      if (staleRefusal(result)) return backToForm({ reason: 'stale' });
      return backToForm({ errors: result.issues ?? {}, reason: 'failed', toast: TEXT.updateFailed });
    }
    flash(req, 'success', TEXT.updated);
    res.redirect(303, '/consulta');
  });

  router.post('/editar-cliente/:id/deletar', async (req, res) => {
    const path = `/editar-cliente/${encodeURIComponent(String(req.params.id))}`;
    /** Post/redirect/get: the typed manager (never the password), the errors and why, shown by the GET. */
    const reopen = async (errors: Record<string, string>, toast?: string, refusal?: string) => {
      const values: Record<string, string> = {
        confirm_username: textOf(req.body, 'confirm_username'),
        [DIALOG_FIELD]: 'remove',
        ...(refusal ? { [REFUSAL_FIELD]: refusal } : {}),
      };
      const reason = toast ? 'failed' : 'invalid';
      const id = await saveDraft(deps, res, { path, values, errors, reason, ...(toast ? { toast } : {}) });
      res.redirect(303, withDraft(path, id));
    };
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
    const result = await deleteClient(req.api, String(req.params.id), form.data);
    if (!result.ok) {
      if (result.status === 403) return reopen({ confirm_username: TEXT.notManager }, TEXT.notManager);
      // 409: orders still open; the api names them, the dialog says so (nothing deleted).
      if (result.status === 409 && result.message) return reopen({}, result.message, result.message);
      // Gone already: this delete sent again after it went through, or another tab's.
      if (result.status === 404) {
        flash(req, 'success', TEXT.alreadyDeleted);
        return res.redirect(303, '/consulta');
      }
      return reopen({}, TEXT.deleteFailed);
    }
    flash(req, 'success', TEXT.deleted);
    res.redirect(303, '/consulta');
  });

  router.use(cepLookupRoutes(deps));

  return router;
}
