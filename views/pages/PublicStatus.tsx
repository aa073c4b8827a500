/**
 * /acompanhar/{token}: the client's own page (decision 020). A whole document of its own, mobile first,
 * with no menu, no script and no form: the shop, the order, its status in words meant for the client,
 * the dates, the value due and the warranty's end. Nothing else of the order can reach it.
 */
import type { PublicStatus } from '../../contract/public-status.ts';
import { formatDisplayDate } from '../../domain/dates.ts';
import { digitsOf } from '../../domain/documents.ts';
import { formatBRL } from '../../domain/money.ts';

export type PublicStatusView = PublicStatus;

export type PublicShop = { name: string; phones: string; address: string };

function Head({ title }: { title: string }) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <title>{title}</title>
      {/* An icon of its own: without it the browser asks for /favicon.ico, a page behind the session. */}
      <link rel="icon" href="/static/img/logo.svg" type="image/svg+xml" />
      <link rel="stylesheet" href="/static/css/acompanhar.css" />
    </head>
  );
}

/**
 * The shop's phones as typed in SHOP_PHONES ('(11) 3333-4444 / (11) 98888-7777'), each a number a phone
 * can call with a tap: a Brazilian number with its area code (10 or 11 digits) gets a tel: link, anything
 * else stays as typed.
 */
function Phones({ phones }: { phones: string }) {
  const parts = phones.split(/\s*[/,;|]\s*|\s+e\s+|\s+ou\s+/).filter((p) => p.trim());
  return (
    <p>
      Telefone:{' '}
      {parts.map((part, i) => {
        const digits = digitsOf(part).replace(/^55(?=\d{10,11}$)/, '');
        const number = /^\d{10,11}$/.test(digits) ? <a href={`tel:+55${digits}`}>{part}</a> : part;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the shop's phones, in the order typed
          <span key={i}>
            {i > 0 ? ' / ' : null}
            {number}
          </span>
        );
      })}
    </p>
  );
}

function ShopFooter({ shop }: { shop: PublicShop }) {
  return (
    <footer className="shop">
      <strong>{shop.name}</strong>
      {shop.phones ? <Phones phones={shop.phones} /> : null}
      {shop.address ? <p>{shop.address}</p> : null}
    </footer>
  );
}

export function PublicStatusPage({
  view,
  shop,
  tz,
}: {
  view: PublicStatusView;
  shop: PublicShop;
  tz: string;
}) {
  const label = view.kind === 'parts' ? 'Pedido' : 'O.S.';
  const rows: [string, string][] = [
    [view.kind === 'parts' ? 'Peça' : 'Aparelho', view.item || '-'],
    // Ordem de serviço is feminine; a part is ready when it arrives.
    [view.kind === 'parts' ? 'Aberto em' : 'Aberta em', formatDisplayDate(view.opened_on, tz)],
  ];
  if (view.scheduled_on) {
    const period = view.scheduled_period ? ` (${view.scheduled_period})` : '';
    rows.push(['Agendado para', `${formatDisplayDate(view.scheduled_on, tz)}${period}`]);
  }
  if (view.ready_on) {
    rows.push([view.kind === 'parts' ? 'Chegou em' : 'Pronto em', formatDisplayDate(view.ready_on, tz)]);
  }
  // A visit or an installation is done at the client's, not handed over.
  if (view.delivered_on) {
    rows.push([
      view.kind === 'external' ? 'Realizado em' : 'Entregue em',
      formatDisplayDate(view.delivered_on, tz),
    ]);
  }
  if (view.quote !== null && view.quote !== undefined) {
    rows.push(['Valor do orçamento', formatBRL(Math.round(view.quote * 100))]);
  }
  if (view.amount_due !== null) rows.push(['Valor a pagar', formatBRL(Math.round(view.amount_due * 100))]);
  if (view.warranty_until) rows.push(['Garantia até', formatDisplayDate(view.warranty_until, tz)]);
  return (
    <html lang="pt-BR">
      <Head title={`${label} ${view.number} · ${shop.name}`} />
      <body>
        <main>
          <p className="shop-name">{shop.name}</p>
          <h1>
            {label} {view.number}
          </h1>
          <p className="status">{view.status_text}</p>
          <dl>
            {rows.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </main>
        <ShopFooter shop={shop} />
      </body>
    </html>
  );
}

/** The one page for an unknown, revoked or malformed link: it says nothing about which. */
export function PublicNotFoundPage({ shop }: { shop: PublicShop }) {
  return (
    <html lang="pt-BR">
      <Head title="Link não encontrado" />
      <body>
        <main>
          <h1>Link não encontrado</h1>
          <p>Confira o endereço ou fale com a loja.</p>
        </main>
        <ShopFooter shop={shop} />
      </body>
    </html>
  );
}

/** Too many tries from one address: the same plain look, status 429. */
export function PublicBusyPage({ shop }: { shop: PublicShop }) {
  return (
    <html lang="pt-BR">
      <Head title="Muitas tentativas" />
      <body>
        <main>
          <h1>Muitas tentativas</h1>
          <p>Aguarde um minuto e tente de novo.</p>
        </main>
        <ShopFooter shop={shop} />
      </body>
    </html>
  );
}
