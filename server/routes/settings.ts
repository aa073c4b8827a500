/** Configurações: Meus dados, Criar Usuário (managers), and the Sair button (SPEC §2, §5, §8). */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import type { Toast } from '../../contract/web.ts';
import { AUTHORITY, isManager } from '../../domain/users.ts';
import { CREATE_USER_DIALOG, Settings, type SettingsProps } from '../../views/pages/Settings.tsx';
import * as users from '../backend/users.ts';
import type { WebDeps } from '../context.ts';
import { CreateUserForm } from '../forms/create-user.ts';
import { checkProfile, INCOMPLETE_PASSWORD } from '../forms/profile.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { submitOnce } from '../idempotency.ts';
import { flash } from '../middleware/flash.ts';

const PROFILE_OK = 'Perfil atualizado com sucesso!';
const PROFILE_FAILED = 'Ocorreu um erro ao atualizar o perfil, tente novamente';
const USER_OK = 'Usuário criado com sucesso!';
const USER_FAILED = 'Ocorreu um erro ao criar o usuário';

type Overrides = Partial<Pick<SettingsProps, 'profile' | 'createUser'>> & {
  status?: number;
  toasts?: Toast[];
};

export function settingsRoutes(deps: WebDeps): Router {
  const router = Router();

  function show(req: Request, res: Response, o: Overrides = {}) {
    const user = req.session.auth?.user;
    const props: SettingsProps = {
      isManager: isManager(user),
      profile: o.profile ?? { values: { username: user?.username ?? '' } },
      createUser: o.createUser ?? { open: req.query.dialogo === CREATE_USER_DIALOG, values: {} },
    };
    deps.render(req, res, createElement(Settings, props), {
      title: 'Configurações',
      status: o.status ?? 200,
      toasts: o.toasts ?? [],
    });
  }

  router.get('/configuracoes', (req, res) => show(req, res));

  router.post('/configuracoes/meus-dados', async (req, res) => {
    const values = { username: textOf(req.body, 'username') };
    const check = checkProfile(req.body);
    if (!check.ok) {
      const toasts: Toast[] = 'incomplete' in check ? [{ kind: 'error', text: INCOMPLETE_PASSWORD }] : [];
      return show(req, res, { profile: { values, errors: check.errors }, status: 400, toasts });
    }
    const result = await users.updateProfile(req.api, check.data);
    if (!result.ok) {
      return show(req, res, {
        profile: { values, errors: result.issues ?? {} },
        status: result.status >= 400 && result.status < 500 ? result.status : 502,
        toasts: [{ kind: 'error', text: PROFILE_FAILED }],
      });
    }
    if (req.session.auth) req.session.auth.user = { ...req.session.auth.user, ...result.data };
    flash(req, 'success', PROFILE_OK);
    res.redirect(303, '/consulta');
  });

  router.post('/configuracoes/usuarios', async (req, res) => {
    const values = {
      type: textOf(req.body, 'type'),
      origin: textOf(req.body, 'origin'),
      username: textOf(req.body, 'username'),
    };
    const reopen = (status: number, errors: Record<string, string>, toasts: Toast[] = []) =>
      show(req, res, { createUser: { open: true, values, errors }, status, toasts });

    // The api decides for real; refusing here too keeps a non-manager from even trying.
    if (!isManager(req.session.auth?.user)) return reopen(403, {}, [{ kind: 'error', text: USER_FAILED }]);
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
        await reopen(status, result.issues ?? {}, [{ kind: 'error', text: USER_FAILED }]);
        return null;
      }
      flash(req, 'success', USER_OK);
      return '/configuracoes';
    });
  });

  return router;
}
