/** Consulta (SPEC §2): clients by name/CPF/CNPJ, service orders and parts orders by number. A GET form. */
import { Router } from 'express';
import { createElement } from 'react';
import { z } from 'zod';
import { orderRowOf } from '../../views/components/OrderRows.tsx';
import { Consulta, type ConsultaProps } from '../../views/pages/Consulta.tsx';
import type { ApiResult } from '../backend/client.ts';
import { searchClients, searchClientsPage } from '../backend/clients.ts';
import { BackendUnavailable } from '../backend/errors.ts';
import { extrasOf } from '../backend/extras.ts';
import {
  partsOrdersByNumber,
  serviceOrderKind,
  serviceOrdersByText,
  serviceOrdersByTextPage,
} from '../backend/lookup.ts';
import { agedResults } from '../client-side/ageing.ts';
import type { WebDeps } from '../context.ts';
import { requiredText } from '../forms/fields.ts';
import { textOf, validateForm } from '../forms/validate.ts';
import { cutPage, listPager, loadListPage, pageAsked } from '../list-pages.ts';

const SEARCH_FAILED = 'Ocorreu um erro ao fazer a busca. Verifique a conexão.';

/** Clients per page of results: each is a long block (documents, nine rows, three groups of orders). */
const CLIENT_PAGE_SIZE = 20;

const SearchForm = z.object({
  // Without NUL characters, which no keyboard types and the api refuses: a pasted or forged one made the
  // search fail as if the connection had ('Verifique a conexão').
  q: z.preprocess(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what is removed.
    (v) => (typeof v === 'string' ? v.replace(/\u0000/g, '') : v),
    requiredText('Digite algo para buscar', 200),
  ),
  tipo: z.enum(['cliente', 'os', 'pedido'], { error: 'Selecione uma opção de busca' }),
});

export function consultaRoutes(deps: WebDeps): Router {
  const router = Router();

  /**
   * SPEC §8 Search: any failure, an api that cannot be reached included ("Verifique a conexão"), is the
   * search-failed toast on the form as typed, not the generic "server unavailable" page.
   */
  async function searching<T>(call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof BackendUnavailable)) throw err;
      deps.log.warn({ err: err.cause }, 'api unavailable during a search');
      return { ok: false, status: 503, message: err.message };
    }
  }

  router.get('/consulta', async (req, res) => {
    const values = { q: textOf(req.query, 'q'), tipo: textOf(req.query, 'tipo') };
    const show = (props: Partial<ConsultaProps>, status = 200, failed = false) =>
      deps.render(
        req,
        res,
        createElement(Consulta, {
          values,
          orderTextSearch: extrasOf(deps.http).usable('order-text-search'),
          ...props,
        }),
        {
          title: 'Consulta',
          status,
          toasts: failed ? [{ kind: 'error', text: SEARCH_FAILED }] : [],
        },
      );

    // The first visit has no query at all: just the empty form.
    if (req.query.q === undefined && req.query.tipo === undefined)
      return show({ values: { tipo: 'cliente' } });
    const form = validateForm(SearchForm, req.query);
    if (!form.ok) return show({ errors: form.errors }, 400);
    const { q, tipo } = form.data;

    const asked = pageAsked(req);
    if (tipo === 'cliente') {
      const result = await searching(() =>
        loadListPage(
          extrasOf(deps.http),
          asked,
          (paging) => searchClientsPage(req.api, q, paging),
          () => searchClients(req.api, q),
          CLIENT_PAGE_SIZE,
        ),
      );
      if (!result.ok) return show({}, result.status === 503 ? 503 : 502, true);
      return show({
        results: { kind: 'cliente', clients: result.data.items },
        pager: listPager(req, result.data),
      });
    }
    const extras = extrasOf(deps.http);
    const whole = () =>
      tipo === 'os' ? serviceOrdersByText(req.api, q, extras) : partsOrdersByNumber(req.api, q);
    // Our api's text search answers at most 500, newest first, and a page of it when asked; elsewhere
    // the web cuts the page from the whole answer.
    const result = await searching(() =>
      tipo === 'os' && extras.usable('order-text-search')
        ? loadListPage(extras, asked, (paging) => serviceOrdersByTextPage(req.api, q, paging), whole)
        : whole().then((all) => (all.ok ? { ...all, data: cutPage(all.data, asked) } : all)),
    );
    if (!result.ok) return show({}, result.status === 503 ? 503 : 502, true);
    const found = result.data;
    const orders = found.items.map((o) => orderRowOf(o, tipo === 'os' ? serviceOrderKind(o) : 'parts'));
    return show({
      results: { kind: tipo, orders },
      aged: await agedResults(deps, req, found.items, orders),
      pager: listPager(req, found),
    });
  });

  return router;
}
