/**
 * Consulta writes its client results as one string (ClientResults) rather than through React: they must
 * be exactly the markup React writes for the same clients (the component below, as the page had it),
 * hostile text, odd ids, unknown statuses and missing fields and groups included.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ClientWithOrders } from '../../contract/clients.ts';
import { formatCep, formatCnpj, formatCpf } from '../../domain/documents.ts';
import { orDash } from '../../views/components/ClientDetails.tsx';
import { ClientResults } from '../../views/components/ClientResults.tsx';
import { OrderGroup, tagged } from '../../views/components/OrderGroup.tsx';
import { expectHostileTextEscaped, HOSTILE_TEXT, HOSTILE_TEXT_ESCAPED } from '../support/html.ts';

const CLIENTS: ClientWithOrders[] = [
  {
    id: 1,
    name: 'Maria Oliveira',
    cpf: '11144477735',
    cnpj: '11222333000181',
    email: 'maria@example.com',
    phone1: '(11) 98888-7777',
    phone2: null,
    phone3: '   ',
    zip_code: '1310100',
    address: 'Avenida Paulista',
    number: '1000',
    complement: null,
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    normal_service_orders: [
      { id: 10, number: 'M00010', status: 100, product_name: 'Notebook' },
      { id: 11, number: 'M00011', status: 999, product_name: null },
    ],
    returned_service_orders: [{ id: 12, number: 'R00001', status: 100, product_name: HOSTILE_TEXT }],
    external_service_orders: [{ id: 13, number: 'E00001', status: 100, product_name: 'Televisor' }],
    orders: [{ id: 14, number: 'P00001', status: 100, piece_name: 'Tela' }],
  },
  {
    id: `7"&<x>`,
    name: HOSTILE_TEXT,
    cpf: HOSTILE_TEXT,
    cnpj: null,
    email: HOSTILE_TEXT,
    phone1: null,
    phone2: null,
    phone3: null,
    zip_code: HOSTILE_TEXT,
    address: null,
    number: HOSTILE_TEXT,
    complement: HOSTILE_TEXT,
    neighborhood: null,
    city: null,
    state: null,
    normal_service_orders: [],
    orders: [{ id: `9"<>`, number: HOSTILE_TEXT, status: 200, piece_name: null, product_name: null }],
  },
  {
    id: 3,
    name: 'Sem Nada',
    cpf: null,
    cnpj: null,
    email: null,
    phone1: null,
    phone2: null,
    phone3: null,
    zip_code: null,
    address: null,
    number: null,
    complement: null,
    neighborhood: null,
    city: null,
    state: null,
  },
];

/** The client result as React wrote it before (SPEC §2 Consulta). */
function ReactClientResult({ client }: { client: ClientWithOrders }) {
  const serviceOrders = [
    ...tagged(client.normal_service_orders, 'normal'),
    ...tagged(client.returned_service_orders, 'returned'),
  ];
  return (
    <li className="client-result">
      <details>
        <summary>
          <span className="name">{client.name}</span>
          <span>CPF: {orDash(formatCpf(client.cpf))}</span>
          <span>CNPJ: {orDash(formatCnpj(client.cnpj))}</span>
        </summary>
        <dl className="details">
          {(
            [
              ['E-mail', client.email],
              ['Telefone 1', client.phone1],
              ['Telefone 2', client.phone2],
              ['Telefone 3', client.phone3],
              ['CEP', formatCep(client.zip_code)],
              ['Rua', client.address],
              ['Número', client.number],
              ['Bairro', client.neighborhood],
              ['Complemento', client.complement],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{orDash(value)}</dd>
            </div>
          ))}
        </dl>
        <p className="client-links">
          <a href={`/editar-cliente/${client.id}`}>Editar cliente</a>
          <a href={`/abrir-os-normal?cliente=${client.id}`}>Nova O.S.</a>
          <a href={`/abrir-pedido?cliente=${client.id}`}>Novo Pedido</a>
        </p>
        <OrderGroup
          title="Ordens de serviço"
          empty="Nenhuma O.S. cadastrada para este cliente."
          items={serviceOrders}
          path="/os/"
        />
        <OrderGroup
          title="Pedidos"
          empty="Nenhum pedido cadastrado para este cliente."
          items={tagged(client.orders, 'parts')}
          path="/pedido/"
        />
        <OrderGroup
          title="Atendimentos externos"
          empty="Nenhum atendimento externo cadastrado para este cliente."
          items={tagged(client.external_service_orders, 'external')}
          path="/os/"
        />
      </details>
    </li>
  );
}

function ReactClientResults({ clients }: { clients: ClientWithOrders[] }) {
  return (
    <ul className="client-results">
      {clients.map((c) => (
        <ReactClientResult key={c.id} client={c} />
      ))}
    </ul>
  );
}

describe('ClientResults', () => {
  it('writes the same markup as React does for the same clients', () => {
    const written = renderToStaticMarkup(<ClientResults clients={CLIENTS} />);
    const reference = renderToStaticMarkup(<ReactClientResults clients={CLIENTS} />);
    expect(written).toBe(reference);
    expect(written.match(/<li class="client-result">/g)).toHaveLength(CLIENTS.length);
    expect(written).toContain('<span>CPF: 111.444.777-35</span>');
    expect(written).toContain('<a href="/pedido/14">Abrir</a>');
  });

  it('never lets the text of a client or an order out as markup', () => {
    const written = renderToStaticMarkup(<ClientResults clients={CLIENTS} />);
    expectHostileTextEscaped(written);
    expect(written).toContain(`<span class="name">${HOSTILE_TEXT_ESCAPED}</span>`);
    expect(written).toContain('href="/editar-cliente/7&quot;&amp;&lt;x&gt;"');
    expect(written).toContain('href="/pedido/9&quot;&lt;&gt;"');
  });

  it('writes nothing inside the list when there are no clients', () => {
    expect(renderToStaticMarkup(<ClientResults clients={[]} />)).toBe('<ul class="client-results"></ul>');
  });
});
