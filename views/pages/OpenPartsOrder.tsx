import { ClientPicker, type ClientPickerState } from '../components/ClientPicker.tsx';
import { Field, type FieldErrors } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { MoneyField } from '../components/MoneyField.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

export type OpenPartsOrderProps = {
  picker: ClientPickerState;
  values: Partial<Record<'piece_name' | 'piece_code' | 'product_model' | 'piece_value', string>>;
  errors?: FieldErrors;
  /** The client a failed save was for: the form stays, with the typed values, even if it no longer reads. */
  clientId?: string | undefined;
};

/**
 * Abrir Pedido (SPEC §2): search and select a client, see the client's details, then the order form —
 * part name, code, product model and value. Salvar hides while the request runs.
 */
export function OpenPartsOrder({ picker, values, errors, clientId }: OpenPartsOrderProps) {
  const client = picker.selected;
  const chosen = client ? String(client.id) : clientId;
  return (
    <section className="open-parts-order">
      <h1>Abrir Pedido</h1>
      <ClientPicker state={picker} />
      {chosen ? (
        <Form action="/abrir-pedido" className="wide parts-order-form" label="Pedido">
          <input type="hidden" name="client_id" value={chosen} />
          <fieldset className="group">
            <legend>Pedido</legend>
            <Field
              name="piece_name"
              label="Nome da peça"
              value={values.piece_name}
              errors={errors}
              autoFocus
            />
            <div className="row">
              <Field name="piece_code" label="Código da peça" value={values.piece_code} errors={errors} />
              <Field
                name="product_model"
                label="Modelo do produto"
                value={values.product_model}
                errors={errors}
              />
              <MoneyField name="piece_value" label="Valor" value={values.piece_value} errors={errors} />
            </div>
          </fieldset>
          {errors?.client_id ? <p className="field-error">{errors.client_id}</p> : null}
          <div className="actions">
            <SubmitButton label="Salvar" />
          </div>
        </Form>
      ) : (
        <p className="muted">Busque e selecione um cliente para abrir o pedido.</p>
      )}
    </section>
  );
}
