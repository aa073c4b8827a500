import type {
  AnyServiceOrder,
  ExternalOrder,
  NormalOrder,
  ReturnedOrder,
} from '../../contract/service-orders.ts';
import { UNREPAIRED_STATUSES } from '../../domain/client-view.ts';
import { formatDisplayDate } from '../../domain/dates.ts';
import {
  isTerminal,
  type OrderKind,
  showsFinishDate,
  statusLabel,
  TERMINAL_STATUSES,
} from '../../domain/statuses.ts';
import { TRANSACTION_TYPES } from '../../domain/transactions.ts';
import { ClientDetails, orDash } from '../components/ClientDetails.tsx';
import {
  CLOSE_CHANGED_TEXT,
  CLOSE_DIALOG,
  CLOSE_MISSING_TEXT,
  CloseConfirmDialog,
  type CloseDialogState,
  type CloseSummary,
  unrepairedCloseText,
} from '../components/CloseConfirmDialog.tsx';
import { DetailList, type DetailRow } from '../components/DetailList.tsx';
import { Dialog, DialogCancel, DialogTrigger } from '../components/Dialog.tsx';
import type { FieldErrors } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { ManagerDialog, type ManagerDialogState } from '../components/ManagerDialog.tsx';
import { OrderPanel, type OrderPanelView } from '../components/OrderPanel.tsx';
import { PaymentSummary } from '../components/PaymentSummary.tsx';
import { Payments } from '../components/Payments.tsx';
import { PrintLink } from '../components/PrintLink.tsx';
import { StatusLabel } from '../components/StatusLabel.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import {
  UPFRONT_DIALOG,
  UpfrontPaymentDialog,
  type UpfrontState,
} from '../components/UpfrontPaymentDialog.tsx';
import { useDialogFocus } from '../context.ts';
import { brl } from '../format.ts';

export const CANCEL_DIALOG = 'cancelar-os';
export const DELETE_DIALOG = 'deletar-os';
export { CLOSE_DIALOG, UPFRONT_DIALOG };

export type CancelState = {
  open: boolean;
  values?: { cancel_motive?: string };
  /** A key present means the field was refused; SPEC §5 gives the motive no message. */
  errors?: FieldErrors;
};

export type ServiceOrderDetailProps = {
  found: AnyServiceOrder;
  tz: string;
  dialogs: {
    upfront: UpfrontState;
    cancel: CancelState;
    remove: ManagerDialogState;
    close?: CloseDialogState;
  };
  /** The client's side (decision 020); absent against a backend without it. */
  panel?: OrderPanelView | null;
  /** False for an external service on a backend that cannot edit one: no Editar to lead nowhere. */
  editable?: boolean;
};

/** What closing the order books (API.md Orders): its final value, its method, the upfront payments. */
export function closeSummaryOf(found: AnyServiceOrder): CloseSummary {
  const upfront = (found.order.transactions ?? [])
    .filter((t) => t.type === TRANSACTION_TYPES.UPFRONT_PAYMENT)
    .reduce((sum, t) => sum + Math.round(Number(t.value) * 100), 0);
  const terms =
    found.kind === 'external'
      ? { finalValue: found.order.service_value, paymentMethod: found.order.service_payment_method }
      : { finalValue: found.order.fix_value_final, paymentMethod: found.order.fix_payment_method };
  return { ...terms, upfront: upfront / 100 };
}

const EDIT_PATH = { normal: '/editar-os/', returned: '/editar-os-retorno/', external: '/editar-os-externa/' };
const HEADING = { normal: 'O.S.', returned: 'O.S. de Retorno', external: 'Atendimento Externo' };

/** SPEC §2: the parts, one per line, read joined by semicolons. */
export function partsList(description: string | null | undefined): string {
  const parts = (description ?? '')
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length ? parts.join('; ') : '-';
}

/** SPEC §4: the creation date once the order is cancelled or completed (107, 108, 204, 205), else '-'. */
export function finishDate(kind: OrderKind, status: number, createdAt: string, tz: string): string {
  return showsFinishDate(kind, status) ? formatDisplayDate(createdAt, tz) : '-';
}

const productRows = (o: Partial<NormalOrder | ExternalOrder>): DetailRow[] => [
  ['Nome', orDash(o.product_name)],
  ['Modelo', orDash(o.product_model)],
  ['Marca', orDash(o.product_brand)],
  ['Defeito Reclamado', orDash(o.product_details)],
  ['Acessórios', orDash(o.product_accessories)],
  ['Número de série', orDash(o.product_serial)],
];

