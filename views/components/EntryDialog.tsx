import { MANUAL_ENTRY_TYPES } from '../../domain/transactions.ts';
import { Dialog, DialogCancel } from './Dialog.tsx';
import { type ConflictRow, ConflictTable } from './EditConflict.tsx';
import { Field, type FieldErrors, SelectField } from './Field.tsx';
import { Form } from './Form.tsx';
import { MoneyField } from './MoneyField.tsx';
import { PaymentMethodField } from './PaymentMethodField.tsx';
import { SubmitButton } from './SubmitButton.tsx';

export type EntryDialogState = {
  open: boolean;
  values?: {
    type?: string;
    description?: string;
    value?: string;
    payment_method?: string;
    confirm_username?: string;
  };
  errors?: FieldErrors;
  /** What the edit was loaded from (its version, its values' digest): sent back and checked on save. */
  loaded?: Record<string, string>;
  /**
   * Someone else saved the entry while this edit was open: theirs beside what was typed, field by
   * field. Saving again (the manager confirmed again) writes the typing over it; discarding reopens theirs.
   */
  conflict?: { rows: ConflictRow[]; discardHref: string };
};

/**
 * Criar Lançamento (type Entrada/Saida, description, value, payment method) and, with `confirm`, the
 * edit of an entry, which also asks for a manager's username and password (SPEC §5).
 */
export function EntryDialog(props: {
  id: string;
  title: string;
  action: string;
  state: EntryDialogState;
  confirm?: boolean;
  submitLabel: string;
  /** The id of the link that opened it (an entry's Editar). */
  opener?: string | undefined;
}) {
  const v = props.state.values ?? {};
  const p = `${props.id}-`;
  return (
    <Dialog id={props.id} title={props.title} open={props.state.open} opener={props.opener}>
      <Form action={props.action} label={props.title}>
        {Object.entries(props.state.loaded ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {props.state.conflict ? <EntryConflict rows={props.state.conflict.rows} /> : null}
        <SelectField
          name="type"
          label="Tipo"
          idPrefix={p}
          options={MANUAL_ENTRY_TYPES.map((t) => ({ value: t.code, label: t.label }))}
          value={v.type}
          errors={props.state.errors}
        />
        <Field
          name="description"
          label="Descrição"
          idPrefix={p}
          value={v.description}
          errors={props.state.errors}
        />
        <MoneyField name="value" label="Valor" idPrefix={p} value={v.value} errors={props.state.errors} />
        <PaymentMethodField
          name="payment_method"
          idPrefix={p}
          value={v.payment_method}
          errors={props.state.errors}
        />
        {props.confirm ? (
          <fieldset className="group">
            <legend>Confirme login do gerente</legend>
            <Field
              name="confirm_username"
              label="Usuário"
              idPrefix={p}
              value={v.confirm_username}
              errors={props.state.errors}
              autoComplete="off"
            />
            <Field
              name="confirm_password"
              label="Senha"
              type="password"
              idPrefix={p}
              errors={props.state.errors}
              autoComplete="off"
            />
          </fieldset>
        ) : null}
        <div className="actions">
          <SubmitButton label={props.state.conflict ? 'Salvar por cima' : props.submitLabel} />
          {props.state.conflict ? (
            <a className="button secondary" href={props.state.conflict.discardHref}>
              Descartar o meu
            </a>
          ) : (
            <DialogCancel />
          )}
        </div>
      </Form>
    </Dialog>
  );
}

/** The two versions of a cash entry, field by field (the rows that differ marked). */
function EntryConflict({ rows }: { rows: ConflictRow[] }) {
  return (
    <div className="edit-conflict">
      <p role="alert">
        Outra pessoa alterou este lançamento enquanto você editava. Nada foi salvo: compare abaixo. Para
        gravar o que você digitou por cima, confirme o gerente e clique em Salvar por cima.
      </p>
      <ConflictTable rows={rows} />
    </div>
  );
}
