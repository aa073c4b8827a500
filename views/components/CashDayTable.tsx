import type { CashEntry } from '../../contract/transactions.ts';
import { isManualEntryType } from '../../domain/transactions.ts';
import { escapeHtml } from '../escape-html.ts';
import { CashTableHead } from './CashTable.tsx';
import { cashCellTexts, entryValue, VALUE_COLUMN } from './cash-cells.ts';

/**
 * The list of Caixa do dia (SPEC §2): CashTable's 9 columns (cash-cells.ts) and a last one with the links
 * that open the edit dialog (sales and purchases only) and the delete dialog, which work without JavaScript.
 *
 * A day holds hundreds of entries, and React rendering each row's 14 elements was the page's main cost
 * (npm run bench): the rows are written here as one string, every text through escapeHtml, exactly the
 * markup React wrote for them. Markup as a string stays in this file.
 */
export function CashDayTable({ entries }: { entries: CashEntry[] }) {
  return (
    <div className="cash-scroll">
      <table className="cash">
        <CashTableHead actions />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: every text of the rows goes through escapeHtml */}
        <tbody dangerouslySetInnerHTML={{ __html: entries.map(rowHtml).join('') }} />
      </table>
    </div>
  );
}

function rowHtml(entry: CashEntry): string {
  const value = entryValue(entry);
  let cells = '';
  for (const [i, text] of cashCellTexts(entry, value).entries()) {
    cells +=
      i === VALUE_COLUMN
        ? `<td><span class="money flow-${value.flow}">${escapeHtml(text)}</span></td>`
        : `<td>${escapeHtml(text)}</td>`;
  }
  return `<tr class="flow-row-${value.flow}">${cells}<td class="row-actions">${actionsHtml(entry)}</td></tr>`;
}

/** Edit (sales and purchases only) and delete, each named for screen readers by the entry it acts on. */
function actionsHtml(entry: CashEntry): string {
  const id = escapeHtml(String(entry.id));
  const name = escapeHtml(entry.description || String(entry.id));
  const edit = isManualEntryType(entry.type)
    ? `<a href="/caixa-hoje?editar=${id}" class="icon-link edit" aria-label="Editar lançamento ${name}" title="Editar">Editar</a>`
    : '';
  // The stylesheet draws a pencil and a trash can (.icon-link.edit, .trash) in place of the words. Not
  // a '✎' in the text: one character past Latin-1 makes V8 keep the whole page as a two-byte string,
  // twice the memory for every Caixa do dia in flight.
  return `${edit}<a href="/caixa-hoje?deletar=${id}" class="icon-link trash" aria-label="Excluir lançamento ${name}" title="Excluir">Excluir</a>`;
}
