import type { ClientValues } from '../../server/forms/client.ts';
import { DialogTrigger } from '../components/Dialog.tsx';
import { Field, type FieldErrors } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { Island } from '../components/Island.tsx';
import { ManagerDialog, type ManagerDialogState } from '../components/ManagerDialog.tsx';
import { type GroupItem, OrderGroup } from '../components/OrderGroup.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

export const DELETE_CLIENT_DIALOG = 'deletar-cliente';

export type ClientFormProps = {
  mode: 'create' | 'edit';
  action: string;
  values: ClientValues;
  errors?: FieldErrors;
  /** Edit only: the client's service orders (normal and returned merged) and the delete dialog. */
  edit?: {
    id: string;
    name: string;
    serviceOrders: GroupItem[];
    deleteDialog: ManagerDialogState;
  };
};

/** The client fields with the zip-code search; the same form registers and edits. */
function ClientFields({ values, errors }: { values: ClientValues; errors: FieldErrors | undefined }) {
  return (
    <>
      <Field
        name="name"
        label="Nome"
        value={values.name}
        errors={errors}
        autoComplete="off"
        maxLength={120}
      />
      <div className="row">
        <Field
          name="cpf"
          label="CPF"
          value={values.cpf}
          errors={errors}
          inputMode="numeric"
          placeholder="000.000.000-00"
        />
        <Field
          name="cnpj"
          label="CNPJ"
          value={values.cnpj}
          errors={errors}
          placeholder="00.000.000/0000-00"
        />
      </div>
      <Field name="email" label="E-mail" type="email" value={values.email} errors={errors} />
      <div className="row">
        <Field name="phone1" label="Telefone 1" type="tel" value={values.phone1} errors={errors} />
        <Field name="phone2" label="Telefone 2" type="tel" value={values.phone2} errors={errors} />
        <Field name="phone3" label="Telefone 3" type="tel" value={values.phone3} errors={errors} />
      </div>
      <div className="row cep-row">
        <Field
          name="zip_code"
          label="CEP"
          value={values.zip_code}
          errors={errors}
          inputMode="numeric"
          placeholder="00000-000"
        />
        <Island name="cep-lookup" props={{ label: 'Buscar CEP' }}>
          <button type="submit" name="intent" value="cep" formNoValidate className="secondary">
            Buscar CEP
          </button>
        </Island>
      </div>
      <div className="row">
        <Field name="address" label="Rua" value={values.address} errors={errors} className="grow" />
        <Field name="number" label="Número" value={values.number} errors={errors} />
      </div>
      <div className="row">
        <Field name="neighborhood" label="Bairro" value={values.neighborhood} errors={errors} />
        <Field name="complement" label="Complemento" value={values.complement} errors={errors} />
      </div>
      <div className="row">
        <Field name="city" label="Cidade" value={values.city} errors={errors} className="grow" />
        <Field
          name="state"
          label="Estado"
          value={values.state}
          errors={errors}
          maxLength={2}
          placeholder="UF"
        />
      </div>
      <Island name="document-mask" props={{ cpf: 'f-cpf', cnpj: 'f-cnpj', cep: 'f-zip_code' }}>
        {null}
      </Island>
    </>
  );
}

/** Cadastrar Cliente and Editar Cliente (SPEC §2). */
export function ClientForm({ mode, action, values, errors, edit }: ClientFormProps) {
  return (
    <section className="client-form">
      <h1>{mode === 'create' ? 'Cadastrar Cliente' : 'Editar Cliente'}</h1>
      <Form
        action={action}
        label={mode === 'create' ? 'Cadastrar Cliente' : 'Editar Cliente'}
        className="wide"
      >
        {/* Enter in any field saves: the first submit button of a form is its default. */}
        <button
          type="submit"
          name="intent"
          value="save"
          className="default-submit"
          tabIndex={-1}
          aria-hidden="true"
        >
          Salvar
        </button>
        <ClientFields values={values} errors={errors} />
        <div className="actions">
          <SubmitButton label="Salvar" name="intent" value="save" />
          {edit ? (
            <DialogTrigger
              dialogId={DELETE_CLIENT_DIALOG}
              label="Deletar Cliente"
              href={`/editar-cliente/${edit.id}?dialogo=${DELETE_CLIENT_DIALOG}`}
              className="danger"
            />
          ) : null}
        </div>
      </Form>
      {edit ? (
        <>
          <ManagerDialog
            id={DELETE_CLIENT_DIALOG}
            title={`Deletar Cliente: ${edit.name}`}
            action={`/editar-cliente/${edit.id}/deletar`}
            state={edit.deleteDialog}
            submitLabel="Deletar"
          />
          <OrderGroup
            title="Ordens de serviço"
            empty="Nenhuma O.S. cadastrada para este cliente."
            items={edit.serviceOrders}
            path="/os/"
          />
        </>
      ) : null}
    </section>
  );
}
