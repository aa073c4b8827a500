/**
 * Caixa do dia and Caixa por período, behind a manager's unlock (SPEC §2, §5, §6, §8, §9); the period
 * is shown one page at a time with the balance of all of it (cash-period.ts). The day's dialogs post to
 * cash-entries.ts.
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import type { CashEntry } from '../../contract/transactions.ts';
import type { Toast } from '../../contract/web.ts';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { isManualEntryType, MANUAL_ENTRY_TYPES } from '../../domain/transactions.ts';
import { CashLock, type CashLockState } from '../../views/components/CashLock.tsx';
import type { EntryDialogState } from '../../views/components/EntryDialog.tsx';
import type { ManagerDialogState } from '../../views/components/ManagerDialog.tsx';
import { onDayPage } from '../../views/format.ts';
import { CashDay, CREATE_ENTRY_DIALOG } from '../../views/pages/CashDay.tsx';
import { CashPeriod, type CashPeriodProps } from '../../views/pages/CashPeriod.tsx';
import { BackendUnavailable } from '../backend/errors.ts';
import { extrasOf } from '../backend/extras.ts';
import { loadDayPage, loadPeriodPage, pagerOf, periodHref, periodSearchOf } from '../cash-period.ts';
import { periodReport } from '../cash-report.ts';
import { cashApi, cashToken, lockCash, unlockCash } from '../cash-unlock.ts';
import type { WebDeps } from '../context.ts';
import { DRAFT_PARAM, withDraft } from '../drafts.ts';
import { PeriodForm, periodIssues, UnlockForm } from '../forms/cash.ts';
import {
  changedSince,
  conflictRows,
  differsFromTheirs,
  loadedMarks,
  mergedOverTheirs,
  NOTHING_OF_YOURS,
  versionOf,
} from '../forms/edit-version.ts';
import { restoredDraft } from '../forms/refused-create.ts';
import { typedValues } from '../forms/service-order.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { pageAsked, pageOf } from '../list-pages.ts';
import { ENTRY_ID_FIELD, entryValues, PAGE_FIELD, REMOVE_ID_FIELD } from './cash-day-dialogs.ts';
import { cashEntryRoutes } from './cash-entries.ts';

const TEXT = {
  unlockFailed: 'Ocorreu um erro ao fazer login. Digite credenciais válidas para um(a) gerente',
  authFailed: 'Erro na autenticação. Digite credenciais válidas para um(a) gerente',
  periodFailed: 'Não foi possível buscar o período. Tente novamente.',
  unavailable:
    'Não foi possível falar com o servidor da Bancada. Tente de novo em instantes; se continuar, avise quem cuida do sistema.',
};

const SCREENS = { '/caixa-hoje': 'Caixa do dia', '/caixa-periodo': 'Caixa por período' } as const;
type Screen = keyof typeof SCREENS;

const ENTRY_FIELDS = ['type', 'description', 'value', 'payment_method'] as const;
/** The edit dialog's labels, for the side-by-side comparison. */
const ENTRY_LABELS = {
  type: 'Tipo',
  description: 'Descrição',
  value: 'Valor',
  payment_method: 'Forma de pagamento',
};

/** Where an unlock leads: Caixa do dia, or Caixa por período with the dates it was asked for. */
function unlockBack(voltar: string): string {
  if (!voltar.startsWith('/caixa-periodo')) return '/caixa-hoje';
  const url = new URL(voltar, 'http://bancada.invalid');
  return url.pathname === '/caixa-periodo'
    ? periodSearchOf(Object.fromEntries(url.searchParams))
    : '/caixa-hoje';
}

/** The draft id of a query or a posted unlock (`rascunho`), when it looks like one. */
function draftIdOf(source: unknown): string | undefined {
  const id = textOf(source, DRAFT_PARAM);
  return /^[A-Za-z0-9_-]{22}$/.test(id) ? id : undefined;
}

