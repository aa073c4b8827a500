import type { ClientValues } from '../../contract/web.ts';
import { isTerminal } from '../../domain/statuses.ts';
import { DialogTrigger } from '../components/Dialog.tsx';
import { Field, type FieldErrors } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { Island } from '../components/Island.tsx';
import { ManagerDialog, type ManagerDialogState } from '../components/ManagerDialog.tsx';
import { type GroupItem, OrderGroup } from '../components/OrderGroup.tsx';
import { Pager, type PagerProps } from '../components/Pager.tsx';
import { StatusLabel } from '../components/StatusLabel.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

export const DELETE_CLIENT_DIALOG = 'deletar-cliente';
/** Ticked to register a CPF or CNPJ that belonged to a deleted client (the api asks first). */
export const REUSE_DOCUMENT_FIELD = 'reuse_deleted_document';

export type ClientFormProps = {
  mode: 'create' | 'edit';
  action: string;
  values: ClientValues;
  errors?: FieldErrors;
  /**
   * The field the keyboard starts on when nothing is in error: Nome on a new client, Número after the
   * postal code filled the street (as the island does with JavaScript).
   */
  focus?: 'name' | 'number' | undefined;
  /** Edit only: the client's service orders (normal and returned merged) and the delete dialog. */
  edit?: {
    id: string;
    name: string;
    serviceOrders: GroupItem[];
    /** Every order of the client (external services and parts orders too): what deleting concerns. */
    allOrders?: GroupItem[];
    /** The page of them listed under the form (all when absent). */
    shownServiceOrders?: GroupItem[];
    /** Links to the list's other pages; absent when it fits in one. */
    serviceOrdersPager?: PagerProps | null;
    deleteDialog: ManagerDialogState;
    /** Why the last delete was refused (the api names the orders still open). */
    deleteRefusal?: string | undefined;
    /** What the form was loaded from (the values' hash, the version when there is one). */
    loaded?: Record<string, string> | undefined;
  };
};

/**
 * What deleting does, said before it is done (docs/decisions/017-deleting-a-client-with-orders.md):
 * refused while an order is open; the orders listed; finished ones stay in the history and the cash.
 */
function DeleteConsequences({ orders, refusal }: { orders: GroupItem[]; refusal?: string | undefined }) {
  const open = orders.filter((o) => !isTerminal(o.kind, o.status));
  return (
    <div className="delete-consequences">
      {refusal ? (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      ) : null}
      {open.length > 0 ? (
        <>
          <p>
            Este cliente tem ordens em aberto. Enquanto houver uma ordem em aberto (O.S., retorno, atendimento
            externo ou pedido) o cliente não pode ser excluído: finalize, cancele ou exclua estas ordens
            primeiro.
          </p>
          <ul className="open-orders">
            {open.map((o) => (
              <li key={`${o.kind}-${o.id}`}>
                <a href={o.kind === 'parts' ? `/pedido/${o.id}` : `/os/${o.id}`}>{o.number}</a> ·{' '}
                {(o.kind === 'parts' ? o.piece_name : o.product_name) ?? '-'} ·{' '}
                <StatusLabel kind={o.kind} code={o.status} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        {orders.length > 1
          ? `As ${orders.length} ordens deste cliente continuam no histórico e no caixa, mas deixam de ser encontradas pelo nome dele na Consulta.`
          : orders.length === 1
            ? 'A ordem deste cliente continua no histórico e no caixa, mas deixa de ser encontrada pelo nome dele na Consulta.'
            : 'Este cliente não tem ordens.'}
      </p>
    </div>
  );
}

/** The client fields with the zip-code search; the same form registers and edits. */
function ClientFields({
  values,
  errors,
  focus,
}: {
  values: ClientValues;
  errors: FieldErrors | undefined;
  focus: ClientFormProps['focus'];
}) {
  return (
    <>
      <Field
        name="name"
        label="Nome"
        value={values.name}
        errors={errors}
        autoComplete="off"
        maxLength={120}
        autoFocus={focus === 'name'}
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
        <Field
          name="number"
          label="Número"
          value={values.number}
          errors={errors}
          autoFocus={focus === 'number'}
        />
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
export function ClientForm({ mode, action, values, errors, focus, edit }: ClientFormProps) {
  return (
    <section className="client-form">
      <h1>{mode === 'create' ? 'Cadastrar Cliente' : 'Editar Cliente'}</h1>
      {edit ? (
        <p className="client-links">
          <a className="button" href={`/abrir-os-normal?cliente=${edit.id}`}>
            Nova O.S.
          </a>
          <a className="button" href={`/abrir-pedido?cliente=${edit.id}`}>
            Novo Pedido
          </a>
        </p>
      ) : null}
      <Form
        action={action}
        label={mode === 'create' ? 'Cadastrar Cliente' : 'Editar Cliente'}
        className="wide"
      >
        {/* Enter in a field presses the form's first submit button: it saves, or looks the CEP up while
            the address is still empty (server/routes/clients.ts, looksUpCep). */}
        <button
          type="submit"
          name="intent"
          value="enter"
          className="default-submit"
          tabIndex={-1}
          aria-hidden="true"
        >
          Salvar
        </button>
        {Object.entries(edit?.loaded ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <ClientFields
          values={values}
          errors={errors}
          focus={focus ?? (mode === 'create' ? 'name' : undefined)}
        />
        {errors?.[REUSE_DOCUMENT_FIELD] ? (
          <div className="field checkbox">
            <label>
              <input type="checkbox" name={REUSE_DOCUMENT_FIELD} value="sim" /> {errors[REUSE_DOCUMENT_FIELD]}
            </label>
          </div>
        ) : null}
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
          >
            <DeleteConsequences orders={edit.allOrders ?? edit.serviceOrders} refusal={edit.deleteRefusal} />
          </ManagerDialog>
          <OrderGroup
            title="Ordens de serviço"
            empty="Nenhuma O.S. cadastrada para este cliente."
            items={edit.shownServiceOrders ?? edit.serviceOrders}
            path="/os/"
          />
          {edit.serviceOrdersPager ? <Pager {...edit.serviceOrdersPager} /> : null}
        </>
      ) : null}
    </section>
  );
}
