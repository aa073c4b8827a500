/**
 * 80 mm thermal layouts (a print server whose paper is 80 mm): one column 72 mm wide, the order number
 * large at the top, each row's label above its value. The client's ticket of a service order, the
 * delivery sheet and the parts order; the A4 sheets stay as they are.
 */
import type { ReactNode } from 'react';
import { type PartsOrder, paymentMethodOf } from '../contract/parts-orders.ts';
import type { AnyServiceOrder, ExternalOrder } from '../contract/service-orders.ts';
import type { Shop } from '../contract/web.ts';
import { phonesShown } from '../domain/client-view.ts';
import { statusLabel } from '../domain/statuses.ts';
import { brl, day } from '../views/format.ts';
import { NOT_FISCAL, warrantyLine } from './Document.tsx';
import {
  brlCents,
  cancelMotive,
  clientWithDocument,
  externalServiceLabels,
  paidCents,
  partsLines,
} from './order-facts.ts';
import type { PrintClientSide } from './StatusQr.tsx';

type Row = [label: string, value: string | null | undefined];

function ThermalSheet(props: {
  shop: Shop;
  kind: string;
  number: string;
  rows: Row[];
  /** The status link's QR code (a data: SVG), when the backend has status links. */
  qr?: string | null | undefined;
  children?: ReactNode;
}) {
  const { shop } = props;
  return (
    <section className="thermal">
      <header className="thermal-head">
        <img className="thermal-logo" src={shop.logo} alt="" width="40" height="40" />
        <p className="shop-name">{shop.name}</p>
        {shop.phones ? <p>{shop.phones}</p> : null}
        {shop.street ? <p>{[shop.street, shop.district].filter(Boolean).join(' · ')}</p> : null}
        <p className="thermal-kind">{props.kind}</p>
        <p className="thermal-number">{props.number}</p>
      </header>
      <dl className="thermal-rows">
        {props.rows
          .filter(([, value]) => value && value !== '-')
          .map(([label, value]) => (
            <div key={label}>
              <dt className="thermal-label">{label}</dt>
              <dd className="thermal-value">{value}</dd>
            </div>
          ))}
      </dl>
      {props.children}
      {props.qr ? (
        <div className="thermal-qr">
          <img src={props.qr} alt="QR code do acompanhamento do pedido" width="120" height="120" />
        </div>
      ) : null}
      <p className="not-fiscal">{NOT_FISCAL}</p>
    </section>
  );
}

type ServiceOrderProps = {
  o: AnyServiceOrder;
  shop: Shop;
  /** The status link and the shop's warranty (decision 020); null against a backend without them. */
  side?: PrintClientSide | null | undefined;
};

/** The client's ticket of a service order, on a roll. */
export function ThermalTicket({ o, shop, side }: ServiceOrderProps) {
  const order = o.order;
  const product = o.kind === 'returned' ? o.order.original_service_order : o.order;
  const rows: Row[] = [
    ['Abertura', day(order.created_at, shop.tz)],
    ['Situação', statusLabel(o.kind, order.status)],
    ['Cliente', order.client.name],
    ['Telefones', phonesShown(order.client)],
    [
      'Produto',
      [product.product_name, product.product_brand, product.product_model].filter(Boolean).join(' · '),
    ],
    ['Nº de série', product.product_serial],
    ['Defeito Reclamado', product.product_details],
    ['Acessórios', product.product_accessories],
    ...(o.kind === 'returned' ? ([['Motivo do retorno', o.order.return_motive]] as Row[]) : []),
    ...(o.kind === 'external'
      ? ([
          ['Data agendada', day(o.order.service_date, shop.tz)],
          ['Período', o.order.service_period],
          ['Tipo de serviço', o.order.service_type],
          ['Valor', brl(o.order.service_value)],
        ] as Row[])
      : []),
    ['Pagamento(s)', brlCents(paidCents(order.transactions))],
  ];
  return (
    <ThermalSheet shop={shop} kind="Via do cliente · O.S." number={order.number} rows={rows} qr={side?.qr}>
      <p className="warranty">{warrantyLine(o, side)}</p>
    </ThermalSheet>
  );
}

/** An external service's rows: named as done, or as booked while its visit is ahead. */
function externalRows(e: ExternalOrder, tz: string): Row[] {
  const labels = externalServiceLabels(e, tz);
  return [
    ...(e.service_type?.trim() ? ([['Tipo de serviço', e.service_type]] as Row[]) : []),
    [labels.what, e.service_details],
    [labels.when, [day(e.service_date, tz), e.service_period].filter(Boolean).join(' · ')],
    ['Valor final', brl(e.service_value)],
    ['Forma de pagamento', e.service_payment_method],
  ];
}

/** The delivery sheet on a roll: what was done, the values, the warranty and the signature line. */
export function ThermalDelivery({ o, shop, side }: ServiceOrderProps) {
  const order = o.order;
  const product = o.kind === 'returned' ? o.order.original_service_order : o.order;
  const rows: Row[] =
    o.kind === 'external'
      ? externalRows(o.order, shop.tz)
      : [
          ['Serviço realizado', partsLines(o.order.fix_description)],
          ['Técnico', o.order.fix_technician_name],
          ['Data', day(o.order.fix_date, shop.tz)],
          ['Valor das peças', brl(o.order.fix_value_pieces)],
          ['Valor da mão de obra', brl(o.order.fix_value_labor)],
          ['Valor final', brl(o.order.fix_value_final)],
          ['Forma de pagamento', o.order.fix_payment_method],
        ];
  const client = clientWithDocument(order.client);
  return (
    <ThermalSheet
      shop={shop}
      kind="Comprovante de entrega"
      number={order.number}
      qr={side?.qr}
      rows={[
        ['Cliente', client],
        [
          'Produto',
          [product.product_name, product.product_brand, product.product_model].filter(Boolean).join(' · '),
        ],
        ...rows,
        ['Motivo do cancelamento', cancelMotive(order.transactions)],
        ['Pagamento(s)', brlCents(paidCents(order.transactions))],
      ]}
    >
      <p className="warranty">{warrantyLine(o, side)}</p>
      <div className="signature">
        <span>Assinatura do cliente</span>
      </div>
    </ThermalSheet>
  );
}

/** The parts order on a roll. */
export function ThermalPartsOrder({
  order,
  shop,
  qr,
}: {
  order: PartsOrder;
  shop: Shop;
  qr?: string | null;
}) {
  return (
    <ThermalSheet
      shop={shop}
      kind="Pedido de peça"
      number={order.number}
      qr={qr}
      rows={[
        ['Data do pedido', day(order.created_at, shop.tz)],
        ['Situação', statusLabel('parts', order.status)],
        ['Cliente', order.client.name],
        ['Telefones', phonesShown(order.client)],
        ['Peça', order.piece_name],
        ['Código da peça', order.piece_code],
        ['Modelo do produto', order.product_model],
        ['Valor', brl(order.piece_value)],
        ['Forma de pagamento', paymentMethodOf(order)],
        ['Pagamento(s)', brlCents(paidCents(order.transactions))],
      ]}
    />
  );
}
