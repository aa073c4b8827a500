import { formatCep, formatCnpj, formatCpf } from '../../domain/documents.ts';
import type { ClientWithOrders } from '../../server/backend/clients.ts';
import { orDash } from '../components/ClientDetails.tsx';
import { Field, type FieldErrors, SelectField } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { OrderGroup, tagged } from '../components/OrderGroup.tsx';
import { StatusLabel } from '../components/StatusLabel.tsx';

export type SearchKind = 'cliente' | 'os' | 'pedido';

export const SEARCH_OPTIONS: readonly { value: SearchKind; label: string }[] = [
  { value: 'cliente', label: 'Cliente' },
  { value: 'os', label: 'O.S.' },
  { value: 'pedido', label: 'Pedido' },
];

export const EMPTY_RESULTS: Record<SearchKind, string> = {
  cliente: 'Nenhum cliente encontrado com este nome, CPF ou CNPJ.',
  os: 'Nenhuma O.S. encontrada com este número.',
  pedido: 'Nenhum pedido encontrado com este número.',
};

/** An order row of a search: number, client, product or piece, status, Abrir. */
export type OrderHit = {
  id: number | string;
  number: string;
  clientName: string;
  itemName: string;
  kind: 'normal' | 'returned' | 'external' | 'parts';
  status: number;
  href: string;
};

export type ConsultaProps = {
  values: { q?: string; tipo?: string };
  errors?: FieldErrors;
  results?: { kind: 'cliente'; clients: ClientWithOrders[] } | { kind: 'os' | 'pedido'; orders: OrderHit[] };
};

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
        <p>
          <a href={`/editar-cliente/${client.id}`}>Editar cliente</a>
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

function OrderResults({ orders }: { orders: OrderHit[] }) {
  return (
    <ul className="rows results">
      {orders.map((o) => (
        <li key={o.href} className="cols-5">
          <span>{o.number}</span>
          <span>{o.clientName}</span>
          <span>{o.itemName}</span>
          <StatusLabel kind={o.kind} code={o.status} />
          <a href={o.href}>Abrir</a>
        </li>
      ))}
    </ul>
  );
}

/** Consulta (SPEC §2): search text, Cliente / O.S. / Pedido, Buscar, and the results. */
export function Consulta({ values, errors, results }: ConsultaProps) {
  const kind = results?.kind;
  const empty =
    results && (results.kind === 'cliente' ? results.clients.length === 0 : results.orders.length === 0);
  return (
    <section className="consulta">
      <h1>Consulta</h1>
      <Form action="/consulta" method="get" className="search" label="Buscar">
        <Field name="q" label="Buscar" type="search" value={values.q} errors={errors} autoFocus={!results} />
        <SelectField
          name="tipo"
          label="Tipo"
          options={SEARCH_OPTIONS}
          value={values.tipo ?? 'cliente'}
          errors={errors}
          placeholder="Selecione"
        />
        <button type="submit" className="primary">
          Buscar
        </button>
      </Form>
      {kind && empty ? <p className="empty">{EMPTY_RESULTS[kind]}</p> : null}
      {results?.kind === 'cliente' && results.clients.length > 0 ? (
        <ul className="client-results">
          {results.clients.map((c) => (
            <ClientResult key={c.id} client={c} />
          ))}
        </ul>
      ) : null}
      {results && results.kind !== 'cliente' && results.orders.length > 0 ? (
        <OrderResults orders={results.orders} />
      ) : null}
    </section>
  );
}
