import type { Client } from '../../contract/clients.ts';
import { phoneShown } from '../../domain/client-view.ts';
import { formatCnpj, formatCpf } from '../../domain/documents.ts';
import { EDITABLE_PARTS_STATUSES } from '../../domain/statuses.ts';
import { orDash } from '../components/ClientDetails.tsx';
import { DateField } from '../components/DateField.tsx';
import { DetailList } from '../components/DetailList.tsx';
import { Field, type FieldErrors, SelectField } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { MoneyField } from '../components/MoneyField.tsx';
import { PaymentMethodField } from '../components/PaymentMethodField.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

export type EditPartsOrderValues = Partial<
  Record<
    | 'status'
    | 'piece_name'
    | 'piece_code'
    | 'product_model'
    | 'piece_value'
    | 'payment_method'
    | 'manufacturer_date'
    | 'manufacturer_code',
    string
  >
>;

export type EditPartsOrderProps = {
  id: string;
  number: string;
  client: Client | null;
  values: EditPartsOrderValues;
  errors?: FieldErrors;
  /** What the form was loaded from (version, values' hash): a save over a newer one is refused. */
  loaded?: Record<string, string> | undefined;
};

/** Who the order is for, in one line of facts: name, documents, phone. */
function ClientSummary({ client }: { client: Client | null }) {
  if (!client) return null;
  return (
    <DetailList
      className="details client-summary"
      rows={[
        ['Cliente', orDash(client.name)],
        ['CPF', orDash(formatCpf(client.cpf))],
        ['CNPJ', orDash(formatCnpj(client.cnpj))],
        ['Telefone', orDash(phoneShown(client.phone1))],
      ]}
    />
  );
}

/**
 * Editar Pedido (SPEC §2): status (the three open ones), a client summary, part name, code, model,
 * value, payment method, and the manufacturer's order date and code. Salvar goes to /pedido/{id}.
 */
export function EditPartsOrder({ id, number, client, values, errors, loaded }: EditPartsOrderProps) {
  return (
    <section className="edit-parts-order">
      <h1>{`Editar Pedido: ${number}`}</h1>
      <ClientSummary client={client} />
      <Form action={`/editar-pedido/${id}`} className="wide parts-order-form" label="Editar Pedido">
        {Object.entries(loaded ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SelectField
          name="status"
          label="Status"
          value={values.status}
          errors={errors}
          options={EDITABLE_PARTS_STATUSES.map((s) => ({ value: s.code, label: s.label }))}
        />
        <fieldset className="group">
          <legend>Peça</legend>
          <Field name="piece_name" label="Nome da peça" value={values.piece_name} errors={errors} />
          <div className="row">
            <Field name="piece_code" label="Código da peça" value={values.piece_code} errors={errors} />
            <Field
              name="product_model"
              label="Modelo do produto"
              value={values.product_model}
              errors={errors}
            />
          </div>
          <div className="row">
            <MoneyField name="piece_value" label="Valor" value={values.piece_value} errors={errors} />
            <PaymentMethodField name="payment_method" value={values.payment_method} errors={errors} />
          </div>
        </fieldset>
        <fieldset className="group">
          <legend>Pedido ao fabricante</legend>
          <div className="row">
            <DateField
              name="manufacturer_date"
              label="Data do pedido ao fabricante"
              value={values.manufacturer_date}
              errors={errors}
            />
            <Field
              name="manufacturer_code"
              label="Código do pedido ao fabricante"
              value={values.manufacturer_code}
              errors={errors}
            />
          </div>
        </fieldset>
        <div className="actions">
          <SubmitButton label="Salvar" />
          <a className="button" href={`/pedido/${id}`}>
            Voltar
          </a>
        </div>
      </Form>
    </section>
  );
}