export function cashRoutes(deps: WebDeps): Router {
  const router = Router();
  const today = () => todayInShop(deps.env.SHOP_TZ);

  function showLock(
    req: Request,
    res: Response,
    back: string,
    state: Partial<CashLockState> = {},
    status = 200,
    toasts: Toast[] = [],
  ) {
    const screen: Screen = back.startsWith('/caixa-periodo') ? '/caixa-periodo' : '/caixa-hoje';
    // The login modal opens by itself, unless a non-manager just tried: then it stays closed (SPEC §5).
    const open = state.open ?? req.query.acesso !== 'negado';
    deps.render(
      req,
      res,
      createElement(CashLock, { title: SCREENS[screen], back, state: { ...state, open } }),
      {
        title: SCREENS[screen],
        status,
        toasts,
      },
    );
  }

  // --- Unlock and lock ---
  router.post('/caixa/acessar', async (req, res) => {
    const back = unlockBack(textOf(req.body, 'voltar'));
    const values = { username: textOf(req.body, 'username') };
    const draft = draftIdOf(req.body);
    const form = validateForm(UnlockForm, req.body);
    if (!form.ok) return showLock(req, res, back, { open: true, values, errors: form.errors, draft }, 400);
    let outcome: Awaited<ReturnType<typeof unlockCash>>;
    try {
      outcome = await unlockCash(deps, req, form.data.username, form.data.password);
    } catch (err) {
      // The api out of reach: said on the dialog itself (the lock page shows no draft's notice).
      if (!(err instanceof BackendUnavailable)) throw err;
      deps.log.warn({ err: err.cause }, 'api unavailable');
      const toasts: Toast[] = [{ kind: 'error', text: TEXT.unavailable }];
      return showLock(req, res, back, { open: true, values, draft }, 503, toasts);
    }
    // Typing kept while the cash was locked (a lost session) comes back with the unlock.
    if (outcome === 'unlocked') return res.redirect(303, draft ? withDraft(back, draft) : back);
    if (outcome === 'not-manager')
      return res.redirect(303, `${back}${back.includes('?') ? '&' : '?'}acesso=negado`);
    const toasts: Toast[] = [{ kind: 'error', text: TEXT.unlockFailed }];
    // Locked out for a while (too many wrong passwords): the backend's text says how long, as on sign-in.
    if (typeof outcome === 'object' && outcome.tooMany) toasts.push({ kind: 'error', text: outcome.tooMany });
    const status = typeof outcome === 'object' ? 429 : 401;
    return showLock(req, res, back, { open: true, values }, status, toasts);
  });

  router.post('/caixa/sair', (req, res) => {
    lockCash(deps, req);
    res.redirect(303, '/consulta');
  });

  // --- Caixa do dia ---
  type DayOverrides = {
    create?: EntryDialogState;
    edit?: { id: string; state: EntryDialogState };
    remove?: { id: string; state: ManagerDialogState };
    status?: number;
    toasts?: Toast[];
    formKey?: string | undefined;
    /** The page a refused dialog was posted from (else ?pagina=). */
    page?: number;
    /** An edit brought back by a draft: its typing, compared with the entry as it is now. */
    editDraft?: { id: string; values: Record<string, string>; errors?: Record<string, string> | undefined };
  };

  /**
   * The edit dialog of an entry: as loaded, as a draft brought it back (typing and errors), or — when
   * the entry was saved by someone else since the draft's form was loaded — both versions side by side.
   * It always carries what it shows now as loaded, so saving over is checked against this version.
   */
  function editState(entry: CashEntry, o: DayOverrides): { state: EntryDialogState; toast?: Toast } {
    const current = entryValues(entry);
    const loaded = loadedMarks(entry, current);
    if (o.edit) return { state: { ...o.edit.state, loaded } };
    const draft = o.editDraft;
    if (!draft) return { state: { open: true, values: current, loaded } };
    const typed = typedValues(draft.values, [...ENTRY_FIELDS, 'confirm_username']);
    if (!changedSince(draft.values, entry, current)) {
      return { state: { open: true, values: typed, errors: draft.errors, loaded } };
    }
    // What saving anyway would save: what this person changed, the entry as saved where they touched nothing.
    const yours = mergedOverTheirs(draft.values, typed, current);
    // Nothing this person changed differs from what is saved: nothing to decide, the entry as it is.
    if (!differsFromTheirs(yours, current)) {
      return {
        state: { open: true, values: { ...current, confirm_username: typed.confirm_username }, loaded },
        toast: { kind: 'success', text: NOTHING_OF_YOURS },
      };
    }
    const shown = (v: Record<string, string | undefined>) => ({
      ...v,
      type: MANUAL_ENTRY_TYPES.find((t) => String(t.code) === v.type)?.label ?? v.type,
    });
    return {
      state: {
        open: true,
        values: yours,
        loaded,
        conflict: {
          rows: conflictRows(ENTRY_LABELS, shown(current), shown(yours)),
          discardHref: onDayPage(`/caixa-hoje?editar=${encodeURIComponent(String(entry.id))}`, o.page ?? 1),
        },
      },
    };
  }

  async function showDay(req: Request, res: Response, o: DayOverrides = {}) {
    const cash = cashApi(deps, req);
    // Locked (a lost session locks it too): the unlock comes back to the same draft.
    if (!cash) return showLock(req, res, '/caixa-hoje', { draft: draftIdOf(req.query) });
    const date = today();
    // A page of the day and the whole day's totals; SPEC's whole day only from a backend without pages.
    const result = await loadDayPage(cash, extrasOf(deps.http), date, o.page ?? pageAsked(req));
    if (!result.ok) {
      // The manager's token no longer works: lock, and say why.
      lockCash(deps, req);
      return showLock(req, res, '/caixa-hoje', {}, result.status === 403 ? 403 : 401, [
        { kind: 'error', text: TEXT.authFailed },
      ]);
    }
    const day = result.data;
    const editId = o.edit?.id ?? o.editDraft?.id ?? textOf(req.query, 'editar');
    const removeId = o.remove?.id ?? textOf(req.query, 'deletar');
    // The dialogs act on an entry of the page shown (their links name the page); only sales and
    // purchases can be edited (SPEC §2): ?editar= of another entry opens nothing.
    const editing = day.entries.find((e) => String(e.id) === editId && isManualEntryType(e.type));
    const removing = day.entries.find((e) => String(e.id) === removeId);
    const dialogs = { ...o, page: day.page };
    const edited = editing ? editState(editing, dialogs) : null;
    deps.render(
      req,
      res,
      createElement(CashDay, {
        dayLabel: formatDisplayDate(date),
        totalCents: day.balanceCents,
        byMethod: day.byMethod ?? [],
        entries: day.entries,
        page: day.page,
        pager: pagerOf(day, (n) => onDayPage('/caixa-hoje', n)),
        create: o.create ?? { open: req.query.dialogo === CREATE_ENTRY_DIALOG },
        edit: editing && edited ? { entry: editing, state: edited.state } : null,
        remove: removing
          ? {
              entry: removing,
              state: o.remove?.state ?? { open: true },
              // Our api (its entries carry a version) reopens the order of a close entry deleted.
              reopensOrder: versionOf(removing) !== undefined,
            }
          : null,
      }),
      {
        title: 'Caixa do dia',
        status: o.status ?? 200,
        toasts: [...(o.toasts ?? []), ...(edited?.toast ? [edited.toast] : [])],
        formKey: o.formKey,
      },
    );
  }

  // A refused entry (post/redirect/get), or one kept through a lost session, comes back in its dialog.
  router.get('/caixa-hoje', async (req, res) => {
    const restored = cashApi(deps, req) ? await restoredDraft(deps, req) : null;
    if (!restored) return showDay(req, res);
    const { values, errors, toasts, formKey } = restored;
    const page = pageOf(values[PAGE_FIELD]);
    // A delete's draft names the entry it would delete; an edit's, the entry it edits; a create's, none.
    const removing = values[REMOVE_ID_FIELD];
    if (removing) {
      const state = { open: true, values: { confirm_username: values.confirm_username ?? '' }, errors };
      return showDay(req, res, { remove: { id: removing, state }, toasts, page });
    }
    if (values[ENTRY_ID_FIELD]) {
      return showDay(req, res, { editDraft: { id: values[ENTRY_ID_FIELD], values, errors }, toasts, page });
    }
    const state = { open: true, values: typedValues(values, ENTRY_FIELDS), errors };
    return showDay(req, res, { create: state, toasts, formKey });
  });

  // The day's dialogs: a new entry, an edit, a delete.
  router.use(cashEntryRoutes(deps));

  const failure = (status: number) => (status >= 400 && status < 500 ? status : 502);

  // --- Caixa por período ---
  router.get('/caixa-periodo', async (req, res) => {
    const cash = cashApi(deps, req);
    // The period asked (a link kept, a sheet or an export while locked) is shown after the unlock.
    if (!cash) return showLock(req, res, periodSearchOf(req.query));
    const values = { de: textOf(req.query, 'de'), ate: textOf(req.query, 'ate') };
    const show = (props: Omit<CashPeriodProps, 'values'>, status = 200, toasts: Toast[] = []) =>
      deps.render(req, res, createElement(CashPeriod, { values, ...props }), {
        title: 'Caixa por período',
        status,
        toasts,
      });
    if (req.query.de === undefined && req.query.ate === undefined) return show({ result: null });
    const form = validateForm(PeriodForm, req.query);
    if (!form.ok) return show({ errors: form.errors, result: null }, 400);
    const { de, ate, pagina } = form.data;
    // The chart, totals and exports sit above the first page: later pages are for reading entries, and
    // a year's aggregate is not worth repeating on each of them. Where the report comes, its totals are
    // the period's count and balance, and the summary is not asked for them again.
    const reported = pagina <= 1 ? periodReport(deps, req, cashToken(deps, req) ?? '', de, ate) : null;
    const known = reported?.then((r) => r && { count: r.totals.count, balanceCents: r.totals.balanceCents });
    const [result, report] = await Promise.all([
      loadPeriodPage(cash, extrasOf(deps.http), de, ate, pagina, known ? { known } : {}),
      reported,
    ]);
    if (!result.ok) {
      if (result.status === 401 || result.status === 403) {
        lockCash(deps, req);
        return showLock(req, res, periodSearchOf(req.query), {}, result.status, [
          { kind: 'error', text: TEXT.authFailed },
        ]);
      }
      // The api's refusal under the field it names (end_date is Até o dia); else, at least a toast.
      const errors = periodIssues(result.issues);
      const said = Object.keys(errors).length > 0;
      const toasts: Toast[] = said ? [] : [{ kind: 'error', text: TEXT.periodFailed }];
      return show({ errors, result: null }, failure(result.status), toasts);
    }
    const period = result.data;
    return show({
      result: {
        entries: period.entries,
        balanceCents: period.balanceCents,
        // The sheet prints the page being viewed (named only when there are several).
        printHref: periodHref('/caixa-periodo/imprimir', values, period.pages > 1 ? period.page : null),
        pager: pagerOf(period, (n) => periodHref('/caixa-periodo', values, n)),
        report,
      },
    });
  });

  return router;
}
