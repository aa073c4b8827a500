/** Configurações: Meus dados, Criar Usuário (managers), and the Sair button (SPEC §2, §5, §8). */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import type { Toast } from '../../contract/web.ts';
import { AUTHORITY, isManager } from '../../domain/users.ts';
import {
  CREATE_USER_DIALOG,
  SETTINGS_FORM_FIELD,
  Settings,
  type SettingsForm,
  type SettingsProps,
} from '../../views/pages/Settings.tsx';
import { extrasKnownMissing } from '../backend/client-side.ts';
import { extrasOf } from '../backend/extras.ts';
import * as users from '../backend/users.ts';
import type { WebDeps } from '../context.ts';
import { CreateUserForm } from '../forms/create-user.ts';
import { checkProfile, INCOMPLETE_PASSWORD } from '../forms/profile.ts';
import { backToCreateForm, restoredDraft } from '../forms/refused-create.ts';
import { validateForm } from '../forms/validate.ts';
import { submitOnce } from '../idempotency.ts';
import { requireManagerSession } from '../middleware/auth-guard.ts';
import { flash } from '../middleware/flash.ts';

const PROFILE_OK = 'Perfil atualizado com sucesso!';
const PROFILE_FAILED = 'Ocorreu um erro ao atualizar o perfil, tente novamente';
const USER_OK = 'Usuário criado com sucesso!';
const USER_FAILED = 'Ocorreu um erro ao criar o usuário';
/** A backend's 429 without a text of its own. */
const TOO_MANY_ADMIN_PASSWORDS = 'Muitas tentativas. Aguarde alguns minutos e tente de novo.';

type Overrides = Partial<Pick<SettingsProps, 'profile' | 'createUser'>> & {
  status?: number;
  toasts?: Toast[];
  formKey?: string | undefined;
};

/**
 * A user name refused as taken or too like another's (409 from our api, with its reason): said under
 * the field beside SPEC §8's toast, since trying again as the toast says would not help. A backend
 * that answers otherwise gets the toast alone.
 */
function nameRefusal(result: { status: number; message?: string }): Record<string, string> {
  return result.status === 409 && result.message ? { username: result.message } : {};
}

export function settingsRoutes(deps: WebDeps): Router {
  const router = Router();

  function show(req: Request, res: Response, o: Overrides = {}) {
    const user = req.session.auth?.user;
    const props: SettingsProps = {
      isManager: isManager(user),
      pages: {
        printers: extrasOf(deps.http).usable('print-queue'),
        clientSide: !extrasKnownMissing(deps.env.apiUrl),
        staff: extrasOf(deps.http).usable('staff-list'),
      },
      profile: o.profile ?? { values: { username: user?.username ?? '' } },
      createUser: o.createUser ?? { open: req.query.dialogo === CREATE_USER_DIALOG, values: {} },
    };
    deps.render(req, res, createElement(Settings, props), {
      title: 'Configurações',
      status: o.status ?? 200,
      toasts: o.toasts ?? [],
      formKey: o.formKey,
    });
  }

  /**
   * Post/redirect/get: a refused form keeps what was typed (never a password) and goes back to the
   * page, whose GET shows it with the errors; Back and reload never offer to send it again.
   */
  const backToPage = (
    req: Request,
    res: Response,
    form: SettingsForm,
    errors: Record<string, string>,
    toast?: string,
  ) =>
    backToCreateForm(deps, req, res, '/configuracoes', {
      errors,
      ...(toast ? { toast } : {}),
      extra: { [SETTINGS_FORM_FIELD]: form },
    });

  router.get('/configuracoes', async (req, res) => {
    const restored = await restoredDraft(deps, req);
    const form = restored?.values[SETTINGS_FORM_FIELD];
    if (!restored || !form) return show(req, res, { toasts: restored?.toasts });
    const v = restored.values;
    if (form === 'profile') {
      return show(req, res, {
        profile: { values: { username: v.username ?? '' }, errors: restored.errors },
        toasts: restored.toasts,
      });
    }
    const values = { type: v.type ?? '', origin: v.origin ?? '', username: v.username ?? '' };
    return show(req, res, {
      createUser: { open: true, values, errors: restored.errors },
      toasts: restored.toasts,
      formKey: restored.formKey,
    });
  });

  router.post('/configuracoes/meus-dados', async (req, res) => {
    const check = checkProfile(req.body);
    if (!check.ok) {
      const toast = 'incomplete' in check ? INCOMPLETE_PASSWORD : undefined;
      return backToPage(req, res, 'profile', check.errors, toast);
    }
    const result = await users.updateProfile(req.api, check.data);
    if (!result.ok) {
      const errors = { ...nameRefusal(result), ...result.issues };
      return backToPage(req, res, 'profile', errors, PROFILE_FAILED);
    }
    if (req.session.auth) req.session.auth.user = { ...req.session.auth.user, ...result.data };
    flash(req, 'success', PROFILE_OK);
    res.redirect(303, '/consulta');
  });

  // The api decides for real; refusing here too keeps a non-manager from even trying, with the words of
  // every manager-only page (Criar Usuário is not even offered to them).
  router.post('/configuracoes/usuarios', requireManagerSession, async (req, res) => {
    const reopen = (_status: number, errors: Record<string, string>, toasts: Toast[] = []) =>
      backToPage(req, res, 'user', errors, toasts[0]?.text);

    await submitOnce(deps, req, res, '/configuracoes', async (api) => {
      const form = validateForm(CreateUserForm, req.body);
      if (!form.ok) {
        await reopen(400, form.errors);
        return null;
      }
      const { type, origin, username, password, admin_password } = form.data;
      const result =
        type === AUTHORITY.MANAGER
          ? await users.createManager(api, { admin_password, origin, username, password })
          : await users.createEmployee(api, { origin, username, password });
      if (!result.ok) {
        const status = result.status >= 400 && result.status < 500 ? result.status : 502;
        const errors = { ...nameRefusal(result), ...result.issues };
        // Our api's wrong admin password: said where it is typed, or the person guesses at the user name.
        if (result.status === 403 && type === AUTHORITY.MANAGER && result.message) {
          errors.admin_password = result.message;
        }
        // Too many wrong admin passwords (decision 019): the wait is told where the password is typed,
        // or the person would keep guessing against a lock the generic toast does not mention.
        if (result.status === 429 && type === AUTHORITY.MANAGER) {
          errors.admin_password = result.message || TOO_MANY_ADMIN_PASSWORDS;
        }
        await reopen(status, errors, [{ kind: 'error', text: USER_FAILED }]);
        return null;
      }
      flash(req, 'success', USER_OK);
      return '/configuracoes';
    });
  });

  return router;
}
