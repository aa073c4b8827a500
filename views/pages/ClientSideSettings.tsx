/**
 * Configurações › Atendimento ao cliente (/configuracoes/atendimento, managers; decision 020): the
 * warranty days, the ageing limit of each status the lists mark, and the WhatsApp messages with their
 * placeholders. One form, posted whole.
 */
import { PLACEHOLDERS, TEMPLATE_KEYS, TEMPLATE_LABELS } from '../../domain/client-view.ts';
import { type OrderKind, statusLabel } from '../../domain/statuses.ts';
import { Field, type FieldErrors } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { TextArea } from '../components/OrderFields.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

/** The statuses whose age the lists mark, in the order the form shows them. */
export const AGEING_FIELDS: readonly { kind: OrderKind; code: number; title: string }[] = [
  { kind: 'normal', code: 100, title: 'O.S.' },
  { kind: 'normal', code: 102, title: 'O.S.' },
  { kind: 'normal', code: 103, title: 'O.S.' },
  { kind: 'normal', code: 104, title: 'O.S.' },
  { kind: 'normal', code: 105, title: 'O.S.' },
  { kind: 'returned', code: 200, title: 'O.S. de Retorno' },
  { kind: 'returned', code: 201, title: 'O.S. de Retorno' },
  { kind: 'returned', code: 202, title: 'O.S. de Retorno' },
  { kind: 'parts', code: 100, title: 'Pedido' },
  { kind: 'parts', code: 101, title: 'Pedido' },
];

export const ageingFieldName = (kind: OrderKind, code: number) => `limite_${kind}_${code}`;
export const templateFieldName = (key: string) => `modelo_${key}`;

export type ClientSideSettingsProps = { values: Record<string, string>; errors?: FieldErrors };

export function ClientSideSettings({ values, errors }: ClientSideSettingsProps) {
  return (
    <section className="settings-page client-side-settings">
      <h1>Atendimento ao cliente</h1>
      <p>
        <a href="/configuracoes">Voltar para Configurações</a>
      </p>
      <Form action="/configuracoes/atendimento" label="Atendimento ao cliente">
        <h2>Garantia</h2>
        <Field
          name="warranty_days"
          label="Dias de garantia após a entrega"
          inputMode="numeric"
          value={values.warranty_days}
          errors={errors}
        />
        <h2>Tempo máximo em cada status (dias)</h2>
        <p className="muted">Deixe em branco para não marcar atraso nesse status.</p>
        {AGEING_FIELDS.map((f) => (
          <Field
            key={ageingFieldName(f.kind, f.code)}
            name={ageingFieldName(f.kind, f.code)}
            label={`${f.title}: ${statusLabel(f.kind, f.code)}`}
            inputMode="numeric"
            value={values[ageingFieldName(f.kind, f.code)]}
            errors={errors}
          />
        ))}
        <h2>Mensagens do WhatsApp</h2>
        <p className="muted">
          Campos: {PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}. {'{valor}'} é o valor que o cliente vê na
          página de acompanhamento: o do orçamento enquanto aguarda aprovação, depois o que falta pagar.
        </p>
        {TEMPLATE_KEYS.map((key) => (
          <TextArea
            key={key}
            name={templateFieldName(key)}
            label={TEMPLATE_LABELS[key]}
            value={values[templateFieldName(key)]}
            errors={errors}
            rows={3}
          />
        ))}
        <SubmitButton label="Salvar" busyLabel="Salvando..." />
      </Form>
    </section>
  );
}
