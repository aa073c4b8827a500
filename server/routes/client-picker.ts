/**
 * The state of the client search on the open screens, from the query (?busca=, ?cliente=) or from a
 * posted form's client_id: one api call for the search and one for the selected client.
 */
import type { Request } from 'express';
import type { ClientPickerState } from '../../views/components/ClientPicker.tsx';
import { getClient, searchClients } from '../backend/clients.ts';
import { textOf } from '../forms/validate.ts';

const SEARCH_REQUIRED = 'Digite algo para buscar';

export async function clientPickerState(
  req: Request,
  action: string,
  clientId?: string,
): Promise<ClientPickerState> {
  const busca = textOf(req.query, 'busca').trim();
  const searched = req.query.busca !== undefined;
  const selectedId = clientId ?? textOf(req.query, 'cliente');
  const state: ClientPickerState = { action, busca, searched: false, results: [], selected: null };

  if (searched && !busca) state.errors = { busca: SEARCH_REQUIRED };
  const [found, selected] = await Promise.all([
    searched && busca ? searchClients(req.api, busca) : null,
    /^\d{1,9}$/.test(selectedId) ? getClient(req.api, selectedId) : null,
  ]);
  // Search failures are silent on the open screens (SPEC §8): no results, no toast.
  if (found) {
    state.searched = true;
    state.results = found.ok ? found.data : [];
  }
  if (selected?.ok) state.selected = selected.data;
  return state;
}
