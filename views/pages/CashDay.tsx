import type { CashEntry } from '../../contract/transactions.ts';
import { formatBRL } from '../../domain/money.ts';
import { type MethodTotal, TRANSACTION_TYPES } from '../../domain/transactions.ts';
import { CashDayTable, entryLinkId } from '../components/CashDayTable.tsx';
import { DialogTrigger } from '../components/Dialog.tsx';
import { EntryDialog, type EntryDialogState } from '../components/EntryDialog.tsx';
import { Form } from '../components/Form.tsx';
import { ManagerDialog, type ManagerDialogState } from '../components/ManagerDialog.tsx';
import { MethodTotals } from '../components/MethodTotals.tsx';
import { Pager, type PagerProps } from '../components/Pager.tsx';
import { PrintLink } from '../components/PrintLink.tsx';
import { onDayPage } from '../format.ts';

export const CREATE_ENTRY_DIALOG = 'criar-lancamento';
export const EDIT_ENTRY_DIALOG = 'editar-lancamento';
export const DELETE_ENTRY_DIALOG = 'deletar-lancamento';

export type CashDayProps = {
  dayLabel: string;
  totalCents: number;
  /** The total split by payment method (server/cash-balance.ts balanceByMethodOf). */
  byMethod?: readonly MethodTotal[];
  /** The entries of the page shown. */
  entries: CashEntry[];
  /** The page shown (1 when the day fits in one): the dialogs and the sheet keep to it. */
  page?: number;
  /** Null when the day fits in one page. */
  pager?: PagerProps | null;
  create: EntryDialogState;
  /** The entry being edited or deleted (?editar=<id> / ?deletar=<id>), with its dialog state. */
  edit: { entry: CashEntry; state: EntryDialogState } | null;
  remove: {
    entry: CashEntry;
    state: ManagerDialogState;
    /** Deleting an order's close entry reopens the order (decision 032): the dialog says so first. */
    reopensOrder?: boolean;
  } | null;
};

/** Caixa do dia (SPEC §2): today's date and total, the entries, print, Criar Lançamento, edit and delete. */
export function CashDay({
  dayLabel,
  totalCents,
  byMethod = [],
  entries,
  page = 1,
  pager = null,
  create,
  edit,
  remove,
}: CashDayProps) {
  return (
    <section className="cash-page">
      <header className="cash-header">
        <h1>Caixa do dia {dayLabel}</h1>
        <p className="total">
          Total: <strong className={totalCents < 0 ? 'flow-out' : 'flow-in'}>{formatBRL(totalCents)}</strong>
        </p>
        <MethodTotals totals={byMethod} />
      </header>
      <div className="actions">
        <PrintLink href={onDayPage('/caixa-hoje/imprimir', page)}>Imprimir</PrintLink>
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
        <CashDayTable entries={entries} page={page} />
      )}
      {pager ? <Pager {...pager} /> : null}
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
          action={onDayPage(`/caixa-hoje/lancamentos/${edit.entry.id}`, page)}
          state={edit.state}
          confirm
          submitLabel="Salvar"
          opener={entryLinkId('editar', edit.entry.id)}
        />
      ) : null}
      {remove ? (
        <ManagerDialog
          id={DELETE_ENTRY_DIALOG}
          title={`Excluir Lançamento: ${remove.entry.description || remove.entry.id}`}
          action={onDayPage(`/caixa-hoje/lancamentos/${remove.entry.id}/deletar`, page)}
          state={remove.state}
          submitLabel="Excluir"
          opener={entryLinkId('excluir', remove.entry.id)}
        >
          <OrderEntryHint entry={remove.entry} reopens={remove.reopensOrder === true} />
        </ManagerDialog>
      ) : null}
    </section>
  );
}

/** What deleting an order's entry does to the order (decision 032), said before the manager confirms. */
function OrderEntryHint({ entry, reopens }: { entry: CashEntry; reopens: boolean }) {
  // Only our api reopens the order of a close entry deleted; a cancellation's record undoes nothing on any.
  const serviceOrder =
    reopens && entry.type === TRANSACTION_TYPES.SERVICE_ORDER_CLOSED ? entry.service_order?.number : null;
  const order = reopens && entry.type === TRANSACTION_TYPES.PARTS_ORDER_CLOSED ? entry.order?.number : null;
  if (serviceOrder)
    return (
      <p className="hint">
        Este lançamento é o envio da O.S. {serviceOrder} ao caixa. Excluí-lo reabre a O.S.: ela volta ao
        status em que estava e ao valor a receber.
      </p>
    );
  if (order)
    return (
      <p className="hint">
        Este lançamento é o envio do pedido {order} ao caixa. Excluí-lo reabre o pedido: ele volta ao status
        em que estava e ao valor a receber.
      </p>
    );
  // A cancellation's record: it counts in no balance, and deleting it undoes no cancellation.
  if (entry.type === TRANSACTION_TYPES.SERVICE_ORDER_CANCELLED && entry.service_order?.number)
    return (
      <p className="hint">
        Este lançamento é o registro do cancelamento da O.S. {entry.service_order.number}. Excluí-lo não
        reabre a O.S., que continua cancelada.
      </p>
    );
  if (entry.type === TRANSACTION_TYPES.PARTS_ORDER_CANCELLED && entry.order?.number)
    return (
      <p className="hint">
        Este lançamento é o registro do cancelamento do pedido {entry.order.number}. Excluí-lo não reabre o
        pedido, que continua cancelado.
      </p>
    );
  return null;
}
