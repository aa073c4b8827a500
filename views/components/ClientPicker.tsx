import type { Client } from '../../contract/clients.ts';
import { phoneShown } from '../../domain/client-view.ts';
import { formatCnpj, formatCpf } from '../../domain/documents.ts';
import { ClientDetails, orDash } from './ClientDetails.tsx';
import { Field, type FieldErrors } from './Field.tsx';
import { Form } from './Form.tsx';
import { Pager, type PagerProps } from './Pager.tsx';

export type ClientPickerState = {
  /** Where the search and "Selecionar" links point: the open screen itself. */
  action: string;
  busca: string;
  /** A search was made: only then may "Nenhum cliente encontrado" show (SPEC §2). */
  searched: boolean;
  /** The page of results shown. */
  results: Client[];
  /** Anterior/Próxima and the total, when the results take more than one page. */
  pager: PagerProps | null;
  errors?: FieldErrors;
  selected: Client | null;
};

/** CPF and CNPJ in one column: a client usually has one of them; both, one a line, when both are kept. */
function documentsOf(c: Client) {
  const documents = [formatCpf(c.cpf), formatCnpj(c.cnpj)].filter((d) => d.trim());
  if (documents.length === 0) return '-';
  return documents.map((d) => (
    <span key={d} className="document">
      {d}
    </span>
  ));
}

/** The phone to call about the order: the first one kept. */
const firstPhone = (c: Client) => phoneShown([c.phone1, c.phone2, c.phone3].find((p) => p?.trim()));

/**
 * The client search of the open screens (SPEC §2): search by name, CPF or CNPJ, Selecionar, and the
 * selected client's full details (a dash for empty fields). Plain GET links: no JavaScript needed.
 */
export function ClientPicker({ state }: { state: ClientPickerState }) {
  return (
    <section className="client-picker">
      <Form action={state.action} method="get" className="search" label="Buscar cliente">
        <Field
          name="busca"
          label="Buscar cliente (nome, CPF ou CNPJ)"
          type="search"
          value={state.busca}
          errors={state.errors}
          autoFocus={!state.selected}
        />
        <button type="submit" className="primary">
          Buscar
        </button>
      </Form>
      {state.searched && state.results.length === 0 ? (
        <p className="empty">Nenhum cliente encontrado</p>
      ) : null}
      {state.results.length > 0 ? (
        <div className="picker-scroll">
          <table className="picker-results">
            <caption className="visually-hidden">Clientes encontrados</caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">CPF / CNPJ</th>
                <th scope="col">Telefone</th>
                <th scope="col">
                  <span className="visually-hidden">Ação</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.results.map((c) => (
                <tr key={c.id}>
                  <td className="name">{c.name}</td>
                  <td className="fit">{documentsOf(c)}</td>
                  <td className="fit">{orDash(firstPhone(c))}</td>
                  <td className="fit">
                    <a href={`${state.action}?cliente=${encodeURIComponent(String(c.id))}`}>Selecionar</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {state.pager ? <Pager {...state.pager} /> : null}
      {state.selected ? (
        <div className="selected-client">
          <h2>Cliente</h2>
          <ClientDetails client={state.selected} />
        </div>
      ) : null}
    </section>
  );
}
