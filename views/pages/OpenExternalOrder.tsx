import { ClientPicker, type ClientPickerState } from '../components/ClientPicker.tsx';
import type { FieldErrors } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { ProductFields, ServiceFields } from '../components/OrderFields.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

export const OPEN_EXTERNAL_PATH = '/abrir-atendimento-externo';

export type OpenExternalOrderProps = {
  picker: ClientPickerState;
  values: Record<string, string | undefined>;
  errors?: FieldErrors;
  /**
   * The client a posted form carried, kept even when the api could not give that client back, so a
   * failed save still shows what was typed (SPEC §8).
   */
  clientId?: string;
  /** The backend cannot edit an external service once opened (SPEC §7 has no such call): say it here. */
  noLaterEdit?: boolean;
};

/**
 * Abrir Serviço Externo (SPEC §2): the same client search, then the product and the service fields.
 * The form appears only once a client is selected; it carries the client's id.
 */
export function OpenExternalOrder({ picker, values, errors, clientId, noLaterEdit }: OpenExternalOrderProps) {
  const formClientId = picker.selected ? String(picker.selected.id) : clientId;
  return (
    <section className="open-order">
      <h1>Abrir Serviço Externo</h1>
      <ClientPicker state={picker} />
      {formClientId ? (
        <Form action={OPEN_EXTERNAL_PATH} className="wide" label="Abrir Serviço Externo">
          <input type="hidden" name="client_id" value={formClientId} />
          <ProductFields values={values} errors={errors} focusName />
          <ServiceFields values={values} errors={errors} />
          {noLaterEdit ? (
            <p className="hint">
              Este servidor não permite editar o atendimento depois de aberto: preencha agora Valor e Forma de
              Pagamento, sem eles ele não vai para o caixa.
            </p>
          ) : null}
          <div className="actions">
            <SubmitButton label="Salvar" />
          </div>
        </Form>
      ) : null}
    </section>
  );
}
