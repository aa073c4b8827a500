/**
 * Configurações › Usuários (managers): the staff list, and Desativar / Reativar (POST → redirect → GET).
 * The api checks the manager too; refusing here keeps a page that could do nothing from being shown.
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import { isManager } from '../../domain/users.ts';
import { ErrorPage } from '../../views/pages/ErrorPage.tsx';
import { STAFF_PATH, StaffList } from '../../views/pages/StaffList.tsx';
import { extrasOf } from '../backend/extras.ts';
import { listStaff, listStaffPage, setStaffActive } from '../backend/staff.ts';
import type { WebDeps } from '../context.ts';
import { listPager, loadListPage, pageAsked } from '../list-pages.ts';
import { flash } from '../middleware/flash.ts';

const TEXT = {
  deactivated: (name: string) => `Usuário ${name} desativado. Ele não consegue mais entrar.`,
  reactivated: (name: string) => `Usuário ${name} reativado.`,
  failed: 'Ocorreu um erro ao alterar o usuário',
  notFound: 'Usuário não encontrado',
};

export function staffRoutes(deps: WebDeps): Router {
  const router = Router();

  const restricted = (req: Request, res: Response) =>
    deps.render(
      req,
      res,
      createElement(ErrorPage, { title: 'Acesso restrito', message: 'Acesso restrito a gerentes.' }),
      { title: 'Acesso restrito', status: 403 },
    );

  router.get(STAFF_PATH, async (req, res) => {
    if (!isManager(req.session.auth?.user)) return restricted(req, res);
    // Not a call of SPEC §7: once the backend said it lacks the list, it is not asked again for a while.
    const extras = extrasOf(deps.http);
    const asked = extras.usable('staff-list');
    const list = asked
      ? await loadListPage(
          extras,
          pageAsked(req),
          (paging) => listStaffPage(req.api, paging),
          () => listStaff(req.api),
        )
      : ({ ok: false, status: 404, message: '' } as const);
    if (!list.ok) {
      // Only a real answer is remembered: a page shown from memory must not put the next try further off.
      if (asked) extras.lacking('staff-list', list);
      return deps.render(
        req,
        res,
        createElement(ErrorPage, {
          title: 'Usuários indisponíveis',
          message: 'Este servidor não lista os usuários.',
        }),
        { title: 'Usuários', status: list.status === 404 ? 404 : 502 },
      );
    }
    const self = req.session.auth?.user;
    deps.render(
      req,
      res,
      createElement(StaffList, {
        staff: list.data.items,
        selfId: self?.id ?? null,
        pager: listPager(req, list.data),
      }),
      { title: 'Usuários' },
    );
  });

  for (const [action, active] of [
    ['desativar', false],
    ['reativar', true],
  ] as const) {
    router.post(`${STAFF_PATH}/:id/${action}`, async (req, res) => {
      if (!isManager(req.session.auth?.user)) return restricted(req, res);
      const id = Number(req.params.id);
      const valid = Number.isSafeInteger(id) && id > 0 && id < 2 ** 31;
      const result = valid ? await setStaffActive(req.api, id, active) : null;
      if (result?.ok) {
        const name = result.data.username;
        flash(req, 'success', active ? TEXT.reactivated(name) : TEXT.deactivated(name));
      } else if (!result || result.status === 404) {
        flash(req, 'error', TEXT.notFound);
      } else {
        flash(req, 'error', result.status === 400 ? result.message || TEXT.failed : TEXT.failed);
      }
      res.redirect(303, STAFF_PATH);
    });
  }

  return router;
}
