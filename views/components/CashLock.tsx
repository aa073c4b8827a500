import { Dialog, DialogCancel, DialogTrigger } from './Dialog.tsx';
import { Field, type FieldErrors } from './Field.tsx';
import { Form } from './Form.tsx';
import { SubmitButton } from './SubmitButton.tsx';

export const UNLOCK_DIALOG = 'acessar-caixa';

export type CashLockState = {
  open: boolean;
  values?: { username?: string };
  errors?: FieldErrors;
  /** Typing kept while the cash was locked (a draft's id): the unlock leads back to it. */
  draft?: string | undefined;
};

/**
 * 'Acesso não autorizado' and the 'Acessar Caixa' manager login (SPEC §2 Cash). `back` is the page the
 * unlock leads to: the screen, with the period asked when there is one.
 */
export function CashLock({ title, back, state }: { title: string; back: string; state: CashLockState }) {
  return (
    <section className="cash-page">
      <h1>{title}</h1>
      <p className="locked">Acesso não autorizado</p>
      <DialogTrigger
        dialogId={UNLOCK_DIALOG}
        label="Acessar Caixa"
        href={`${back}${back.includes('?') ? '&' : '?'}dialogo=${UNLOCK_DIALOG}`}
        className="primary"
      />
      <Dialog
        id={UNLOCK_DIALOG}
        title="Acessar Caixa"
        subtitle="Entre com um usuário gerente"
        open={state.open}
      >
        <Form action="/caixa/acessar" label="Acessar Caixa">
          <input type="hidden" name="voltar" value={back} />
          {state.draft ? <input type="hidden" name="rascunho" value={state.draft} /> : null}
          <Field
            name="username"
            label="Usuário"
            idPrefix="cx-"
            value={state.values?.username}
            errors={state.errors}
            autoComplete="off"
          />
          <Field
            name="password"
            label="Senha"
            type="password"
            idPrefix="cx-"
            errors={state.errors}
            autoComplete="off"
          />
          <div className="actions">
            <SubmitButton label="Entrar" />
            <DialogCancel />
          </div>
        </Form>
      </Dialog>
    </section>
  );
}
