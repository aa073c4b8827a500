import { MANUAL_ENTRY_TYPES } from '../../domain/transactions.ts';
import { Dialog, DialogCancel } from './Dialog.tsx';
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
}) {
  const v = props.state.values ?? {};
  const p = `${props.id}-`;
  return (
    <Dialog id={props.id} title={props.title} open={props.state.open}>
      <Form action={props.action} label={props.title}>
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
          <SubmitButton label={props.submitLabel} />
          <DialogCancel />
        </div>
      </Form>
    </Dialog>
  );
}
