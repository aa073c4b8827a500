import type { ReactNode } from 'react';
import { Dialog, DialogCancel } from './Dialog.tsx';
import { Field, type FieldErrors } from './Field.tsx';
import { Form } from './Form.tsx';
import { SubmitButton } from './SubmitButton.tsx';

export type ManagerDialogState = {
  open: boolean;
  values?: { confirm_username?: string };
  errors?: FieldErrors;
};

/**
 * A dialog that asks for a manager's login before a destructive action (SPEC §5 Delete dialogs):
 * Usuário and Senha, plus any fields of the action itself (children, e.g. a cancel motive).
 */
export function ManagerDialog(props: {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  action: string;
  state: ManagerDialogState;
  submitLabel: string;
  /** The id of the link that opened it, when no trigger of its own does (an entry's Excluir). */
  opener?: string | undefined;
  children?: ReactNode;
}) {
  const { state } = props;
  return (
    <Dialog
      id={props.id}
      title={props.title}
      subtitle={props.subtitle ?? 'Confirme login do gerente'}
      open={state.open}
      opener={props.opener}
    >
      <Form action={props.action} label={typeof props.title === 'string' ? props.title : undefined}>
        {props.children}
        <Field
          name="confirm_username"
          label="Usuário"
          idPrefix={`${props.id}-`}
          value={state.values?.confirm_username}
          errors={state.errors}
          autoComplete="off"
        />
        <Field
          name="confirm_password"
          label="Senha"
          type="password"
          idPrefix={`${props.id}-`}
          errors={state.errors}
          autoComplete="off"
        />
        <div className="actions">
          <SubmitButton label={props.submitLabel} />
          <DialogCancel />
        </div>
      </Form>
    </Dialog>
  );
}
