/**
 * The dialogs of Caixa do dia: a new entry (Entrada or Saida), its edit and its delete, each confirmed as
 * SPEC §8 asks, with post/redirect/get: a refused form goes back to the day, which opens the same dialog
 * with the typing (never a password) and why.
 */
import { Router } from 'express';
import type { ReopenedOrder } from '../../contract/transactions.ts';
import { todayInShop } from '../../domain/dates.ts';
import { PAYMENT_METHOD_UNKNOWN } from '../../domain/payment-methods.ts';
import { statusLabel } from '../../domain/statuses.ts';
import { onDayPage } from '../../views/format.ts';
import { createEntry, deleteEntry, entriesOfDay, updateEntry } from '../backend/cash.ts';
import { cashApi } from '../cash-unlock.ts';
import type { WebDeps } from '../context.ts';
import { type Draft, saveDraft, typedFields, withDraft } from '../drafts.ts';
import { DeleteEntryForm, EntryForm, editEntryForm } from '../forms/cash.ts';
import {
  ALREADY_SAVED,
  alreadySaved,
  changedSince,
  postedVersion,
  staleRefusal,
} from '../forms/edit-version.ts';
import { backToCreateForm } from '../forms/refused-create.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { submitOnce } from '../idempotency.ts';
import { pageAsked } from '../list-pages.ts';
import { type ConfirmationOutcome, confirmationRefusal, confirmManager } from '../manager-confirmation.ts';
import { flash } from '../middleware/flash.ts';
import { ENTRY_ID_FIELD, entryValues, PAGE_FIELD, REMOVE_ID_FIELD } from './cash-day-dialogs.ts';

/** SPEC §8 Cash and manager checks: the product's texts, to the letter. */
const TEXT = {
  notManager: 'Digite uma credencial de gerente válida',
  managerLoginFailed: 'Ocorreu um erro ao fazer login. Digite credenciais válidas para um(a) gerente',
  createFailed: 'Ocorreu um erro ao criar a transação. Cheque os valores.',
  editFailed: 'Ocorreu um erro ao editar a transação. Cheque os valores.',
  deleteFailed: 'Ocorreu um erro ao excluir a transação. Cheque os valores.',
  created: 'Lançamento criado com sucesso!',
  edited: 'Lançamento editado com sucesso!',
  entryGone: 'Este lançamento foi excluído por outra pessoa enquanto você editava. Nada foi salvo.',
  deleted: 'Lançamento excluído com sucesso!',
  alreadyDeleted: 'Este lançamento já tinha sido excluído: nada foi excluído de novo.',
  lockedBeforeSave: 'O acesso ao caixa expirou antes de salvar. Nada foi salvo: confira e salve de novo.',
  // Decision 032: what deleting an order's entry does to the order, as our api answers it.
  paymentOfClosedOrder:
    'Este pagamento é de uma ordem já enviada ao caixa. Exclua antes o lançamento do envio ao caixa, que reabre a ordem, e depois o pagamento.',
};

/** Said after deleting an order's close entry reopened the order (our api's answer names it). */
function reopenedNotice(reopened: ReopenedOrder): string {
  const status = statusLabel(reopened.kind, reopened.status);
  return reopened.kind === 'parts'
    ? `O pedido ${reopened.number} foi reaberto (${status}) e volta a ter o valor a receber.`
    : `A O.S. ${reopened.number} foi reaberta (${status}) e volta a ter o valor a receber.`;
}

