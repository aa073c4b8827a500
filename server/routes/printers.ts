/**
 * Configurações › Impressoras (managers): register the shop's print servers, show a device key once,
 * give a printer a new key or revoke it. The api checks the manager too; refusing here keeps a page
 * that could do nothing from being shown.
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import type { Toast } from '../../contract/web.ts';
import { momentText, paperLabel } from '../../domain/printing.ts';
import { isManager } from '../../domain/users.ts';
import { ErrorPage } from '../../views/pages/ErrorPage.tsx';
import { Printers, type PrintersProps } from '../../views/pages/Printers.tsx';
import type { ApiResult } from '../backend/client.ts';
import { extrasOf } from '../backend/extras.ts';
import * as printers from '../backend/printers.ts';
import type { WebDeps } from '../context.ts';
import { backToCreateForm, restoredDraft } from '../forms/refused-create.ts';
import { textOf } from '../forms/validate.ts';
import { flash } from '../middleware/flash.ts';

const PAGE = '/configuracoes/impressoras';
const FAILED = 'Ocorreu um erro ao salvar a impressora';

declare module 'express-session' {
  interface SessionData {
    /** A device key just made, shown by the next page only (POST → redirect → GET). */
    newDeviceKey?: { printerName: string; key: string };
  }
}

export function printerSettingsRoutes(deps: WebDeps): Router {
  const router = Router();

  router.use(PAGE, (req, res, next) => {
    if (isManager(req.session.auth?.user)) return next();
    deps.render(
      req,
      res,
      createElement(ErrorPage, { title: 'Acesso restrito', message: 'Acesso restrito a gerentes.' }),
      { title: 'Acesso restrito', status: 403 },
    );
  });

  async function show(
    req: Request,
    res: Response,
    o: { register?: PrintersProps['register']; status?: number; toasts?: Toast[] } = {},
  ) {
    // Not a call of SPEC §7: once the backend said it lacks the queue, it is not asked again for a while.
    const extras = extrasOf(deps.http);
    const asked = extras.usable('print-queue');
    const list = asked
      ? await printers.listPrinters(req.api)
      : ({ ok: false, status: 404, message: '' } as const);
    if (!list.ok) {
      // Only a real answer is remembered: a page shown from memory must not put the next try further off.
      if (asked) extras.lacking('print-queue', list);
      return deps.render(
        req,
        res,
        createElement(ErrorPage, {
          title: 'Impressoras indisponíveis',
          message: 'Este servidor não tem fila de impressão.',
        }),
        { title: 'Impressoras', status: list.status === 404 ? 404 : 502 },
      );
    }
    const newKey = req.session.newDeviceKey ?? null;
    delete req.session.newDeviceKey;
    const props: PrintersProps = {
      printers: list.data.map((p) => ({
        id: p.id,
        name: p.name,
        paper: paperLabel(p.paper),
        note: p.note,
        hasKey: p.has_key,
        lastSeen: momentText(p.last_seen_at, deps.env.SHOP_TZ),
      })),
      newKey,
      register: o.register ?? { values: {} },
    };
    deps.render(req, res, createElement(Printers, props), {
      title: 'Impressoras',
      status: o.status ?? 200,
      toasts: o.toasts ?? [],
    });
  }

  function keyShown(req: Request, res: Response, result: ApiResult<printers.PrinterWithKey>) {
    if (!result.ok) {
      flash(req, 'error', result.status === 404 ? 'Impressora não encontrada' : FAILED);
      return res.redirect(303, PAGE);
    }
    req.session.newDeviceKey = { printerName: result.data.printer.name, key: result.data.key };
    res.redirect(303, PAGE);
  }

  // A refused registration comes back as a GET (post/redirect/get) with its typing and errors.
  router.get(PAGE, async (req, res) => {
    const restored = await restoredDraft(deps, req);
    if (!restored) return show(req, res);
    const v = restored.values;
    const values = { name: v.name ?? '', paper: v.paper ?? '', note: v.note ?? '' };
    return show(req, res, { register: { values, errors: restored.errors ?? {} }, toasts: restored.toasts });
  });

  router.post(PAGE, async (req, res) => {
    const values = {
      name: textOf(req.body, 'name'),
      paper: textOf(req.body, 'paper'),
      note: textOf(req.body, 'note'),
    };
    const result = await printers.registerPrinter(req.api, values);
    if (!result.ok && result.status < 500) {
      const errors = result.issues ?? (result.status === 409 ? { name: result.message } : {});
      return backToCreateForm(deps, req, res, PAGE, { errors, toast: FAILED });
    }
    keyShown(req, res, result);
  });

  router.post(`${PAGE}/:id/chave`, async (req, res) => {
    keyShown(req, res, await printers.renewKey(req.api, idOf(req)));
  });

  router.post(`${PAGE}/:id/revogar`, async (req, res) => {
    const result = await printers.revokeKey(req.api, idOf(req));
    if (result.ok) flash(req, 'success', `Chave de ${result.data.name} revogada`);
    else flash(req, 'error', result.status === 404 ? 'Impressora não encontrada' : FAILED);
    res.redirect(303, PAGE);
  });

  return router;
}

/** The printer's id from the path (0 for anything else, which the api answers as not found). */
function idOf(req: Request): number {
  const id = Number(req.params.id);
  return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : 0;
}
