import { AUTHORITY_OPTIONS, ORIGIN_OPTIONS } from '../../domain/users.ts';
import { Form } from '../components/Form.tsx';
import { Pager, type PagerProps } from '../components/Pager.tsx';

export type StaffRow = {
  id: number;
  username: string;
  authority_level: number;
  origin: number;
  active: boolean;
};

export const STAFF_PATH = '/configuracoes/usuarios';

const labelOf = (options: readonly { code: number; label: string }[], code: number) =>
  options.find((o) => o.code === code)?.label ?? String(code);

/**
 * Configurações › Usuários (managers): who can sign in, their type and origin, and Desativar / Reativar.
 * A deactivated user can't sign in; what they did stays in the orders and the cash.
 */
export function StaffList({
  staff,
  selfId,
  pager,
}: {
  staff: readonly StaffRow[];
  selfId: number | null;
  /** Links to the list's other pages; absent when it fits in one. */
  pager?: PagerProps | null;
}) {
  return (
    <section className="staff-page">
      <h1>Usuários</h1>
      <p>
        <a href="/configuracoes">Voltar para Configurações</a>
      </p>
      <table className="payments staff">
        <thead>
          <tr>
            <th>Usuário</th>
            <th>Tipo</th>
            <th>Origem</th>
            <th>Situação</th>
            <th>
              <span className="visually-hidden">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {staff.map((u) => (
            <tr key={u.id} className={u.active ? undefined : 'inactive'}>
              <td>{u.username}</td>
              <td>{labelOf(AUTHORITY_OPTIONS, u.authority_level)}</td>
              <td>{labelOf(ORIGIN_OPTIONS, u.origin)}</td>
              <td>{u.active ? 'Ativo' : 'Desativado'}</td>
              <td>
                {u.id === selfId ? (
                  <span className="muted">Você</span>
                ) : (
                  <Form
                    action={`${STAFF_PATH}/${u.id}/${u.active ? 'desativar' : 'reativar'}`}
                    className="inline"
                    label={`${u.active ? 'Desativar' : 'Reativar'} ${u.username}`}
                  >
                    <button type="submit" className={u.active ? 'danger' : undefined}>
                      {u.active ? 'Desativar' : 'Reativar'}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pager ? <Pager {...pager} /> : null}
    </section>
  );
}
