/**
 * Print sheets (SPEC §1–§2): whole documents by URL behind the login, and read-only capability links
 * for the shop's print server (/impressao/<token>), made from a snapshot of the sheet.
 */
import { type Request, type Response, Router } from 'express';
import { createElement, type ReactElement } from 'react';
import { formatDisplayDate, todayInShop } from '../../domain/dates.ts';
import { CashReport } from '../../print-templates/CashReport.tsx';
import { DeliverySheet } from '../../print-templates/DeliverySheet.tsx';
import { SheetBody } from '../../print-templates/Document.tsx';
import { AddressLabel, PartsOrderSheet } from '../../print-templates/PartsOrderSheet.tsx';
import { ServiceOrderSheet } from '../../print-templates/ServiceOrderSheet.tsx';
import { ThermalDelivery, ThermalPartsOrder, ThermalTicket } from '../../print-templates/Thermal.tsx';
import { ErrorPage } from '../../views/pages/ErrorPage.tsx';
import { extrasOf } from '../backend/extras.ts';
import { getPartsOrder } from '../backend/orders.ts';
import { findServiceOrder } from '../backend/service-orders.ts';
import { balanceOf } from '../cash-balance.ts';
import { loadDayPage, loadPeriodPage, periodSearchOf, rangeOf } from '../cash-period.ts';
import { cashApi, cashMinutesLeft } from '../cash-unlock.ts';
import { printClientSide } from '../client-side/print.ts';
import type { WebDeps } from '../context.ts';
import { PeriodForm } from '../forms/cash.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { pageOf } from '../list-pages.ts';
import { flash } from '../middleware/flash.ts';
import { printLinkBase } from '../print/links.ts';
import { sendPanel, sheetKey } from '../print/send-panel.ts';
import { shopFrom } from '../print/shop.ts';
import { statusQr } from '../print/status-qr.ts';

/** Print links a session keeps track of (each lives a few minutes: more is a person clicking nonstop). */
const REMEMBERED_LINKS = 50;

/** A sheet to render, or where to go instead, with what to say there (an order that is not found). */
export type Sheet = { title: string; element: ReactElement } | { redirect: string; notice?: string };
/** The sheet's query (?vias=2, ?de=&ate=): from the request, or from the path a link is made for. */
type Query = Record<string, string>;

const queryOf = (params: URLSearchParams): Query => Object.fromEntries(params);

const NOT_FOUND = { serviceOrder: 'Nenhuma O.S. encontrada', partsOrder: 'Nenhum pedido encontrado' };

/**
 * Each printable URL and how to load its sheet; a pattern list keeps POST /impressao/links honest.
 * ?papel=80mm loads the 80 mm layout where a sheet has one (`thermal`: what an 80 mm print server is
 * sent); a sheet without one is never sent to an 80 mm print server, where it would come out shrunk.
 */
