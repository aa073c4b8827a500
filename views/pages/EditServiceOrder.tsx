import type { ServiceOrderKind } from '../../contract/service-orders.ts';
import { editableStatuses } from '../../domain/statuses.ts';
import { type FieldErrors, SelectField } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { ProductFields, RepairFields, ServiceFields, TextArea } from '../components/OrderFields.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

export type EditServiceOrderProps = {
  kind: ServiceOrderKind;
  /** The order's id, already encoded for a path. */
  id: string;
  number: string;
  values: Record<string, string | undefined>;
  errors?: FieldErrors | undefined;
  /** What the form was loaded from (version, values' hash): a save over a newer one is refused. */
  loaded?: Record<string, string> | undefined;
  /** A return: the order it returns, for context. */
  original?: { id: string; number: string; product_name: string | null } | undefined;
};

const ACTION = { normal: '/editar-os/', returned: '/editar-os-retorno/', external: '/editar-os-externa/' };

export function editTitle(kind: ServiceOrderKind, number: string): string {
  return kind === 'external' ? `Editar Atendimento Externo: ${number}` : `Editar O.S.: ${number}`;
}

/**
 * Editar O.S. (normal), Editar O.S. de retorno and Editar Atendimento Externo (SPEC §2): the status of
 * the kind without the terminal ones (SPEC §4), and the fields each kind has.
 */
export function EditServiceOrder({
  kind,
  id,
  number,
  values,
  errors,
  loaded,
  original,
}: EditServiceOrderProps) {
  const title = editTitle(kind, number);
  return (
    <section className={`os-edit os-edit-${kind}`}>
      <h1>{title}</h1>
      {original ? (
        <p className="muted">
          Retorno da O.S. <a href={`/os/${original.id}`}>{original.number}</a>
          {original.product_name ? ` · ${original.product_name}` : ''}
        </p>
      ) : null}
      <Form action={`${ACTION[kind]}${id}`} label={title} className="wide">
        {Object.entries(loaded ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SelectField
          name="status"
          label="Status"
          value={values.status}
          errors={errors}
          options={editableStatuses(kind).map((s) => ({ value: s.code, label: s.label }))}
        />
        {kind === 'returned' ? (
          <>
            <TextArea
              name="return_motive"
              label="Motivo do retorno"
              value={values.return_motive}
              errors={errors}
            />
            <RepairFields values={values} errors={errors} legend="Novo conserto" />
          </>
        ) : (
          <ProductFields values={values} errors={errors} />
        )}
        {kind === 'normal' ? <RepairFields values={values} errors={errors} /> : null}
        {kind === 'external' ? <ServiceFields values={values} errors={errors} /> : null}
        <div className="actions">
          <SubmitButton label="Salvar" />
          <a className="button" href={`/os/${id}`}>
            Voltar
          </a>
        </div>
      </Form>
    </section>
  );
}
