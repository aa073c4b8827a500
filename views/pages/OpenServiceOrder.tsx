import { ClientPicker, type ClientPickerState } from '../components/ClientPicker.tsx';
import type { FieldErrors } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { ProductFields } from '../components/OrderFields.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

export const OPEN_NORMAL_PATH = '/abrir-os-normal';

export type OpenServiceOrderProps = {
  picker: ClientPickerState;
  values: Record<string, string | undefined>;
  errors?: FieldErrors;
  /**
   * The client a posted form carried, kept even when the api could not give that client back, so a
   * failed save still shows what was typed (SPEC §8).
   */
  clientId?: string;
};

/**
 * Abrir O.S. (SPEC §2): search and select a client, see their details, then the product form.
 * The form appears only once a client is selected; it carries the client's id.
 */
export function OpenServiceOrder({ picker, values, errors, clientId }: OpenServiceOrderProps) {
  const formClientId = picker.selected ? String(picker.selected.id) : clientId;
  return (
    <section className="open-order">
      <h1>Abrir O.S.</h1>
      <ClientPicker state={picker} />
      {formClientId ? (
        <Form action={OPEN_NORMAL_PATH} className="wide" label="Abrir O.S.">
          <input type="hidden" name="client_id" value={formClientId} />
          <ProductFields values={values} errors={errors} focusName />
          <div className="actions">
            <SubmitButton label="Salvar" />
          </div>
        </Form>
      ) : null}
    </section>
  );
}