export function cashEntryRoutes(deps: WebDeps): Router {
  const router = Router();
  const today = () => todayInShop(deps.env.SHOP_TZ);

  /**
   * A dialog's typed manager did not pass: an employee's credentials get their own message; credentials
   * the backend refuses are SPEC §8's manager login failure; a failing backend, the action's failure.
   */
  const refusal = (outcome: Exclude<ConfirmationOutcome, 'confirmed'>, failedText: string) =>
    confirmationRefusal(outcome, {
      notManager: TEXT.notManager,
      failed: outcome === 'wrong' ? TEXT.managerLoginFailed : failedText,
    });

  router.post('/caixa-hoje/lancamentos', async (req, res) => {
    const cash = cashApi(deps, req);
    // The unlock's minutes ran out while the dialog was open: the typing waits for the next unlock.
    if (!cash) return backToCreateForm(deps, req, res, '/caixa-hoje', { toast: TEXT.lockedBeforeSave });
    // Once per form render: Back and Salvar, or a double click, never books the entry twice.
    await submitOnce(
      deps,
      req,
      res,
      '/caixa-hoje',
      async (api) => {
        const form = validateForm(EntryForm, req.body);
        if (!form.ok) {
          await backToCreateForm(deps, req, res, '/caixa-hoje', { errors: form.errors });
          return null;
        }
        const { type, description, value, payment_method } = form.data;
        const result = await createEntry(api, {
          type,
          description,
          value: value / 100,
          payment_method,
          date: today(),
        });
        if (!result.ok) {
          await backToCreateForm(deps, req, res, '/caixa-hoje', {
            errors: result.issues ?? {},
            toast: TEXT.createFailed,
          });
          return null;
        }
        flash(req, 'success', TEXT.created);
        return '/caixa-hoje';
      },
      cash,
    );
  });

  router.post('/caixa-hoje/lancamentos/:id', async (req, res) => {
    const cash = cashApi(deps, req);
    const id = String(req.params.id);
    const page = pageAsked(req);
    /** Post/redirect/get: the typing (never the password) and why it was refused, shown by the GET. */
    const backToDialog = async (refusal: Pick<Draft, 'errors' | 'toast' | 'reason'>) => {
      const values: Record<string, string> = {
        ...typedFields(req.body),
        [ENTRY_ID_FIELD]: id,
        [PAGE_FIELD]: String(page),
      };
      delete values._from;
      const draft = await saveDraft(deps, res, { path: '/caixa-hoje', values, ...refusal });
      res.redirect(303, withDraft('/caixa-hoje', draft));
    };
    const gone = () => {
      flash(req, 'error', TEXT.entryGone);
      res.redirect(303, onDayPage('/caixa-hoje', page));
    };
    // The unlock's minutes ran out while the dialog was open: the typing waits for the next unlock.
    if (!cash) return backToDialog({ reason: 'failed', toast: TEXT.lockedBeforeSave });
    let form = validateForm(editEntryForm(), req.body);
    // A method off the list is kept only when it is the entry's own (an older backend's text): only
    // then is the day read, to know it.
    if (!form.ok && form.errors.payment_method === PAYMENT_METHOD_UNKNOWN) {
      const day = await entriesOfDay(cash, today());
      const entry = day.ok ? day.data.find((e) => String(e.id) === id) : undefined;
      form = validateForm(editEntryForm(entry?.payment_method), req.body);
    }
    if (!form.ok) return backToDialog({ errors: form.errors, reason: 'invalid' });
    const version = postedVersion(req.body);
    // A form without a version came from a backend without them (SPEC §7 only): read the day again, so
    // another manager's save since this dialog was loaded is shown, not overwritten. Our api checks the
    // version itself, in the write (409 when stale, 404 when the entry is gone).
    if (version === undefined) {
      const day = await entriesOfDay(cash, today());
      const entry = day.ok ? day.data.find((e) => String(e.id) === id) : undefined;
      if (day.ok && !entry) return gone();
      if (entry && changedSince(req.body, entry, entryValues(entry)))
        return backToDialog({ reason: 'stale' });
    }
    const { value, confirm_username, confirm_password, ...rest } = form.data;
    const confirmed = await confirmManager(deps, req, { confirm_username, confirm_password });
    if (confirmed !== 'confirmed') {
      const { errors, toast } = refusal(confirmed, TEXT.editFailed);
      return backToDialog({ errors, toast, reason: 'failed' });
    }
    const result = await updateEntry(cash, id, {
      ...rest,
      value: value / 100,
      ...(version ? { version } : {}),
    });
    if (!result.ok) {
      // Our api saw another save land since the dialog was loaded, or the entry deleted. Unless it is this
      // very save, sent again (Back, a double click) after the first went through.
      if (staleRefusal(result)) {
        const day = await entriesOfDay(cash, today());
        const entry = day.ok ? day.data.find((e) => String(e.id) === id) : undefined;
        if (entry && alreadySaved(req.body, entryValues(entry))) {
          flash(req, 'success', ALREADY_SAVED);
          return res.redirect(303, onDayPage('/caixa-hoje', page));
        }
        return backToDialog({ reason: 'stale' });
      }
      if (version !== undefined && result.status === 404) return gone();
      const text = result.status === 403 ? TEXT.notManager : TEXT.editFailed;
      const errors = result.status === 403 ? { confirm_username: TEXT.notManager } : (result.issues ?? {});
      return backToDialog({ errors, toast: text, reason: 'failed' });
    }
    flash(req, 'success', TEXT.edited);
    res.redirect(303, onDayPage('/caixa-hoje', page));
  });

  router.post('/caixa-hoje/lancamentos/:id/deletar', async (req, res) => {
    const cash = cashApi(deps, req);
    const id = String(req.params.id);
    const page = pageAsked(req);
    /** Post/redirect/get: the typed manager (never the password) and why, shown by the GET. */
    const reopen = async (errors: Record<string, string>, toast?: string) => {
      const values = {
        confirm_username: textOf(req.body, 'confirm_username'),
        [REMOVE_ID_FIELD]: id,
        [PAGE_FIELD]: String(page),
      };
      const reason = toast ? 'failed' : 'invalid';
      const draft = await saveDraft(deps, res, {
        path: '/caixa-hoje',
        values,
        errors,
        reason,
        ...(toast ? { toast } : {}),
      });
      res.redirect(303, withDraft('/caixa-hoje', draft));
    };
    // The unlock ran out with the dialog open: it comes back with the next unlock, nothing deleted.
    if (!cash) return reopen({}, TEXT.lockedBeforeSave);
    const form = validateForm(DeleteEntryForm, req.body);
    if (!form.ok) return reopen(form.errors);
    const confirmed = await confirmManager(deps, req, form.data);
    if (confirmed !== 'confirmed') {
      const { errors, toast } = refusal(confirmed, TEXT.deleteFailed);
      return reopen(errors, toast);
    }
    const result = await deleteEntry(cash, id, form.data);
    // Gone already: a repeated send (Back, a double click) of a delete that went through. What the person
    // wanted is so; the form's failure text would blame the values typed.
    if (!result.ok && result.status === 404) {
      flash(req, 'success', TEXT.alreadyDeleted);
      return res.redirect(303, onDayPage('/caixa-hoje', page));
    }
    if (!result.ok) {
      const text =
        result.status === 403
          ? TEXT.notManager
          : result.status === 409
            ? TEXT.paymentOfClosedOrder
            : TEXT.deleteFailed;
      const errors: Record<string, string> =
        result.status === 403 ? { confirm_username: TEXT.notManager } : {};
      return reopen(errors, text);
    }
    flash(req, 'success', TEXT.deleted);
    const reopened = result.data?.reopened;
    if (reopened) flash(req, 'success', reopenedNotice(reopened));
    res.redirect(303, onDayPage('/caixa-hoje', page));
  });

  return router;
}
