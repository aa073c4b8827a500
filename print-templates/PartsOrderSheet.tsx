import { type PartsOrder, paymentMethodOf } from '../contract/parts-orders.ts';
import type { Shop } from '../contract/web.ts';
import { phonesShown } from '../domain/client-view.ts';
import { formatCep } from '../domain/documents.ts';
import { statusLabel } from '../domain/statuses.ts';
import { DetailList, type DetailRow } from '../views/components/DetailList.tsx';
import { brl, day } from '../views/format.ts';
import { NOT_FISCAL } from './Document.tsx';
import { brlCents, paidCents } from './order-facts.ts';
import { ShopHeader } from './ShopHeader.tsx';
import { StatusQr } from './StatusQr.tsx';

/**
 * The parts order sheet: the order, the client, the piece, the value and the payments, and the status
 * link for the client to follow the order (absent against a backend without status links).
 */
export function PartsOrderSheet({
  order,
  shop,
  status = null,
}: {
  order: PartsOrder;
  shop: Shop;
  status?: { url: string; qr: string } | null;
}) {
  const c = order.client;
  const rows: DetailRow[] = [
    ['Pedido', order.number],
    ['Data do pedido', day(order.created_at, shop.tz)],
    ['Situação', statusLabel('parts', order.status)],
    ['Cliente', c.name],
    ['Telefones', phonesShown(c) || '-'],
    ['Peça', order.piece_name],
    ['Código da peça', order.piece_code ?? '-'],
    ['Modelo do produto', order.product_model ?? '-'],
    ['Valor', brl(order.piece_value)],
    ['Forma de pagamento', paymentMethodOf(order) ?? '-'],
    [
      'Pedido ao fabricante',
      [day(order.manufacturer_date, shop.tz), order.manufacturer_code]
        .filter((v) => v && v !== '-')
        .join(' · ') || '-',
    ],
    ['Pagamento(s)', brlCents(paidCents(order.transactions))],
  ];
  return (
    <section className="sheet parts-order">
      <ShopHeader shop={shop} title={`Pedido ${order.number}`} />
      <DetailList className="sheet-rows wide" rows={rows} />
      {status ? <StatusQr side={status} /> : null}
      <p className="not-fiscal">{NOT_FISCAL}</p>
    </section>
  );
}

/** The address label: recipient (the client) and sender (the shop: name, phones, street, district, city, state). */
export function AddressLabel({ order, shop }: { order: PartsOrder; shop: Shop }) {
  const c = order.client;
  const street = [c.address, c.number].filter(Boolean).join(', ');
  return (
    <section className="sheet label">
      <div className="label-block recipient">
        <h2>Destinatário</h2>
        <p className="label-name">{c.name}</p>
        {street ? <p>{street}</p> : null}
        {c.complement ? <p>{c.complement}</p> : null}
        {c.neighborhood ? <p>{c.neighborhood}</p> : null}
        <p>{[c.city, c.state].filter(Boolean).join(' - ')}</p>
        {c.zip_code ? <p>CEP {formatCep(c.zip_code)}</p> : null}
      </div>
      <div className="label-block sender">
        <img className="label-logo" src={shop.logo} alt="" width="32" height="32" />
        <h2>Remetente</h2>
        <p className="label-name">{shop.name}</p>
        {shop.phones ? <p>{shop.phones}</p> : null}
        {shop.street ? <p>{shop.street}</p> : null}
        {shop.district ? <p>{shop.district}</p> : null}
        <p>{[shop.city, shop.state].filter(Boolean).join(' - ')}</p>
      </div>
      <p className="label-order">Pedido {order.number}</p>
      <p className="not-fiscal">{NOT_FISCAL}</p>
    </section>
  );
}
