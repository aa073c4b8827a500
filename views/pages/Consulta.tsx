import type { ClientWithOrders } from '../../server/backend/clients.ts';
import { ClientResults } from '../components/ClientResults.tsx';
import { Field, type FieldErrors, SelectField } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
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
        <ClientResults clients={results.clients} />
      ) : null}
      {results && results.kind !== 'cliente' && results.orders.length > 0 ? (
        <OrderResults orders={results.orders} />
      ) : null}
    </section>
  );
}
