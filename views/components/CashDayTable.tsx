import type { CashEntry } from '../../contract/transactions.ts';
import { isManualEntryType } from '../../domain/transactions.ts';
import { onDayPage } from '../format.ts';
import { CashTable } from './CashTable.tsx';

/**
 * The list of Caixa do dia (SPEC §2): CashTable's 9 columns (cash-cells.ts) and a last one with the links
 * that open the edit dialog (sales and purchases only) and the delete dialog, which work without JavaScript.
 */
export function CashDayTable({ entries, page = 1 }: { entries: CashEntry[]; page?: number }) {
  return <CashTable entries={entries} actions={(e) => <EntryActions entry={e} page={page} />} />;
}

/** The ids of an entry's links, where the keyboard goes back once their dialog closes. */
export const entryLinkId = (action: 'editar' | 'excluir', id: number | string) =>
  `${action}-lancamento-${id}`;

/** Edit (sales and purchases only) and delete, each named for screen readers by the entry it acts on. */
function EntryActions({ entry, page }: { entry: CashEntry; page: number }) {
  const name = entry.description || String(entry.id);
  // The stylesheet draws a pencil and a trash can (.icon-link.edit, .trash) in place of the words.
  return (
    <>
      {isManualEntryType(entry.type) ? (
        <a
          id={entryLinkId('editar', entry.id)}
          href={onDayPage(`/caixa-hoje?editar=${entry.id}`, page)}
          className="icon-link edit"
          aria-label={`Editar lançamento ${name}`}
          title="Editar"
        >
          Editar
        </a>
      ) : null}
      <a
        id={entryLinkId('excluir', entry.id)}
        href={onDayPage(`/caixa-hoje?deletar=${entry.id}`, page)}
        className="icon-link trash"
        aria-label={`Excluir lançamento ${name}`}
        title="Excluir"
      >
        Excluir
      </a>
    </>
  );
}
