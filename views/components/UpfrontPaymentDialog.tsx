import { Dialog, DialogCancel } from './Dialog.tsx';
import { Field, type FieldErrors } from './Field.tsx';
import { Form } from './Form.tsx';
import { MoneyField } from './MoneyField.tsx';
import { PaymentMethodField } from './PaymentMethodField.tsx';
import { SubmitButton } from './SubmitButton.tsx';

export const UPFRONT_DIALOG = 'pagamento-antecipado';

export type UpfrontState = {
  open: boolean;
  values?: { description?: string; value?: string; payment_method?: string };
  errors?: FieldErrors;
};

/** Pagamento antecipado (SPEC §5): description, value with a decimal comma, payment method. */
export function UpfrontPaymentDialog({ action, state }: { action: string; state: UpfrontState }) {
  const v = state.values ?? {};
  return (
    <Dialog id={UPFRONT_DIALOG} title="Pagamento antecipado" open={state.open}>
      <Form action={action} label="Pagamento antecipado">
        <Field
          name="description"
          label="Descrição"
          idPrefix="up-"
          value={v.description}
          errors={state.errors}
        />
        <MoneyField name="value" label="Valor" idPrefix="up-" value={v.value} errors={state.errors} />
        <PaymentMethodField
          name="payment_method"
          idPrefix="up-"
          value={v.payment_method}
          errors={state.errors}
        />
        <div className="actions">
          <SubmitButton label="Enviar" />
          <DialogCancel />
        </div>
      </Form>
    </Dialog>
  );
}
