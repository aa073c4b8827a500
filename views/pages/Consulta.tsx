import type { ClientWithOrders } from '../../contract/clients.ts';
import type { AgeingLimits } from '../../domain/client-view.ts';
import { type AgedOrder, AgedOrders } from '../components/AgedOrders.tsx';
import { ClientResults } from '../components/ClientResults.tsx';
import { Field, type FieldErrors, SelectField } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { type OrderRow, OrderRows } from '../components/OrderRows.tsx';
import { Pager, type PagerProps } from '../components/Pager.tsx';

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

export type ConsultaProps = {
  values: { q?: string; tipo?: string };
  errors?: FieldErrors;
  results?: { kind: 'cliente'; clients: ClientWithOrders[] } | { kind: 'os' | 'pedido'; orders: OrderRow[] };
  /** The orders with their dates (decision 020), when the backend sends them: a table with their age. */
  aged?: { orders: AgedOrder[]; tz: string; limits: AgeingLimits } | undefined;
  /** Links to the results' other pages; absent when they fit in one. */
  pager?: PagerProps | null;
  /** False once the backend said it cannot search orders by serial or product (SPEC §7: by number only). */
  orderTextSearch?: boolean;
};

/** Consulta (SPEC §2): search text, Cliente / O.S. / Pedido, Buscar, and the results. */
export function Consulta({ values, errors, results, aged, pager, orderTextSearch = true }: ConsultaProps) {
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
      <p className="hint search-hint">
        {orderTextSearch
          ? 'Cliente: nome, CPF ou CNPJ. O.S.: número, número de série ou nome do produto. Pedido: número.'
          : 'Cliente: nome, CPF ou CNPJ. O.S.: número. Pedido: número.'}
      </p>
      {kind && empty ? <p className="empty">{EMPTY_RESULTS[kind]}</p> : null}
      {results?.kind === 'cliente' && results.clients.length > 0 ? (
        <ClientResults clients={results.clients} />
      ) : null}
      {results && results.kind !== 'cliente' && results.orders.length > 0 && !aged ? (
        <OrderRows rows={results.orders} />
      ) : null}
      {results && results.kind !== 'cliente' && results.orders.length > 0 && aged ? (
        <AgedOrders
          orders={aged.orders}
          kind={results.kind === 'pedido' ? 'parts' : 'normal'}
          tz={aged.tz}
          limit={undefined}
          limits={aged.limits}
        />
      ) : null}
      {pager ? <Pager {...pager} /> : null}
    </section>
  );
}
