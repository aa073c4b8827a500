/**
 * The Painel and the lists behind its numbers (docs/decisions/022), for a signed-in manager. Its figures
 * come from our api's reports with the manager's own session; the cash lists they link to keep their
 * own unlock. Also marks, for the menu, whether this session may see the Painel.
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import type { ReportKind } from '../../contract/reports.ts';
import { addDays, KIND_LABELS, ORDER_KINDS } from '../../domain/reports.ts';
import { isManager } from '../../domain/users.ts';
import { ErrorPage } from '../../views/pages/ErrorPage.tsx';
import { Painel } from '../../views/pages/Painel.tsx';
import { PainelList } from '../../views/pages/PainelList.tsx';
import { dashboard, ordersBehind } from '../backend/reports.ts';
import { cashTotals, periodLink, revenueBars, seriesOf } from '../cash-report.ts';
import type { WebDeps } from '../context.ts';
import { textOf } from '../forms/validate.ts';
import { hasReports, noteReportAnswer } from '../report-support.ts';
import { LIST_SCREENS } from './lists.ts';

const UNAVAILABLE = 'O Painel não está disponível neste servidor.';
const FAILED = 'Não foi possível carregar o Painel. Tente novamente.';

/** The Painel's words for the lists behind it, and the api's. */
const WHICH = { abertas: 'opened', finalizadas: 'finished', paradas: 'ready_aged' } as const;
type Which = keyof typeof WHICH;

const statusHref = (kind: ReportKind, status: number) =>
  `${LIST_SCREENS.find((s) => s.kind === kind)?.path ?? '/consulta'}?status=${status}`;

function listHref(q: { kind?: ReportKind; which: string; days?: number; technician?: string }): string {
  const query = new URLSearchParams({ quais: q.which });
  if (q.kind) query.set('tipo', q.kind);
  if (q.days) query.set('dias', String(q.days));
  if (q.technician !== undefined) query.set('tecnico', q.technician);
  return `/painel/lista?${query}`;
}

export function painelRoutes(deps: WebDeps): Router {
  const router = Router();

  router.use((req, res, next) => {
    res.locals.painel = isManager(req.session.auth?.user) && hasReports(deps.http);
    next();
  });

  function refuse(req: Request, res: Response, status: number, message: string) {
    deps.render(req, res, createElement(ErrorPage, { title: 'Painel', message }), {
      title: 'Painel',
      status,
    });
  }

  router.get('/painel', async (req, res) => {
    if (!isManager(req.session.auth?.user)) return refuse(req, res, 403, 'Acesso restrito a gerentes.');
    const result = await dashboard(req.api);
    noteReportAnswer(deps.http, result.status);
    if (!result.ok) {
      res.locals.painel = hasReports(deps.http);
      return refuse(
        req,
        res,
        result.status === 404 ? 404 : 502,
        result.status === 404 ? UNAVAILABLE : FAILED,
      );
    }
    const data = result.data;
    const start = addDays(data.date, -29);
    deps.render(
      req,
      res,
      createElement(Painel, {
        data,
        today: cashTotals(data.cash_today),
        revenue: { series: seriesOf(data.revenue), bars: revenueBars(data.revenue, start, data.date) },
        statusHref,
        listHref,
        todayHref: '/caixa-hoje',
        monthHref: periodLink(start, data.date),
        tz: deps.env.SHOP_TZ,
      }),
      { title: 'Painel' },
    );
  });

  router.get('/painel/lista', async (req, res) => {
    if (!isManager(req.session.auth?.user)) return refuse(req, res, 403, 'Acesso restrito a gerentes.');
    const which = textOf(req.query, 'quais') as Which;
    const kind = textOf(req.query, 'tipo') as ReportKind;
    const days = Number(textOf(req.query, 'dias')) || 1;
    const technician = typeof req.query.tecnico === 'string' ? req.query.tecnico : undefined;
    // A technician's name is at most 120 characters: a longer one is a hand-made address, not a list.
    const badTechnician = technician !== undefined && technician.length > 120;
    if (
      !(which in WHICH) ||
      (kind && !ORDER_KINDS.includes(kind)) ||
      ![1, 7, 30].includes(days) ||
      badTechnician
    ) {
      return refuse(req, res, 404, 'Lista não encontrada');
    }
    // A technician's orders are the normal and returned ones; otherwise the kind asked for.
    const kinds: ReportKind[] = kind ? [kind] : technician !== undefined ? ['normal', 'returned'] : [];
    if (kinds.length === 0) return refuse(req, res, 404, 'Lista não encontrada');
    const answers = await Promise.all(
      kinds.map((k) =>
        ordersBehind(req.api, {
          kind: k,
          which: WHICH[which],
          ...(which === 'paradas' ? {} : { days }),
          ...(technician !== undefined ? { technician } : {}),
        }),
      ),
    );
    const failed = answers.find((a) => !a.ok);
    if (failed && !failed.ok) {
      noteReportAnswer(deps.http, failed.status);
      return refuse(
        req,
        res,
        failed.status === 404 ? 404 : 502,
        failed.status === 404 ? UNAVAILABLE : FAILED,
      );
    }
    const span =
      which === 'paradas' ? 'prontas há mais de 30 dias' : days === 1 ? 'hoje' : `últimos ${days} dias`;
    const what = which === 'abertas' ? 'Abertas' : which === 'finalizadas' ? 'Finalizadas' : 'Não retiradas';
    const who = technician !== undefined ? ` — ${technician || 'Sem técnico'}` : '';
    const title = `${what}, ${span}${kind ? ` — ${KIND_LABELS[kind]}` : ''}${who}`;
    deps.render(
      req,
      res,
      createElement(PainelList, {
        title,
        tz: deps.env.SHOP_TZ,
        groups: kinds.map((k, i) => {
          const a = answers[i];
          return a?.ok
            ? { kind: k, count: a.data.count, items: a.data.items }
            : { kind: k, count: 0, items: [] };
        }),
      }),
      { title },
    );
  });

  return router;
}
