/**
 * What Caixa do dia's page (which shows its dialogs) and the dialogs' forms (cash-entries.ts) share: the
 * fields a refused form's draft carries besides the typing, and an entry's values as its dialog shows them.
 */
import type { CashEntry } from '../../contract/transactions.ts';
import { formatMoney } from '../../domain/money.ts';
import { entryCents } from '../cash-balance.ts';

/** The entry an edit's draft belongs to (a create's draft has none). */
export const ENTRY_ID_FIELD = '_entry';
/** The entry a refused delete's draft belongs to. */
export const REMOVE_ID_FIELD = '_remove';
/** The page of the day a dialog was opened over (the entry it acts on is listed there). */
export const PAGE_FIELD = '_pagina';

/** An entry's values as the edit dialog shows them (money with a comma). */
export const entryValues = (e: CashEntry) => ({
  type: String(e.type),
  description: e.description,
  value: formatMoney(entryCents(e)),
  payment_method: e.payment_method ?? '',
});