export function sheetRoutes(deps: WebDeps) {
  const shop = shopFrom(deps.env);
  // The same words as the order's own page for an id that names no order.
  const notFound = (notice: string): Sheet => ({ redirect: '/consulta', notice });

  return [
    {
      pattern: /^\/os\/(\d{1,9})\/imprimir$/,
      thermal: true,
      async load(req: Request, id: string, query: Query): Promise<Sheet> {
        const found = await findServiceOrder(req.api, id);
        if (!found) return notFound(NOT_FOUND.serviceOrder);
        if (query.papel === '80mm') {
          return {
            title: `O.S. ${found.order.number}`,
            element: createElement(ThermalTicket, {
              o: found,
              shop,
              side: await printClientSide(deps, req, 'service_order', id, 'Via do cliente (80 mm)'),
            }),
          };
        }
        // Two copies are for normal and return orders only (SPEC §2).
        const copies = query.vias === '2' && found.kind !== 'external' ? 2 : 1;
        return {
          title: `O.S. ${found.order.number}`,
          element: createElement(ServiceOrderSheet, {
            o: found,
            shop,
            copies,
            clientSide: await printClientSide(deps, req, 'service_order', id, 'Folha da O.S.'),
          }),
        };
      },
    },
    {
      pattern: /^\/os\/(\d{1,9})\/entrega$/,
      thermal: true,
      async load(req: Request, id: string, query: Query): Promise<Sheet> {
        const found = await findServiceOrder(req.api, id);
        if (!found) return notFound(NOT_FOUND.serviceOrder);
        return {
          title: `Entrega ${found.order.number}`,
          element:
            query.papel === '80mm'
              ? createElement(ThermalDelivery, {
                  o: found,
                  shop,
                  side: await printClientSide(deps, req, 'service_order', id, 'Folha de entrega (80 mm)'),
                })
              : createElement(DeliverySheet, {
                  o: found,
                  shop,
                  clientSide: await printClientSide(deps, req, 'service_order', id, 'Folha de entrega'),
                }),
        };
      },
    },
    {
      pattern: /^\/pedido\/(\d{1,9})\/imprimir$/,
      thermal: true,
      async load(req: Request, id: string, query: Query): Promise<Sheet> {
        const found = await getPartsOrder(req.api, id);
        if (!found.ok) return notFound(NOT_FOUND.partsOrder);
        const status = await statusQr(deps, req, 'order', id);
        return {
          title: `Pedido ${found.data.number}`,
          element:
            query.papel === '80mm'
              ? createElement(ThermalPartsOrder, { order: found.data, shop, qr: status?.qr ?? null })
              : createElement(PartsOrderSheet, { order: found.data, shop, status }),
        };
      },
    },
    {
      pattern: /^\/pedido\/(\d{1,9})\/etiqueta$/,
      async load(req: Request, id: string): Promise<Sheet> {
        const found = await getPartsOrder(req.api, id);
        if (!found.ok) return notFound(NOT_FOUND.partsOrder);
        return {
          title: `Etiqueta ${found.data.number}`,
          element: createElement(AddressLabel, { order: found.data, shop }),
        };
      },
    },
    {
      pattern: /^\/caixa-hoje\/imprimir$/,
      cash: true,
      async load(req: Request, _id: string, query: Query): Promise<Sheet> {
        const cash = cashApi(deps, req);
        if (!cash) return { redirect: '/caixa-hoje' };
        const date = todayInShop(deps.env.SHOP_TZ);
        // The day's total and the entries of the page being viewed (?pagina=), as the screen shows them:
        // a day of up to 100 entries is one sheet; a busier one prints a sheet per page, each bounded.
        const result = await loadDayPage(cash, extrasOf(deps.http), date, pageOf(query.pagina));
        if (!result.ok) return { redirect: '/caixa-hoje' };
        const day = result.data;
        const range = rangeOf(day);
        const title = `Caixa do dia ${formatDisplayDate(date)}`;
        return {
          title,
          element: createElement(CashReport, {
            shop,
            title,
            // One sheet of several: its own rows' sum beside the whole day's total, each named, so the
            // paper's rows are never read against a total they do not add up to.
            totalLabel: range ? 'Total do dia' : 'Total',
            totalCents: day.balanceCents,
            entries: day.entries,
            part: range ? { range, sheetCents: balanceOf(day.entries) } : null,
          }),
        };
      },
    },
    {
      pattern: /^\/caixa-periodo\/imprimir$/,
      cash: true,
      async load(req: Request, _id: string, query: Query): Promise<Sheet> {
        const cash = cashApi(deps, req);
        // Locked: the period asked, which asks for the unlock and shows it after.
        if (!cash) return { redirect: periodSearchOf(query) };
        const form = validateForm(PeriodForm, query);
        // Back to the form with the dates, which says what is wrong (a period over 400 days…).
        if (!form.ok) return { redirect: periodSearchOf(query) };
        // The balance of the whole period and the entries of the page being viewed (?pagina=).
        const result = await loadPeriodPage(
          cash,
          extrasOf(deps.http),
          form.data.de,
          form.data.ate,
          form.data.pagina,
        );
        if (!result.ok) return { redirect: periodSearchOf(query) };
        const period = result.data;
        const range = rangeOf(period);
        const title = `Caixa de ${formatDisplayDate(form.data.de)} a ${formatDisplayDate(form.data.ate)}`;
        return {
          title,
          element: createElement(CashReport, {
            shop,
            title,
            // One sheet of several: its own rows' sum beside the whole period's balance, each named.
            totalLabel: range ? 'Balanço do período' : 'Balanço',
            totalCents: period.balanceCents,
            entries: period.entries,
            part: range ? { range, sheetCents: balanceOf(period.entries) } : null,
          }),
        };
      },
    },
  ];
}

