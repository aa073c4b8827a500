import { Form } from './Form.tsx';
import { SubmitButton } from './SubmitButton.tsx';

export type ConflictRow = { name: string; label: string; theirs: string; yours: string };

export type EditConflictProps = {
  /** What was edited ('esta O.S.', 'este pedido', 'este cliente'…), for the heading. */
  what: string;
  rows: ConflictRow[];
  /** The edit form's address: 'Salvar por cima' posts the typed values there again. */
  action?: string | undefined;
  /** Everything the form sends again: the typed values and the version they now replace. */
  resend?: Record<string, string> | undefined;
  /** Where 'Descartar o meu' leads (the record as saved). */
  discardHref: string;
  /** Set when the record can no longer be edited (finished, sent to the cash): no 'Salvar por cima'. */
  closedReason?: string | undefined;
};

/** The two versions, field by field: what the other person saved and what you typed (differences marked). */
export function ConflictTable({ rows }: { rows: readonly ConflictRow[] }) {
  return (
    <table className="conflict-table">
      <thead>
        <tr>
          <th scope="col">Campo</th>
          <th scope="col">Salvo por outra pessoa</th>
          <th scope="col">O que você digitou</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className={row.theirs === row.yours ? undefined : 'differs'}>
            <th scope="row">{row.label}</th>
            <td className="pre-line">{row.theirs || '-'}</td>
            <td className="pre-line">{row.yours || '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A save over a newer version: what the other person saved beside what you typed, field by field
 * (the rows that differ marked), and the two ways on. A plain form and a link: works without JS.
 */
export function EditConflict({ what, rows, action, resend, discardHref, closedReason }: EditConflictProps) {
  return (
    <section className="edit-conflict">
      <h1>{closedReason ? `Não foi possível salvar ${what}` : `Outra pessoa alterou ${what}`}</h1>
      <p role="alert">
        {closedReason ??
          `Enquanto você editava, outra pessoa salvou ${what}${what.endsWith('.') ? '' : '.'} Nada do que você digitou foi perdido: compare abaixo e escolha. Os campos que você não mudou ficam como a outra pessoa salvou.`}
      </p>
      <ConflictTable rows={rows} />
      <div className="actions">
        {!closedReason && action && resend ? (
          <Form action={action} label="Salvar por cima">
            {Object.entries(resend).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <SubmitButton label="Salvar por cima" />
          </Form>
        ) : null}
        <a className="button secondary" href={discardHref}>
          {closedReason ? 'Abrir como está salvo' : 'Descartar o meu'}
        </a>
      </div>
    </section>
  );
}