const repairRows = (o: NormalOrder | ReturnedOrder, tz: string): DetailRow[] => [
  ['Data do conserto', formatDisplayDate(o.fix_date, tz)],
  ['Técnico', orDash(o.fix_technician_name)],
  ['Peças', partsList(o.fix_description)],
  ['Valor das peças', brl(o.fix_value_pieces)],
  ['Valor da mão de obra', brl(o.fix_value_labor)],
  ['Valor final', brl(o.fix_value_final)],
  ['Forma de pagamento', orDash(o.fix_payment_method)],
];

type AnyOrder = NormalOrder | ReturnedOrder | ExternalOrder;

/** Número, Status (as its label), Data de abertura, Data de finalização (SPEC §2, §4). */
function OrderData({ kind, order, tz }: { kind: OrderKind; order: AnyOrder; tz: string }) {
  return (
    <DetailList
      rows={[
        ['Número', order.number],
        ['Status', <StatusLabel key="status" kind={kind} code={order.status} />],
        ['Data de abertura', formatDisplayDate(order.created_at, tz)],
        ['Data de finalização', finishDate(kind, order.status, order.created_at, tz)],
      ]}
    />
  );
}

function NormalSections({ order, tz }: { order: NormalOrder; tz: string }) {
  return (
    <>
      <h2>Produto</h2>
      <DetailList rows={productRows(order)} />
      <h2>Conserto</h2>
      <DetailList rows={repairRows(order, tz)} />
    </>
  );
}

function ReturnedSections({ order, tz }: { order: ReturnedOrder; tz: string }) {
  const original = order.original_service_order;
  return (
    <>
      <section className="os-original">
        <h2>O.S. original</h2>
        {original ? (
          <>
            <p>
              <a href={`/os/${encodeURIComponent(String(original.id))}`}>{original.number}</a>
            </p>
            <OrderData kind="normal" order={original} tz={tz} />
            <h3>Produto</h3>
            <DetailList rows={productRows(original)} />
            <h3>Conserto</h3>
            <DetailList rows={repairRows(original, tz)} />
          </>
        ) : (
          <p className="muted">-</p>
        )}
      </section>
      <section className="os-return">
        <h2>Retorno</h2>
        <DetailList rows={[['Motivo do retorno', orDash(order.return_motive)]]} />
        <h3>Conserto do retorno</h3>
        <DetailList rows={repairRows(order, tz)} />
      </section>
    </>
  );
}

function ExternalSections({ order, tz }: { order: ExternalOrder; tz: string }) {
  return (
    <>
      <h2>Produto</h2>
      <DetailList rows={productRows(order)} />
      <h2>Atendimento</h2>
      <DetailList
        rows={[
          ['Data do atendimento', formatDisplayDate(order.service_date, tz)],
          ['Tipo de serviço', orDash(order.service_type)],
          ['Período', orDash(order.service_period)],
          ['Valor', brl(order.service_value)],
          ['Forma de pagamento', orDash(order.service_payment_method)],
          ['Detalhes', orDash(order.service_details)],
        ]}
      />
    </>
  );
}

