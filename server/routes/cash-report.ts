/**
 * The cash by period for the owner and the accountant (docs/decisions/022), behind the cash unlock like
 * the period itself: the printable A4 report with its chart, and the CSV and XLSX exports, streamed from
 * the api as they are written (a year in bounded memory on both sides).
 */
import { pipeline } from 'node:stream/promises';
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import { formatDisplayDate } from '../../domain/dates.ts';
import { CashPeriodReport } from '../../print-templates/CashPeriodReport.tsx';
import { cashReport } from '../backend/reports.ts';
import { periodSearchOf } from '../cash-period.ts';
import { barsHeading, cashTotals, periodLink, revenueBars, seriesOf } from '../cash-report.ts';
import { cashToken, lockCash } from '../cash-unlock.ts';
import type { WebDeps } from '../context.ts';
import { PeriodForm } from '../forms/cash.ts';
import { validateForm } from '../forms/validate.ts';
import { flash } from '../middleware/flash.ts';
import { shopFrom } from '../print/shop.ts';
import { noteReportAnswer } from '../report-support.ts';

const EXPORT_FAILED = 'Não foi possível exportar o período. Tente novamente.';
const UNAVAILABLE = 'A exportação não está disponível neste servidor.';

/** The unlock's token and the period asked for, or where to send the person instead. */
function periodOf(
  deps: WebDeps,
  req: Request,
): { token: string; de: string; ate: string } | { back: string } {
  const token = cashToken(deps, req);
  // Locked: the period asked, which asks for the unlock and shows it after.
  if (!token) return { back: periodSearchOf(req.query) };
  const form = validateForm(PeriodForm, req.query);
  // Back to the form with the dates, which then says what is wrong (a period over 400 days…).
  if (!form.ok) return { back: periodSearchOf(req.query) };
  return { token, de: form.data.de, ate: form.data.ate };
}

export function cashReportRoutes(deps: WebDeps): Router {
  const router = Router();
  const shop = shopFrom(deps.env);

  router.get('/caixa-periodo/relatorio', async (req, res) => {
    const p = periodOf(deps, req);
    if ('back' in p) return res.redirect(303, p.back);
    const result = await cashReport(req.api, p.token, p.de, p.ate);
    noteReportAnswer(deps.http, result.status);
    if (!result.ok) {
      if (result.status === 401 || result.status === 403) lockCash(deps, req);
      return res.redirect(303, periodLink(p.de, p.ate));
    }
    const title = `Relatório de caixa — ${formatDisplayDate(p.de)} a ${formatDisplayDate(p.ate)}`;
    deps.render(
      req,
      res,
      createElement(CashPeriodReport, {
        shop,
        title,
        series: seriesOf(result.data.cells),
        bars: revenueBars(result.data.cells, p.de, p.ate),
        heading: barsHeading(p.de, p.ate),
        totals: cashTotals(result.data.cells),
        href: periodLink(p.de, p.ate),
      }),
      { title, sheet: true },
    );
  });

  async function download(req: Request, res: Response, ext: 'csv' | 'xlsx') {
    const p = periodOf(deps, req);
    if ('back' in p) return res.redirect(303, p.back);
    const back = periodLink(p.de, p.ate);
    if (!deps.http.download) return res.redirect(303, back);
    const answer = await deps.http.download(`/reports/cash/export.${ext}`, {
      query: { start_date: p.de, end_date: p.ate },
      headers: { authorization: `Bearer ${p.token}` },
      requestId: String(req.id),
    });
    noteReportAnswer(deps.http, answer.status);
    if (answer.status !== 200) {
      answer.body.resume();
      if (answer.status === 401 || answer.status === 403) {
        lockCash(deps, req);
        return res.redirect(303, back);
      }
      flash(req, 'error', answer.status === 404 ? UNAVAILABLE : EXPORT_FAILED);
      return res.redirect(303, back);
    }
    res.status(200);
    for (const name of ['content-type', 'content-disposition']) {
      const value = answer.headers[name];
      if (value) res.setHeader(name, value);
    }
    res.setHeader('cache-control', 'no-store');
    // The file goes through as it comes: backpressure from the browser reaches the api's socket.
    await pipeline(answer.body, res).catch(() => {
      // The browser went away, or the api broke off: nothing to show, the download is incomplete.
      res.destroy();
    });
  }

  router.get('/caixa-periodo/exportar.csv', (req, res) => download(req, res, 'csv'));
  router.get('/caixa-periodo/exportar.xlsx', (req, res) => download(req, res, 'xlsx'));

  return router;
}