/** The sheet a path prints, and the id in it; null for any other path. */
export function matchSheet(sheets: ReturnType<typeof sheetRoutes>, path: string) {
  for (const s of sheets) {
    const m = s.pattern.exec(path);
    if (m) return { sheet: s, id: m[1] ?? '' };
  }
  return null;
}

export function printRoutes(deps: WebDeps): Router {
  const router = Router();
  const sheets = sheetRoutes(deps);
  const match = (path: string) => matchSheet(sheets, path);

  for (const s of sheets) {
    router.get(s.pattern, async (req: Request, res: Response) => {
      const m = s.pattern.exec(req.path);
      const [loaded, sending] = await Promise.all([
        s.load(req, m?.[1] ?? '', queryOf(new URL(req.originalUrl, 'http://sheet.local').searchParams)),
        sendPanel(deps, req, sheetKey(req.originalUrl), { thermal: s.thermal === true }),
      ]);
      if ('redirect' in loaded) {
        if (loaded.notice) flash(req, 'error', loaded.notice);
        return res.redirect(303, loaded.redirect);
      }
      const token = textOf(req.query, 'link');
      const printLink = token
        ? `${printLinkBase(deps.env, req)}/impressao/${encodeURIComponent(token)}`
        : null;
      const self = req.originalUrl.replace(/([?&])link=[^&]*&?/, '$1').replace(/[?&]$/, '');
      deps.render(
        req,
        res,
        createElement(
          SheetBody,
          {
            path: self,
            printLink,
            autoPrint: req.query.imprimir === '1',
            sending,
          },
          loaded.element,
        ),
        { title: loaded.title, sheet: true },
      );
    });
  }

  router.post('/impressao/links', async (req, res) => {
    const target = textOf(req.body, 'path');
    const url = new URL(target, 'http://sheet.local');
    const found = target.startsWith('/') ? match(url.pathname) : null;
    if (!found) {
      res.status(400);
      return deps.render(
        req,
        res,
        createElement(ErrorPage, {
          title: 'Folha inválida',
          message: 'Esta folha não pode ser impressa por link.',
        }),
        {
          title: 'Folha inválida',
          status: 400,
        },
      );
    }
    // Load the sheet as this person sees it now, with the query it was opened with.
    const loaded = await found.sheet.load(req, found.id, queryOf(url.searchParams));
    if ('redirect' in loaded) return res.redirect(303, loaded.redirect);
    const html = deps.render.html(req, res, createElement(SheetBody, { path: null }, loaded.element), {
      title: loaded.title,
      sheet: true,
    });
    const cash = req.session.cash && found.sheet.cash ? req.session.cash : null;
    // A cash sheet's link lives no longer than the unlock it was made under.
    const minutes = cash
      ? Math.min(deps.env.PRINT_LINK_MINUTES, cashMinutesLeft(req))
      : deps.env.PRINT_LINK_MINUTES;
    const token = await deps.printLinks.create(html, minutes);
    // The session remembers its last links so signing out (or locking the cash) ends them; a link
    // it can no longer remember is ended now rather than left alive after the sign-out.
    const remember = async (links: string[] | undefined) => {
      const all = [...(links ?? []), token];
      await deps.printLinks.revoke(all.slice(0, -REMEMBERED_LINKS));
      return all.slice(-REMEMBERED_LINKS);
    };
    req.session.printLinks = await remember(req.session.printLinks);
    if (cash) cash.printLinks = await remember(cash.printLinks);
    const sep = url.search ? '&' : '?';
    res.redirect(303, `${url.pathname}${url.search}${sep}link=${encodeURIComponent(token)}`);
  });

  return router;
}

/** The print server's door: no login, one sheet, read-only, for a few minutes. */
export function printLinkRoute(deps: WebDeps): Router {
  const router = Router();
  router.get('/impressao/:token', async (req, res) => {
    const html = await deps.printLinks.open(String(req.params.token));
    if (!html) {
      return deps.render(
        req,
        res,
        createElement(ErrorPage, {
          title: 'Link expirado',
          message: 'Este link de impressão não existe mais. Gere outro na folha.',
          back: false,
        }),
        { title: 'Link expirado', status: 404 },
      );
    }
    res.status(200).type('html').set({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex' }).send(html);
  });
  return router;
}
