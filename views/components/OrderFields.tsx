import { DateField } from './DateField.tsx';
import type { FieldErrors } from './Field.tsx';
import { Field, useFieldFocus } from './Field.tsx';
import { MoneyField } from './MoneyField.tsx';
import { PaymentMethodField } from './PaymentMethodField.tsx';

type Values = Record<string, string | undefined>;
type Props = { values: Values; errors?: FieldErrors | undefined };

/** A labelled multi-line text with its error under it. */
export function TextArea(props: {
  name: string;
  label: string;
  value?: string | undefined;
  errors?: FieldErrors | undefined;
  rows?: number;
}) {
  const error = props.errors?.[props.name];
  const id = `f-${props.name}`;
  const autoFocus = useFieldFocus(error, props.errors);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        name={props.name}
        autoFocus={autoFocus}
        rows={props.rows ?? 3}
        defaultValue={props.value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Produto: name, model, brand, serial number, accessories, reported defect (SPEC §2). `focusName`: the
 * open screens put the keyboard on 'Nome do produto' once a client is selected.
 */
export function ProductFields({ values, errors, focusName }: Props & { focusName?: boolean }) {
  return (
    <fieldset className="group">
      <legend>Produto</legend>
      <Field
        name="product_name"
        label="Nome do produto"
        value={values.product_name}
        errors={errors}
        autoFocus={focusName}
      />
      <div className="row">
        <Field name="product_model" label="Modelo" value={values.product_model} errors={errors} />
        <Field name="product_brand" label="Marca" value={values.product_brand} errors={errors} />
        <Field name="product_serial" label="Número de série" value={values.product_serial} errors={errors} />
      </div>
      <TextArea
        name="product_accessories"
        label="Acessórios"
        value={values.product_accessories}
        errors={errors}
        rows={2}
      />
      <TextArea
        name="product_details"
        label="Defeito Reclamado"
        value={values.product_details}
        errors={errors}
      />
    </fieldset>
  );
}

/** Conserto: technician, date, parts (one per line), parts/labor/final values, payment method. */
export function RepairFields({ values, errors, legend = 'Conserto' }: Props & { legend?: string }) {
  return (
    <fieldset className="group">
      <legend>{legend}</legend>
      <div className="row">
        <Field
          name="fix_technician_name"
          label="Técnico"
          value={values.fix_technician_name}
          errors={errors}
        />
        <DateField name="fix_date" label="Data do conserto" value={values.fix_date} errors={errors} />
      </div>
      <TextArea
        name="fix_description"
        label="Peças (uma por linha)"
        value={values.fix_description}
        errors={errors}
        rows={4}
      />
      <div className="row">
        <MoneyField
          name="fix_value_pieces"
          label="Valor das peças"
          value={values.fix_value_pieces}
          errors={errors}
        />
        <MoneyField
          name="fix_value_labor"
          label="Valor da mão de obra"
          value={values.fix_value_labor}
          errors={errors}
        />
        <MoneyField
          name="fix_value_final"
          label="Valor final"
          value={values.fix_value_final}
          errors={errors}
          // Saved empty, it becomes peças + mão de obra (server/forms/service-order.ts withSuggestedFinal).
          hint="Se ficar vazio: peças + mão de obra."
        />
      </div>
      <PaymentMethodField name="fix_payment_method" value={values.fix_payment_method} errors={errors} />
    </fieldset>
  );
}

/** Serviço (external): type, date, period, value, payment method, details (SPEC §2). */
export function ServiceFields({ values, errors }: Props) {
  return (
    <fieldset className="group">
      <legend>Serviço</legend>
      <div className="row">
        <Field name="service_type" label="Tipo de serviço" value={values.service_type} errors={errors} />
        <DateField name="service_date" label="Data" value={values.service_date} errors={errors} />
        <Field
          name="service_period"
          label="Período"
          value={values.service_period}
          errors={errors}
          placeholder="Manhã, Tarde…"
        />
      </div>
      <div className="row">
        <MoneyField name="service_value" label="Valor" value={values.service_value} errors={errors} />
        <PaymentMethodField
          name="service_payment_method"
          value={values.service_payment_method}
          errors={errors}
        />
      </div>
      <TextArea name="service_details" label="Detalhes" value={values.service_details} errors={errors} />
    </fieldset>
  );
}
