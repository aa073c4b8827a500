import { PAPER_OPTIONS } from '../../domain/printing.ts';
import { Field, type FieldErrors, RadioGroup } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

export type PrinterRow = {
  id: number;
  name: string;
  paper: string;
  note: string | null;
  hasKey: boolean;
  lastSeen: string;
};

export type PrintersProps = {
  printers: PrinterRow[];
  /** A key just made: shown this once, never again. */
  newKey: { printerName: string; key: string } | null;
  register: { values: { name?: string; paper?: string; note?: string }; errors?: FieldErrors };
};

/** Configurações › Impressoras (managers): the shop's print servers, their keys and when they last asked. */
export function Printers({ printers, newKey, register }: PrintersProps) {
  return (
    <section className="printers-page">
      <h1>Impressoras</h1>
      <p>
        <a href="/configuracoes">Voltar para Configurações</a>
      </p>

      {newKey ? (
        <div className="device-key" role="status">
          <h2>Chave de {newKey.printerName}</h2>
          <p>Copie esta chave para o servidor de impressão agora: ela não será mostrada de novo.</p>
          <pre>
            <code>{newKey.key}</code>
          </pre>
        </div>
      ) : null}

      {printers.length === 0 ? (
        <p>Nenhuma impressora cadastrada.</p>
      ) : (
        <table className="printers">
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Papel</th>
              <th scope="col">Observação</th>
              <th scope="col">Último contato</th>
              <th scope="col">Chave</th>
            </tr>
          </thead>
          <tbody>
            {printers.map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td>
                <td>{p.paper}</td>
                <td>{p.note ?? ''}</td>
                <td>{p.lastSeen}</td>
                <td>
                  {p.hasKey ? 'Ativa' : 'Revogada'}
                  <Form
                    action={`/configuracoes/impressoras/${p.id}/chave`}
                    className="inline"
                    label={`Nova chave para ${p.name}`}
                  >
                    <button type="submit" className="secondary">
                      Nova chave
                    </button>
                  </Form>
                  {p.hasKey ? (
                    <Form
                      action={`/configuracoes/impressoras/${p.id}/revogar`}
                      className="inline"
                      label={`Revogar a chave de ${p.name}`}
                    >
                      <button type="submit" className="secondary">
                        Revogar chave
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Cadastrar impressora</h2>
      <Form action="/configuracoes/impressoras" className="register-printer" label="Cadastrar impressora">
        <Field
          name="name"
          label="Nome"
          value={register.values.name}
          errors={register.errors}
          hint="Como aparece na folha: Balcão, Bancada técnica."
        />
        <RadioGroup
          name="paper"
          label="Papel"
          options={PAPER_OPTIONS}
          value={register.values.paper ?? 'a4'}
          errors={register.errors}
        />
        <Field name="note" label="Observação" value={register.values.note} errors={register.errors} />
        <SubmitButton label="Cadastrar" />
      </Form>
    </section>
  );
}
