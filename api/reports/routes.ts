/**
 * Reports beyond SPEC §7 (docs/decisions/022), for managers only: the Painel's figures, the orders behind
 * each of them, and a period's cash as aggregates, CSV or XLSX. A backend that follows only the SPEC
 * answers 404 here, and the web hides what needs them.
 */
import { Router } from 'express';
import { requireAuth, requireManager } from '../auth/require-auth.ts';
import type { ApiDeps } from '../context.ts';
import { parse } from '../http/errors.ts';
import { writeCsv, writeXlsx } from './exports.ts';
import { reportSchemas } from './schema.ts';
import * as reports from './service.ts';

export function reportRoutes(deps: ApiDeps): Router {
  const router = Router();
  const manager = [requireAuth(deps), requireManager];
  const { DashboardQuery, OrdersQuery, PeriodQuery } = reportSchemas(deps.shopTz);

  router.get('/reports/dashboard', ...manager, async (req, res) => {
    const { date } = parse(DashboardQuery, req.query);
    res.json(await reports.dashboard(deps, date));
  });

  router.get('/reports/orders', ...manager, async (req, res) => {
    res.json(await reports.orders(deps, parse(OrdersQuery, req.query)));
  });

  router.get('/reports/cash', ...manager, async (req, res) => {
    const { start_date, end_date } = parse(PeriodQuery, req.query);
    res.json(await reports.cashReport(deps, start_date, end_date));
  });

  router.get('/reports/cash/export.csv', ...manager, async (req, res) => {
    const { start_date, end_date } = parse(PeriodQuery, req.query);
    await writeCsv(deps.db, res, start_date, end_date);
  });

  router.get('/reports/cash/export.xlsx', ...manager, async (req, res) => {
    const { start_date, end_date } = parse(PeriodQuery, req.query);
    await writeXlsx(deps.db, res, start_date, end_date);
  });

  return router;
}
