import type { AnyServiceOrder, NormalOrder } from '../contract/service-orders.ts';
import type { Shop } from '../contract/web.ts';
import { phonesShown } from '../domain/client-view.ts';
import { formatCnpj, formatCpf } from '../domain/documents.ts';
import { statusLabel } from '../domain/statuses.ts';
import { DetailList, type DetailRow } from '../views/components/DetailList.tsx';
import { brl, day } from '../views/format.ts';
import { NOT_FISCAL, warrantyLine } from './Document.tsx';
import { brlCents, paidCents, ticketClass } from './order-facts.ts';
import { ShopHeader } from './ShopHeader.tsx';
import { type PrintClientSide, StatusQr } from './StatusQr.tsx';

/**
 * How much room a line of a ticket gets, so that four tickets always fit one A4 page and the warranty
 * and the notice at the bottom are never pushed out by long texts: 'half' is half the width on one line,
 * 'line' the whole width on one line, 'long' two lines and 'longer' three (cut with an ellipsis).
 */
type Size = 'half' | 'line' | 'long' | 'longer';
type Row = [label: string, value: string, size: Size];

/** A ticket's rows, leaving out the empty ones. */
function Rows({ rows }: { rows: Row[] }) {
  const shown = rows
    .filter(([, v]) => v && v !== '-')
    .map(([k, v, size]): DetailRow => [k, v, `row-${size}`]);
  return <DetailList className="sheet-rows ticket-rows" rows={shown} />;
}

/** The product this order is about: a return's is its original order's. */
function productOf(o: AnyServiceOrder): NormalOrder | (AnyServiceOrder & { kind: 'external' })['order'] {
  return o.kind === 'returned' ? o.order.original_service_order : o.order;
}

function kindRows(o: AnyServiceOrder, tz: string): Row[] {
  if (o.kind === 'returned') {
    return [
      [
        'O.S. original',
        `${o.order.original_service_order.number}, aberta em ${day(o.order.original_service_order.created_at, tz)}`,
        'line',
      ],
      ['Motivo do retorno', o.order.return_motive ?? '-', 'long'],
    ];
  }
  if (o.kind === 'external') {
    return [
      ['Data agendada', day(o.order.service_date, tz), 'half'],
      ['Período', o.order.service_period ?? '-', 'half'],
      ['Tipo de serviço', o.order.service_type ?? '-', 'line'],
      ['Valor', brl(o.order.service_value), 'half'],
      ['Forma de pagamento', o.order.service_payment_method ?? '-', 'line'],
      ['Detalhes', o.order.service_details ?? '-', 'long'],
    ];
  }
  return [];
}

function Ticket({
  o,
  shop,
  copy,
  full,
  side,
}: {
  o: AnyServiceOrder;
  shop: Shop;
  copy: string;
  full: boolean;
  /** The client's copy carries the status link (decision 020). */
  side?: PrintClientSide | null | undefined;
}) {
  const order = o.order;
  const product = productOf(o);
  const client = order.client;
  const rows: Row[] = [
    ['O.S.', order.number, 'half'],
    ['Abertura', day(order.created_at, shop.tz), 'half'],
    ['Situação', statusLabel(o.kind, order.status), 'line'],
    ['Cliente', client.name, 'long'],
    ['Telefones', phonesShown(client) || '-', 'long'],
    ...(full
      ? ([
          ['CPF', client.cpf ? formatCpf(client.cpf) : '-', 'half'],
          ['CNPJ', client.cnpj ? formatCnpj(client.cnpj) : '-', 'half'],
        ] as Row[])
      : []),
    ['Produto', product.product_name ?? '-', 'long'],
    ['Modelo', product.product_model ?? '-', 'half'],
    ['Marca', product.product_brand ?? '-', 'half'],
    ['Nº de série', product.product_serial ?? '-', 'line'],
    ['Defeito Reclamado', product.product_details ?? '-', 'longer'],
    ['Acessórios', product.product_accessories ?? '-', 'long'],
    ...kindRows(o, shop.tz),
  ];
  return (
    <article className={`ticket ${o.kind === 'normal' ? ticketClass(order.number) : `ticket-${o.kind}`}`}>
      <ShopHeader shop={shop} title={copy} />
      <Rows rows={rows} />
      <footer className="ticket-foot">
        {full ? (
          <>
            <p className="paid">
              Pagamento(s): <strong>{brlCents(paidCents(order.transactions))}</strong>
            </p>
            {side && copy === 'Via do cliente' ? (
              <StatusQr side={side} compact>
                <p className="warranty">{warrantyLine(o, side)}</p>
              </StatusQr>
            ) : (
              <p className="warranty">{warrantyLine(o, side)}</p>
            )}
          </>
        ) : null}
        <p className="not-fiscal">{NOT_FISCAL}</p>
      </footer>
    </article>
  );
}

/**
 * The order sheet (SPEC §2 Printouts): four tickets on one A4 page — the shop's copy, the client's
 * copy, the bench tag and a stub. `copies` = 2 prints the whole sheet twice.
 */
export function ServiceOrderSheet({
  o,
  shop,
  copies = 1,
  clientSide,
}: {
  o: AnyServiceOrder;
  shop: Shop;
  copies?: number;
  clientSide?: PrintClientSide | null;
}) {
  const sheet = (n: number) => (
    <section key={n} className="sheet four-tickets">
      <Ticket o={o} shop={shop} copy="Via da loja" full side={clientSide} />
      <Ticket o={o} shop={shop} copy="Via do cliente" full side={clientSide} />
      <Ticket o={o} shop={shop} copy="Etiqueta da bancada" full={false} />
      <Ticket o={o} shop={shop} copy="Canhoto" full={false} />
    </section>
  );
  return <>{Array.from({ length: copies }, (_, i) => sheet(i))}</>;
}
