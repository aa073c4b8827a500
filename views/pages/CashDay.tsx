import { formatBRL } from '../../domain/money.ts';
import { isManualEntryType } from '../../domain/transactions.ts';
import type { CashEntry } from '../../server/backend/cash.ts';
import { CashTable } from '../components/CashTable.tsx';
import { DialogTrigger } from '../components/Dialog.tsx';
import { EntryDialog, type EntryDialogState } from '../components/EntryDialog.tsx';
import { Form } from '../components/Form.tsx';
import { ManagerDialog, type ManagerDialogState } from '../components/ManagerDialog.tsx';

export const CREATE_ENTRY_DIALOG = 'criar-lancamento';
export const EDIT_ENTRY_DIALOG = 'editar-lancamento';
export const DELETE_ENTRY_DIALOG = 'deletar-lancamento';

export type CashDayProps = {
  dayLabel: string;
  totalCents: number;
  entries: CashEntry[];
  create: EntryDialogState;
  /** The entry being edited or deleted (?editar=<id> / ?deletar=<id>), with its dialog state. */
  edit: { entry: CashEntry; state: EntryDialogState } | null;
  remove: { entry: CashEntry; state: ManagerDialogState } | null;
};

/** Caixa do dia (SPEC §2): today's date and total, the entries, print, Criar Lançamento, edit and delete. */
export function CashDay({ dayLabel, totalCents, entries, create, edit, remove }: CashDayProps) {
  return (
    <section className="cash-page">
      <svg className="symbols" aria-hidden="true">
        <symbol id="icon-trash" viewBox="0 0 24 24">
          <path
            fill="currentColor"
            d="M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z"
          />
        </symbol>
      </svg>
      <header className="cash-header">
        <h1>Caixa do dia {dayLabel}</h1>
        <p className="total">
          Total: <strong className={totalCents < 0 ? 'flow-out' : 'flow-in'}>{formatBRL(totalCents)}</strong>
        </p>
      </header>
      <div className="actions">
        <a className="button" href="/caixa-hoje/imprimir" target="_blank" rel="noopener">
          Imprimir
        </a>
        <DialogTrigger
          dialogId={CREATE_ENTRY_DIALOG}
          label="Criar Lançamento"
          href={`/caixa-hoje?dialogo=${CREATE_ENTRY_DIALOG}`}
          className="primary"
        />
        <Form action="/caixa/sair" className="inline" label="Fechar caixa">
          <button type="submit" className="secondary">
            Fechar caixa
          </button>
        </Form>
      </div>
      {entries.length === 0 ? (
        <p className="empty">Nenhuma transação foi encontrada para a data.</p>
      ) : (
        <CashTable
          entries={entries}
          actions={(e) => (
            <>
              {isManualEntryType(e.type) ? (
                <a
                  href={`/caixa-hoje?editar=${e.id}`}
                  className="icon-link"
                  aria-label={`Editar lançamento ${e.description || e.id}`}
                  title="Editar"
                >
                  ✎
                </a>
              ) : null}
              <a
                href={`/caixa-hoje?deletar=${e.id}`}
                className="icon-link danger"
                aria-label={`Excluir lançamento ${e.description || e.id}`}
                title="Excluir"
              >
                {/* An SVG, not the 🗑 emoji (an empty box without an emoji font); drawn once, used per row. */}
                <svg width="18" height="18" aria-hidden="true">
                  <use href="#icon-trash" />
                </svg>
              </a>
            </>
          )}
        />
      )}
      <EntryDialog
        id={CREATE_ENTRY_DIALOG}
        title="Criar Lançamento"
        action="/caixa-hoje/lancamentos"
        state={create}
        submitLabel="Criar"
      />
      {edit ? (
        <EntryDialog
          id={EDIT_ENTRY_DIALOG}
          title="Editar Lançamento"
          action={`/caixa-hoje/lancamentos/${edit.entry.id}`}
          state={edit.state}
          confirm
          submitLabel="Salvar"
        />
      ) : null}
      {remove ? (
        <ManagerDialog
          id={DELETE_ENTRY_DIALOG}
          title={`Excluir Lançamento: ${remove.entry.description || remove.entry.id}`}
          action={`/caixa-hoje/lancamentos/${remove.entry.id}/deletar`}
          state={remove.state}
          submitLabel="Excluir"
        />
      ) : null}
    </section>
  );
}
