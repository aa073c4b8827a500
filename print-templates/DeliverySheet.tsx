import type { AnyServiceOrder } from '../contract/service-orders.ts';
import type { Shop } from '../contract/web.ts';
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
import { ShopHeader } from './ShopHeader.tsx';
import { type PrintClientSide, StatusQr } from './StatusQr.tsx';

type Repair = {
  /** 'Serviço realizado', or 'Serviço agendado' for a visit still ahead; and the date's label. */
  labels: { what: string; when: string };
  /** An external service's type (Visita, Instalação…). */
  type: string | null;
  what: string;
  parts: number | null;
  labor: number | null;
  final: number | null;
  method: string | null;
  when: string | null;
  /** A visit's period of the day (Manhã, Tarde), beside its date. */
  period: string | null;
  who: string | null;
};

function repairOf(o: AnyServiceOrder, tz: string): Repair {
  if (o.kind === 'external') {
    const e = o.order;
    return {
      labels: externalServiceLabels(e, tz),
      type: e.service_type?.trim() || null,
      what: e.service_details ?? '-',
      parts: null,
      labor: null,
      final: e.service_value,
      method: e.service_payment_method,
      when: e.service_date,
      period: e.service_period,
      who: null,
    };
  }
  const r = o.order;
  return {
    labels: { what: 'Serviço realizado', when: 'Data' },
    type: null,
    what: partsLines(r.fix_description) || '-',
    parts: r.fix_value_pieces,
    labor: r.fix_value_labor,
    final: r.fix_value_final,
    method: r.fix_payment_method,
    when: r.fix_date,
    period: null,
    who: r.fix_technician_name,
  };
}

/** The delivery sheet: what was done, the values, the payment, the 90-day warranty and a signature line. */
export function DeliverySheet({
  o,
  shop,
  clientSide,
}: {
  o: AnyServiceOrder;
  shop: Shop;
  /** The status link and the warranty's end (decision 020); absent against a backend without them. */
  clientSide?: PrintClientSide | null;
}) {
  const order = o.order;
  const repair = repairOf(o, shop.tz);
  const product = o.kind === 'returned' ? o.order.original_service_order : o.order;
  const paid = paidCents(order.transactions);
  const motive = cancelMotive(order.transactions);
  return (
    <section className="sheet delivery">
      <ShopHeader shop={shop} title={`Comprovante de entrega · ${order.number}`} />
      <dl className="sheet-rows wide">
        <div>
          <dt>Cliente</dt>
          <dd>{clientWithDocument(order.client)}</dd>
        </div>
        <div>
          <dt>Produto</dt>
          <dd>
            {[product.product_name, product.product_brand, product.product_model]
              .filter(Boolean)
              .join(' · ') || '-'}
          </dd>
        </div>
        {repair.type ? (
          <div>
            <dt>Tipo de serviço</dt>
            <dd>{repair.type}</dd>
          </div>
        ) : null}
        <div>
          <dt>{repair.labels.what}</dt>
          <dd>{repair.what}</dd>
        </div>
        {motive ? (
          <div>
            <dt>Motivo do cancelamento</dt>
            <dd>{motive}</dd>
          </div>
        ) : null}
        {repair.who ? (
          <div>
            <dt>Técnico</dt>
            <dd>{repair.who}</dd>
          </div>
        ) : null}
        <div>
          <dt>{repair.labels.when}</dt>
          <dd>{[day(repair.when, shop.tz), repair.period].filter(Boolean).join(' · ')}</dd>
        </div>
        {repair.parts !== null ? (
          <div>
            <dt>Valor das peças</dt>
            <dd>{brl(repair.parts)}</dd>
          </div>
        ) : null}
        {repair.labor !== null ? (
          <div>
            <dt>Valor da mão de obra</dt>
            <dd>{brl(repair.labor)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Valor final</dt>
          <dd>{brl(repair.final)}</dd>
        </div>
        <div>
          <dt>Forma de pagamento</dt>
          <dd>{repair.method ?? '-'}</dd>
        </div>
        <div>
          <dt>Pagamento(s)</dt>
          <dd>{brlCents(paid)}</dd>
        </div>
      </dl>
      {clientSide ? (
        <StatusQr side={clientSide}>
          <p className="warranty">{warrantyLine(o, clientSide)}</p>
        </StatusQr>
      ) : (
        <p className="warranty">{warrantyLine(o, null)}</p>
      )}
      <div className="signature">
        <span>Assinatura do cliente</span>
      </div>
      <p className="not-fiscal">{NOT_FISCAL}</p>
    </section>
  );
}
