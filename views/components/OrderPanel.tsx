/**
 * The client's side of an order page (decision 020): the status link and its QR code (renewable by any
 * staff member), the WhatsApp button, the warranty and the history. Works with JavaScript off: the
 * renewal is a form, the WhatsApp button a link that opens wa.me in a new tab.
 */
import { formatDisplayDate } from '../../domain/dates.ts';
import type { OrderKind } from '../../domain/statuses.ts';
import { Form } from './Form.tsx';
import { type HistoryItem, OrderHistory } from './OrderHistory.tsx';

export type WarrantyClock = {
  warranty_days: number;
  delivered_on: string | null;
  warranty_until: string | null;
  days_left: number | null;
  /** Budget refused, no defect, not worth it or no parts: nothing was repaired, so no warranty. */
  unrepaired?: boolean | undefined;
  warranty_override_by: string | null;
};

export const NO_WARRANTY_UNREPAIRED = 'Sem garantia: a O.S. não teve conserto';
/** Delivered while the shop gave 0 warranty days (Configurações → Atendimento ao cliente). */
export const NO_WARRANTY_DAYS = 'Sem garantia: entregue com 0 dias de garantia';

export type OrderPanelView = {
  /** The order page's own path (/os/{id} or /pedido/{id}). */
  path: string;
  /** Who can open the link (server/client-side/links.ts). */
  link: { url: string; qr: string; reach: 'public' | 'shop' | 'computer' | 'unknown'; ignoredHost?: string };
  /** Null when the client has no mobile number. */
  whatsapp: { href: string; template: string; offer: boolean } | null;
  warranty: WarrantyClock;
  history: HistoryItem[];
};

/**
 * 'Em garantia até dd/MM/yyyy (faltam N dias)', 'Garantia vencida em dd/MM/yyyy' or, going back
 * unrepaired or delivered with 0 days, that there is none; null before delivery.
 */
export function warrantyText(
  clock: Pick<
    WarrantyClock,
    'warranty_until' | 'days_left' | 'unrepaired' | 'delivered_on' | 'warranty_days'
  >,
  tz: string,
): string | null {
  if (clock.unrepaired) return NO_WARRANTY_UNREPAIRED;
  if (clock.delivered_on && clock.warranty_days <= 0) return NO_WARRANTY_DAYS;
  if (!clock.warranty_until || clock.days_left === null) return null;
  const until = formatDisplayDate(clock.warranty_until, tz);
  if (clock.days_left < 0) return `Garantia vencida em ${until}`;
  return `Em garantia até ${until} (faltam ${clock.days_left} ${clock.days_left === 1 ? 'dia' : 'dias'})`;
}

export function StatusLinkPanel({ panel }: { panel: OrderPanelView }) {
  return (
    <section className="status-link" aria-labelledby="acompanhamento">
      <h2 id="acompanhamento">Acompanhamento do cliente</h2>
      <div className="status-link-body">
        <img src={panel.link.qr} alt="QR code do link de acompanhamento" width={132} height={132} />
        <div>
          <p>
            Link: <a href={panel.link.url}>{panel.link.url}</a>
          </p>
          {panel.link.reach === 'shop' ? (
            <p className="muted">
              Este link funciona apenas dentro da rede da loja (PUBLIC_URL não configurado).
            </p>
          ) : null}
          {panel.link.reach === 'unknown' ? (
            <p className="field-error">
              {`A Bancada foi aberta pelo endereço ${panel.link.ignoredHost}, que não está configurado: este link usa o endereço deste computador na rede da loja e só abre dentro dela. Para que os clientes abram o link de fora, configure PUBLIC_URL (ou inclua o endereço em PUBLIC_HOSTS).`}
            </p>
          ) : null}
          {panel.link.reach === 'computer' ? (
            <p className="field-error">
              Este link só abre neste computador (a Bancada foi aberta pelo endereço do próprio computador): o
              celular do cliente não chega nele. Abra a Bancada pelo endereço deste computador na rede da loja
              ou configure PUBLIC_URL.
            </p>
          ) : null}
          <Form action={`${panel.path}/link/renovar`} className="inline" label="Revogar link">
            <button type="submit" className="secondary">
              Revogar e gerar novo link
            </button>
          </Form>
        </div>
      </div>
    </section>
  );
}

function WhatsAppButton({ panel }: { panel: OrderPanelView }) {
  if (!panel.whatsapp) {
    return <p className="muted">Enviar pelo WhatsApp: o cliente não tem celular cadastrado.</p>;
  }
  return (
    <div className={panel.whatsapp.offer ? 'whatsapp offer' : 'whatsapp'}>
      {panel.whatsapp.offer ? <p>Cliente Notificado: envie a mensagem ao cliente.</p> : null}
      <a className="button" href={panel.whatsapp.href} target="_blank" rel="noopener noreferrer">
        Enviar pelo WhatsApp
      </a>
    </div>
  );
}

export function OrderPanel({ panel, kind, tz }: { panel: OrderPanelView; kind: OrderKind; tz: string }) {
  const warranty = warrantyText(panel.warranty, tz);
  return (
    <div className="order-panel">
      <StatusLinkPanel panel={panel} />
      <WhatsAppButton panel={panel} />
      {warranty ? <p className="warranty">{warranty}</p> : null}
      {panel.warranty.warranty_override_by ? (
        <p className="warranty-override">{`Aberta fora da garantia, autorizada por ${panel.warranty.warranty_override_by}`}</p>
      ) : null}
      <OrderHistory entries={panel.history} kind={kind} tz={tz} />
    </div>
  );
}