/** The cancel motive: required with no message of its own (SPEC §5), so "in error" is the key alone. */
function CancelMotive({ state }: { state: CancelState }) {
  const invalid = state.errors !== undefined && 'cancel_motive' in state.errors;
  const message = state.errors?.cancel_motive;
  // First in the dialog: the keyboard starts here when the dialog is drawn open.
  const focus = useDialogFocus();
  return (
    <div className="field">
      <label htmlFor="cancel-cancel_motive">Motivo do cancelamento</label>
      <textarea
        id="cancel-cancel_motive"
        name="cancel_motive"
        rows={3}
        defaultValue={state.values?.cancel_motive ?? ''}
        autoFocus={invalid || focus ? true : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={message ? 'cancel-cancel_motive-error' : undefined}
      />
      {message ? (
        <p className="field-error" id="cancel-cancel_motive-error">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** Cancelar O.S. (SPEC §5): the motive only, required, no manager login. */
function CancelDialog({ action, number, state }: { action: string; number: string; state: CancelState }) {
  return (
    <Dialog id={CANCEL_DIALOG} title={`Cancelar O.S.: ${number}`} open={state.open}>
      <Form action={action} label="Cancelar O.S.">
        <CancelMotive state={state} />
        <div className="actions">
          <SubmitButton label="Cancelar O.S." />
          <DialogCancel label="Voltar" />
        </div>
      </Form>
    </Dialog>
  );
}

/** Service order detail (SPEC §2 /os/{id}): normal, return or external, with its actions. */
export function ServiceOrderDetail({ found, tz, dialogs, panel, editable = true }: ServiceOrderDetailProps) {
  const { kind, order } = found;
  const id = encodeURIComponent(String(order.id));
  const base = `/os/${id}`;
  const open = !isTerminal(kind, order.status);
  return (
    <section className={`os-detail os-${kind}`}>
      <header className="os-header">
        <h1>{`${HEADING[kind]} ${order.number}`}</h1>
        <StatusLabel kind={kind} code={order.status} />
        {open ? (
          <div className="os-header-actions">
            {editable ? (
              <a className="button" href={`${EDIT_PATH[kind]}${id}`}>
                Editar
              </a>
            ) : null}
            <DialogTrigger
              dialogId={DELETE_DIALOG}
              label="Deletar O.S."
              href={`${base}?dialogo=${DELETE_DIALOG}`}
              className="danger trash"
            />
          </div>
        ) : null}
      </header>

      <div className="actions os-actions">
        <PrintLink href={`${base}/imprimir`}>Imprimir O.S.</PrintLink>
        {kind !== 'external' ? <PrintLink href={`${base}/imprimir?vias=2`}>Imprimir 2 vias</PrintLink> : null}
        <PrintLink href={`${base}/entrega`}>Imprimir comprovante de entrega</PrintLink>
        {open && kind !== 'external' ? (
          <DialogTrigger
            dialogId={UPFRONT_DIALOG}
            label="Pagamento antecipado"
            href={`${base}?dialogo=${UPFRONT_DIALOG}`}
          />
        ) : null}
        {open ? (
          <DialogTrigger
            dialogId={CLOSE_DIALOG}
            label="Finalizar e Enviar para o caixa"
            href={`${base}?dialogo=${CLOSE_DIALOG}`}
          />
        ) : null}
        {open ? (
          <DialogTrigger
            dialogId={CANCEL_DIALOG}
            label="Cancelar O.S."
            href={`${base}?dialogo=${CANCEL_DIALOG}`}
            className="danger"
          />
        ) : null}
      </div>

      <h2>Dados do cliente</h2>
      {order.client ? <ClientDetails client={order.client} /> : <p className="muted">-</p>}

      <h2>Dados da O.S.</h2>
      <OrderData kind={kind} order={order} tz={tz} />

      {found.kind === 'normal' ? <NormalSections order={found.order} tz={tz} /> : null}
      {found.kind === 'returned' ? <ReturnedSections order={found.order} tz={tz} /> : null}
      {found.kind === 'external' ? <ExternalSections order={found.order} tz={tz} /> : null}

      <h2>Pagamentos</h2>
      <Payments transactions={order.transactions ?? []} empty="Sem pagamentos" />
      <PaymentSummary
        transactions={order.transactions ?? []}
        finalValue={found.kind === 'external' ? found.order.service_value : found.order.fix_value_final}
        cancelled={order.status === TERMINAL_STATUSES[kind].cancelled}
      />

      {panel ? <OrderPanel panel={panel} kind={kind} tz={tz} /> : null}

      {open ? (
        <>
          {kind !== 'external' ? (
            <UpfrontPaymentDialog action={`${base}/pagamento-antecipado`} state={dialogs.upfront} />
          ) : null}
          <CloseConfirmDialog
            action={`${base}/finalizar`}
            state={dialogs.close ?? { open: false }}
            summary={closeSummaryOf(found)}
            changedText={CLOSE_CHANGED_TEXT.serviceOrder}
            missing={
              editable
                ? { text: CLOSE_MISSING_TEXT.serviceOrder, editHref: `${EDIT_PATH[kind]}${id}` }
                : { text: CLOSE_MISSING_TEXT.externalNoEdit, editHref: null }
            }
            warning={
              UNREPAIRED_STATUSES[kind].includes(order.status)
                ? unrepairedCloseText(statusLabel(kind, order.status))
                : undefined
            }
          />
          <CancelDialog action={`${base}/cancelar`} number={order.number} state={dialogs.cancel} />
          <ManagerDialog
            id={DELETE_DIALOG}
            title={`Deletar O.S.: ${order.number}`}
            action={`${base}/deletar`}
            state={dialogs.remove}
            submitLabel="Deletar"
          />
        </>
      ) : null}
    </section>
  );
}
