/**
 * The state of the client search on the open screens, from the query (?busca=, ?pagina=, ?cliente=) or
 * from a posted form's client_id: one api call for the search's page and one for the selected client.
 */
import type { Request } from 'express';
import type { ClientPickerState } from '../../views/components/ClientPicker.tsx';
import { getClient, searchClients, searchClientsPage } from '../backend/clients.ts';
import { extrasOf } from '../backend/extras.ts';
import type { WebDeps } from '../context.ts';
import { textOf } from '../forms/validate.ts';
import { listPager, loadListPage, pageAsked } from '../list-pages.ts';

const SEARCH_REQUIRED = 'Digite algo para buscar';

export async function clientPickerState(
  deps: WebDeps,
  req: Request,
  action: string,
  clientId?: string,
): Promise<ClientPickerState> {
  const busca = textOf(req.query, 'busca').trim();
  const searched = req.query.busca !== undefined;
  const selectedId = clientId ?? textOf(req.query, 'cliente');
  const state: ClientPickerState = {
    action,
    busca,
    searched: false,
    results: [],
    pager: null,
    selected: null,
  };

  if (searched && !busca) state.errors = { busca: SEARCH_REQUIRED };
  // A page at a time, as Consulta's results (decision 016): a common surname matches more clients than
  // one page holds, and the rest must be reachable. One-line rows: a list page's 50.
  const [found, selected] = await Promise.all([
    searched && busca
      ? loadListPage(
          extrasOf(deps.http),
          pageAsked(req),
          (paging) => searchClientsPage(req.api, busca, paging),
          () => searchClients(req.api, busca),
        )
      : null,
    /^\d{1,9}$/.test(selectedId) ? getClient(req.api, selectedId) : null,
  ]);
  // Search failures are silent on the open screens (SPEC §8): no results, no toast.
  if (found) {
    state.searched = true;
    if (found.ok) {
      state.results = found.data.items;
      state.pager = listPager(req, found.data);
    }
  }
  if (selected?.ok) state.selected = selected.data;
  return state;
}
