/**
 * The lists by status of SPEC §2: normal, returned and external service orders, and parts orders.
 * A GET form (?status=): nothing listed before Listar, the §5 message when Listar is pressed without a
 * status, and a failed listing shows nothing at all (SPEC §8), not even a toast. A list is shown a page
 * at a time (?pagina=, server/list-pages.ts): 'Entregue' holds most of a shop's orders.
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import type { OrderListItem } from '../../contract/lists.ts';
import { type OrderKind, statusesOf } from '../../domain/statuses.ts';
import { orderRowOf } from '../../views/components/OrderRows.tsx';
import { StatusList, type StatusListProps } from '../../views/pages/StatusList.tsx';
import type { ApiResult } from '../backend/client.ts';
import { extrasOf } from '../backend/extras.ts';
import { listPartsOrders, listPartsOrdersPage } from '../backend/orders.ts';
import { listServiceOrders, listServiceOrdersPage } from '../backend/service-orders.ts';
import { agedList } from '../client-side/ageing.ts';
import type { WebDeps } from '../context.ts';
import { textOf } from '../forms/validate.ts';
import { type ListPage, listPager, loadListPage, pageAsked } from '../list-pages.ts';

const STATUS_REQUIRED = 'Selecione um status para buscar';
const NO_SERVICE_ORDER = 'Nenhuma O.S. foi encontrada.';
const NO_PARTS_ORDER = 'Nenhum pedido foi encontrado.';

type ListScreen = { path: string; title: string; kind: OrderKind; empty: string };

export const LIST_SCREENS: readonly ListScreen[] = [
  { path: '/listar-os-normal', title: 'Listar O.S.', kind: 'normal', empty: NO_SERVICE_ORDER },
  { path: '/listar-os-retorno', title: 'Listar O.S. de Retorno', kind: 'returned', empty: NO_SERVICE_ORDER },
  {
    path: '/listar-atendimento-externo',
    title: 'Listar Atendimentos Externos',
    kind: 'external',
    empty: NO_SERVICE_ORDER,
  },
  { path: '/listar-pedido', title: 'Listar Pedidos', kind: 'parts', empty: NO_PARTS_ORDER },
];

/** When an order entered its status, for the oldest-first order of a whole list cut by the web. */
const enteredAt = (item: OrderListItem) => {
  const at = (item as { status_changed_at?: unknown }).status_changed_at;
  const time = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
};

/** The page of the list asked for (?pagina=), cut by the api when it can, else by the web. */
function pageOf(
  deps: WebDeps,
  req: Request,
  kind: OrderKind,
  status: number,
): Promise<ApiResult<ListPage<OrderListItem>>> {
  const oldestFirst = req.query.ordem === 'antigas';
  return loadListPage(
    extrasOf(deps.http),
    pageAsked(req),
    (paging) =>
      kind === 'parts'
        ? listPartsOrdersPage(req.api, status, { ...paging, oldestFirst })
        : listServiceOrdersPage(req.api, kind, status, { ...paging, oldestFirst }),
    async () => {
      const all = await (kind === 'parts'
        ? listPartsOrders(req.api, status)
        : listServiceOrders(req.api, kind, status));
      if (!all.ok || !oldestFirst) return all;
      return { ...all, data: [...all.data].sort((a, b) => enteredAt(a) - enteredAt(b)) };
    },
  );
}

export function listRoutes(deps: WebDeps): Router {
  const router = Router();

  for (const screen of LIST_SCREENS) {
    const options = statusesOf(screen.kind);
    const show = (req: Request, res: Response, props: Partial<StatusListProps>, status = 200) =>
      deps.render(
        req,
        res,
        createElement(StatusList, {
          title: screen.title,
          action: screen.path,
          options,
          empty: screen.empty,
          status: '',
          ...props,
        }),
        { title: screen.title, status },
      );

    router.get(screen.path, async (req, res) => {
      // The first visit has no query: just the form.
      if (req.query.status === undefined) return show(req, res, {});
      const typed = textOf(req.query, 'status').trim();
      const code = /^\d{1,4}$/.test(typed) ? Number(typed) : Number.NaN;
      if (!options.some((o) => o.code === code)) {
        return show(req, res, { status: typed, errors: { status: STATUS_REQUIRED } }, 400);
      }
      const result = await pageOf(deps, req, screen.kind, code);
      // SPEC §8: status listing failures show nothing.
      if (!result.ok) return show(req, res, { status: typed }, 502);
      const items = result.data.items;
      const rows = items.map((o) => orderRowOf(o, screen.kind));
      return show(req, res, {
        status: typed,
        rows,
        aged: await agedList(deps, req, screen.kind, code, items, rows),
        pager: listPager(req, result.data),
      });
    });
  }

  return router;
}
