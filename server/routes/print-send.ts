/**
 * "Enviar para a impressora" (decision 021): the sheet is rendered as this person sees it now, in the
 * layout of the chosen print server's paper, and queued for that server. Back on the sheet, the person
 * reads "Enviado para Balcão" and the job's state.
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import { MAX_COPIES } from '../../domain/printing.ts';
import { SheetBody } from '../../print-templates/Document.tsx';
import { jobsOfSheet, listPrinters, sendJob } from '../backend/printers.ts';
import type { WebDeps } from '../context.ts';
import { textOf } from '../forms/validate.ts';
import { flash } from '../middleware/flash.ts';
import { jobLines, NO_THERMAL, sheetKey } from '../print/send-panel.ts';
import { matchSheet, sheetRoutes } from './print.ts';

const FAILED = 'Não foi possível enviar para a impressora. Tente de novo.';

export function printSendRoutes(deps: WebDeps): Router {
  const router = Router();
  const sheets = sheetRoutes(deps);

  // The state of the jobs sent from a sheet, which the sheet open in a browser follows until they are
  // printed (islands/print-button.ts): the same lines as the sheet's list, and whether one is pending.
  router.get('/estado-impressao', async (req: Request, res: Response) => {
    const target = textOf(req.query, 'folha');
    const found = target.startsWith('/')
      ? matchSheet(sheets, new URL(target, 'http://sheet.local').pathname)
      : null;
    if (!found) return res.status(404).json({ message: 'Folha não encontrada' });
    const jobs = await jobsOfSheet(req.api, sheetKey(target));
    if (!jobs.ok || !Array.isArray(jobs.data))
      return res.status(404).json({ message: 'Sem fila de impressão' });
    res.set('cache-control', 'no-store').json(jobLines(deps, jobs.data));
  });

  router.post('/impressao/enviar', async (req: Request, res: Response) => {
    const target = textOf(req.body, 'path');
    const url = new URL(target, 'http://sheet.local');
    const found = target.startsWith('/') ? matchSheet(sheets, url.pathname) : null;
    if (!found) return res.redirect(303, '/consulta');
    const path = sheetKey(target);
    const back = () => res.redirect(303, path);

    const copies = Number(textOf(req.body, 'copias') || '1');
    if (!Number.isInteger(copies) || copies < 1 || copies > MAX_COPIES) {
      flash(req, 'error', `Cópias: de 1 a ${MAX_COPIES}`);
      return back();
    }
    const printers = await listPrinters(req.api);
    const printer = printers.ok
      ? printers.data.find((p) => String(p.id) === textOf(req.body, 'impressora') && p.has_key)
      : undefined;
    if (!printer) {
      flash(req, 'error', 'Escolha uma impressora');
      return back();
    }
    // The panel does not offer it; a form sent anyway is refused on its field.
    if (printer.paper === '80mm' && found.sheet.thermal !== true) {
      req.session.printSendError = { path, field: 'impressora', text: NO_THERMAL };
      return back();
    }

    // The sheet as it prints on this server's paper: ?papel=80mm picks the thermal layout.
    const query = Object.fromEntries(new URL(path, 'http://sheet.local').searchParams);
    const loaded = await found.sheet.load(req, found.id, { ...query, papel: printer.paper });
    if ('redirect' in loaded) return res.redirect(303, loaded.redirect);
    const html = deps.render.html(req, res, createElement(SheetBody, { path: null }, loaded.element), {
      title: loaded.title,
      sheet: true,
    });
    const sent = await sendJob(req.api, printer.id, {
      request_key: textOf(req.body, 'pedido'),
      sheet_path: path,
      title: loaded.title,
      html,
      copies,
      expires_in_minutes: deps.env.PRINT_JOB_MINUTES,
    });
    if (!sent.ok) {
      flash(req, 'error', FAILED);
      return back();
    }
    req.session.lastPrinterId = printer.id;
    flash(req, 'success', `Enviado para ${printer.name}`);
    back();
  });

  return router;
}
