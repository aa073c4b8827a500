import type { ClientWithOrders } from '../../contract/clients.ts';
import { formatCnpj, formatCpf } from '../../domain/documents.ts';
import { escapeChild } from '../escape-html.ts';
import { clientContactRows, orDash } from './ClientDetails.tsx';
import { detailRowsHtml } from './DetailList.tsx';
import { type GroupItem, tagged } from './OrderGroup.tsx';
import { statusLabelHtml } from './StatusLabel.tsx';

/**
 * Consulta's client results (SPEC §2): name, CPF and CNPJ, expanded to the contact and address fields,
 * the edit link and the client's three groups of orders (as OrderGroup shows them).
 *
 * A search answers with up to dozens of clients of some 50 elements each, and React rendering them was
 * a fifth of the web's work for the page (npm run bench): they are written here as one string, every
 * text through escapeChild, exactly the markup React writes for them (test/web/client-results.test.tsx
 * holds the React version they are checked against). Markup as a string stays in this file; see
 * docs/decisions/015-lists-written-as-strings.md for when a list may be written so.
 */
export function ClientResults({ clients }: { clients: ClientWithOrders[] }) {
  return (
    <ul
      className="client-results"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: every text of the results goes through escapeChild
      dangerouslySetInnerHTML={{ __html: clients.map(clientHtml).join('') }}
    />
  );
}

function clientHtml(client: ClientWithOrders): string {
  // SPEC §2: normal and returned service orders are listed together.
  const serviceOrders = [
    ...tagged(client.normal_service_orders, 'normal'),
    ...tagged(client.returned_service_orders, 'returned'),
  ];
  return (
    '<li class="client-result"><details><summary>' +
    `<span class="name">${escapeChild(client.name)}</span>` +
    `<span>CPF: ${escapeChild(orDash(formatCpf(client.cpf)))}</span>` +
    `<span>CNPJ: ${escapeChild(orDash(formatCnpj(client.cnpj)))}</span>` +
    `</summary><dl class="details">${detailRowsHtml(clientContactRows(client))}</dl>` +
    `<p class="client-links"><a href="/editar-cliente/${escapeChild(client.id)}">Editar cliente</a>` +
    `<a href="/abrir-os-normal?cliente=${escapeChild(client.id)}">Nova O.S.</a>` +
    `<a href="/abrir-pedido?cliente=${escapeChild(client.id)}">Novo Pedido</a></p>` +
    groupHtml('Ordens de serviço', 'Nenhuma O.S. cadastrada para este cliente.', serviceOrders, '/os/') +
    groupHtml(
      'Pedidos',
      'Nenhum pedido cadastrado para este cliente.',
      tagged(client.orders, 'parts'),
      '/pedido/',
    ) +
    groupHtml(
      'Atendimentos externos',
      'Nenhum atendimento externo cadastrado para este cliente.',
      tagged(client.external_service_orders, 'external'),
      '/os/',
    ) +
    '</details></li>'
  );
}

/** OrderGroup's markup: the title, then the rows or the group's empty text. */
function groupHtml(title: string, empty: string, items: GroupItem[], path: string): string {
  if (items.length === 0) {
    return `<div class="order-group"><h3>${title}</h3><p class="muted">${empty}</p></div>`;
  }
  let rows = '';
  for (const o of items) {
    rows +=
      `<li class="cols-4"><span>${escapeChild(o.number)}</span>` +
      `<span>${escapeChild(o.product_name ?? o.piece_name ?? '-')}</span>${statusLabelHtml(o.kind, o.status)}` +
      `<a href="${escapeChild(`${path}${o.id}`)}">Abrir</a></li>`;
  }
  return `<div class="order-group"><h3>${title}</h3><ul class="rows">${rows}</ul></div>`;
}
