import { type PartsOrder, paymentMethodOf } from '../../contract/parts-orders.ts';
import { formatDisplayDate } from '../../domain/dates.ts';
import { isTerminal, TERMINAL_STATUSES } from '../../domain/statuses.ts';
import { TRANSACTION_TYPES } from '../../domain/transactions.ts';
import { ClientDetails, orDash } from '../components/ClientDetails.tsx';
import {
  CLOSE_CHANGED_TEXT,
  CLOSE_DIALOG,
  CLOSE_MISSING_TEXT,
  CloseConfirmDialog,
  type CloseDialogState,
  type CloseSummary,
} from '../components/CloseConfirmDialog.tsx';
import { DetailList, type DetailRow } from '../components/DetailList.tsx';
import { DialogTrigger } from '../components/Dialog.tsx';
import { ManagerDialog, type ManagerDialogState } from '../components/ManagerDialog.tsx';
import { TextArea } from '../components/OrderFields.tsx';
import { OrderPanel, type OrderPanelView } from '../components/OrderPanel.tsx';
import { PaymentSummary } from '../components/PaymentSummary.tsx';
import { Payments } from '../components/Payments.tsx';
import { PrintLink } from '../components/PrintLink.tsx';
import { StatusLabel } from '../components/StatusLabel.tsx';
import {
  UPFRONT_DIALOG,
  UpfrontPaymentDialog,
  type UpfrontState,
} from '../components/UpfrontPaymentDialog.tsx';
import { brl } from '../format.ts';

export const CANCEL_PARTS_ORDER_DIALOG = 'cancelar-pedido';
export const DELETE_PARTS_ORDER_DIALOG = 'deletar-pedido';

export type PartsOrderDetailProps = {
  order: PartsOrder;
  /** The shop's time zone (SHOP_TZ): timestamps read as the shop's calendar day. */
  shopTz: string;
  upfront: UpfrontState;
  close?: CloseDialogState | undefined;
  cancel: ManagerDialogState & { values?: { confirm_username?: string; cancel_motive?: string } };
  remove: ManagerDialogState;
  /** The client's side (decision 020); absent against a backend without it. */
  panel?: OrderPanelView | null;
};

/** What closing the order books (API.md Orders): its value, its method, the upfront payments. */
export function partsCloseSummaryOf(order: PartsOrder): CloseSummary {
  const upfront = (order.transactions ?? [])
    .filter((t) => t.type === TRANSACTION_TYPES.UPFRONT_PAYMENT)
    .reduce((sum, t) => sum + Math.round(Number(t.value) * 100), 0);
  return {
    finalValue: order.piece_value ?? null,
    paymentMethod: paymentMethodOf(order) ?? null,
    upfront: upfront / 100,
  };
}

/**
 * The parts order (SPEC §2 Parts order detail): client, order data, upfront payments, and the actions.
 * Cancelled (103) and completed (104) orders show only the two print buttons and no Edit link.
 */
export function PartsOrderDetail({
  order,
  shopTz,
  upfront,
  cancel,
  remove,
  close,
  panel,
}: PartsOrderDetailProps) {
  const id = encodeURIComponent(String(order.id));
  const base = `/pedido/${id}`;
  const open = !isTerminal('parts', order.status);
  const date = (value: string | null | undefined) => formatDisplayDate(value ?? null, shopTz);
  const upfronts = (order.transactions ?? []).filter((t) => t.type === TRANSACTION_TYPES.UPFRONT_PAYMENT);
  const rows: DetailRow[] = [
    ['Número do pedido', order.number],
    ['Data do pedido', date(order.created_at)],
    ['Status', <StatusLabel key="status" kind="parts" code={order.status} />],
    ['Nome da peça', orDash(order.piece_name)],
    ['Código da peça', orDash(order.piece_code)],
    ['Modelo do produto', orDash(order.product_model)],
    ['Valor', brl(order.piece_value)],
    ['Data do pedido ao fabricante', date(order.manufacturer_date)],
    ['Código do pedido ao fabricante', orDash(order.manufacturer_code)],
    ['Forma de pagamento', orDash(paymentMethodOf(order))],
  ];

  return (
    <section className="parts-order-detail">
      <header className="order-header">
        <h1>{`Pedido ${order.number}`}</h1>
        <StatusLabel kind="parts" code={order.status} />
        <div className="order-header-links">
          {open ? (
            <a className="button" href={`/editar-pedido/${id}`}>
              Editar
            </a>
          ) : null}
          <DialogTrigger
            dialogId={DELETE_PARTS_ORDER_DIALOG}
            label="Deletar Pedido"
            href={`${base}?dialogo=${DELETE_PARTS_ORDER_DIALOG}`}
            className="danger"
          />
        </div>
      </header>

      <div className="order-actions actions">
        <PrintLink href={`${base}/imprimir`}>Imprimir Pedido</PrintLink>
        <PrintLink href={`${base}/etiqueta`}>Imprimir Etiqueta</PrintLink>
        {open ? (
          <>
            <DialogTrigger
              dialogId={UPFRONT_DIALOG}
              label="Pagamento antecipado"
              href={`${base}?dialogo=${UPFRONT_DIALOG}`}
            />
            <DialogTrigger
              dialogId={CLOSE_DIALOG}
              label="Finalizar e Enviar para o caixa"
              href={`${base}?dialogo=${CLOSE_DIALOG}`}
            />
            <DialogTrigger
              dialogId={CANCEL_PARTS_ORDER_DIALOG}
              label="Cancelar Pedido"
              href={`${base}?dialogo=${CANCEL_PARTS_ORDER_DIALOG}`}
              className="danger"
            />
          </>
        ) : null}
      </div>

      <h2>Cliente</h2>
      {order.client ? <ClientDetails client={order.client} /> : <p className="muted">-</p>}

      <h2>Pedido</h2>
      <DetailList rows={rows} />

      <h2>Pagamentos antecipados</h2>
      <Payments transactions={upfronts} empty="Sem pagamentos antecipados" />
      <PaymentSummary
        transactions={order.transactions ?? []}
        finalValue={order.piece_value}
        cancelled={order.status === TERMINAL_STATUSES.parts.cancelled}
        sentToCash
      />

      {panel ? <OrderPanel panel={panel} kind="parts" tz={shopTz} /> : null}

      {open ? (
        <>
          <UpfrontPaymentDialog action={`${base}/pagamento-antecipado`} state={upfront} />
          <CloseConfirmDialog
            action={`${base}/enviar-caixa`}
            state={close ?? { open: false }}
            summary={partsCloseSummaryOf(order)}
            changedText={CLOSE_CHANGED_TEXT.partsOrder}
            missing={{ text: CLOSE_MISSING_TEXT.partsOrder, editHref: `/editar-pedido/${id}` }}
          />
          <ManagerDialog
            id={CANCEL_PARTS_ORDER_DIALOG}
            title={`Cancelar Pedido: ${order.number}`}
            action={`${base}/cancelar`}
            state={cancel}
            submitLabel="Confirmar cancelamento"
          >
            <TextArea
              name="cancel_motive"
              label="Motivo do cancelamento"
              value={cancel.values?.cancel_motive}
              errors={cancel.errors}
            />
          </ManagerDialog>
        </>
      ) : null}
      <ManagerDialog
        id={DELETE_PARTS_ORDER_DIALOG}
        title={`Deletar Pedido: ${order.number}`}
        action={`${base}/deletar`}
        state={remove}
        submitLabel="Deletar"
      />
    </section>
  );
}
