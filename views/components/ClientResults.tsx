import type { ClientWithOrders } from '../../contract/clients.ts';
import { formatCnpj, formatCpf } from '../../domain/documents.ts';
import { clientContactRows, orDash } from './ClientDetails.tsx';
import { DetailList } from './DetailList.tsx';
import { OrderGroup, tagged } from './OrderGroup.tsx';

/**
 * Consulta's client results (SPEC §2): name, CPF and CNPJ, expanded to the contact and address fields,
 * the edit link and the client's three groups of orders.
 */
export function ClientResults({ clients }: { clients: ClientWithOrders[] }) {
  return (
    <ul className="client-results">
      {clients.map((c) => (
        <ClientResult key={c.id} client={c} />
      ))}
    </ul>
  );
}

function ClientResult({ client }: { client: ClientWithOrders }) {
  // SPEC §2: normal and returned service orders are listed together.
  const serviceOrders = [
    ...tagged(client.normal_service_orders, 'normal'),
    ...tagged(client.returned_service_orders, 'returned'),
  ];
  return (
    <li className="client-result">
      <details>
        <summary>
          <span className="name">{client.name}</span>
          <span>{`CPF: ${orDash(formatCpf(client.cpf))}`}</span>
          <span>{`CNPJ: ${orDash(formatCnpj(client.cnpj))}`}</span>
        </summary>
        <DetailList rows={clientContactRows(client)} />
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
