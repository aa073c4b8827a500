import { brl } from '../format.ts';
import { DetailList, type DetailRow } from './DetailList.tsx';
import { Dialog, DialogCancel } from './Dialog.tsx';
import { Form } from './Form.tsx';
import { SubmitButton } from './SubmitButton.tsx';

export const CLOSE_DIALOG = 'finalizar';
/** The confirmation the close form carries: a POST without it only opens this dialog. */
export const CLOSE_CONFIRM_FIELD = 'confirmado';

/** Said in the dialog drawn again when the order changed between showing its figures and the click. */
export const CLOSE_CHANGED_TEXT = {
  serviceOrder:
    'Esta O.S. foi alterada depois que esta confirmação foi aberta, e nada foi enviado ao caixa. Confira de novo os valores abaixo antes de confirmar.',
  partsOrder:
    'Este pedido foi alterado depois que esta confirmação foi aberta, e nada foi enviado ao caixa. Confira de novo os valores abaixo antes de confirmar.',
} as const;

/** Said in the dialog, before anything is tried, when the order lacks what the close needs (API.md Orders). */
export const CLOSE_MISSING_TEXT = {
  serviceOrder:
    'Para ir para o caixa, a O.S. precisa de Valor Final e Forma de Pagamento. Preencha em Editar e volte a finalizar.',
  partsOrder:
    'Para ir para o caixa, o pedido precisa de Valor e Forma de Pagamento. Preencha em Editar e volte a finalizar.',
  /** An external service on a backend that cannot edit one (SPEC §7 has no such call). */
  externalNoEdit:
    'Para ir para o caixa, o atendimento precisa de Valor e Forma de Pagamento, e este servidor não permite editá-lo: cancele-o e abra outro com esses dados.',
} as const;

/** The warning of a close from an unrepaired status, named by its label. */
export const unrepairedCloseText = (status: string) =>
  `Esta O.S. está em "${status}": o aparelho volta sem conserto, e o Valor Final abaixo vai para o caixa. Se a loja cobra só a avaliação (ou nada), corrija o Valor Final em Editar antes de confirmar.`;

export type CloseSummary = {
  /** The final value, in reais (null when none yet: the api will refuse). */
  finalValue: number | null;
  paymentMethod: string | null;
  /** The upfront payments already in the cash, in reais. */
  upfront: number;
};

export type CloseDialogState = {
  open: boolean;
  /**
   * What the confirmation was drawn from (the order's version, a hash of the figures shown), posted
   * with it: figures that changed before the click are not booked (server/forms/edit-version.ts).
   */
  marks?: Record<string, string> | undefined;
  /** The order changed since the confirmation the person clicked: drawn again, with the notice. */
  changed?: boolean | undefined;
};

const cents = (reais: number) => Math.round(reais * 100);

/** What the close books: the final value minus the upfront payments, never below zero (API.md Orders). */
export function toCash(summary: CloseSummary): number | null {
  if (summary.finalValue === null) return null;
  return Math.max(0, cents(summary.finalValue) - cents(summary.upfront)) / 100;
}

/** The upfront payments beyond the final value (it was lowered after them): owed back to the client. */
function overpaid(summary: CloseSummary): number {
  if (summary.finalValue === null) return 0;
  return Math.max(0, cents(summary.upfront) - cents(summary.finalValue)) / 100;
}

/**
 * Said when the payments pass the final value: the close books nothing of the difference, which stays in
 * the cash as the client's money until it is given back as a Saída (or the value was typed wrong).
 */
export const overpaidCloseText = (over: string) =>
  `O cliente pagou ${over} a mais que o Valor Final: devolva essa diferença ao cliente e peça a um gerente que a lance como Saída no Caixa do dia. Se o Valor Final estiver errado, corrija-o em Editar antes de confirmar.`;

/** The rows the confirmation shows, as shown: what the person agrees to book. */
export function closeRows(summary: CloseSummary): DetailRow[] {
  const over = overpaid(summary);
  const overRow: DetailRow[] = over > 0 ? [['Pago a mais', brl(over)]] : [];
  return [
    ['Valor final', brl(summary.finalValue)],
    ['Pagamentos antecipados', brl(summary.upfront)],
    ['Vai para o caixa', brl(toCash(summary))],
    ...overRow,
    ['Forma de pagamento', summary.paymentMethod || '-'],
  ];
}

/** The figures of closeRows by label, for the hash the form carries against a backend without versions. */
export function closeFigures(summary: CloseSummary): Record<string, string> {
  return Object.fromEntries(closeRows(summary).map(([label, value]) => [label, String(value)]));
}

/**
 * 'Finalizar e Enviar para o caixa', confirmed: the final value, the upfront payments and what goes to
 * the cash, before anything is booked. Without JS the trigger opens this page with the dialog open.
 */
export function CloseConfirmDialog(props: {
  action: string;
  state: CloseDialogState;
  summary: CloseSummary;
  changedText: string;
  /** What to say, and where the order is edited, when it cannot be closed as it is. */
  /** `editHref` null: the order cannot be edited here (the text says what to do instead). */
  missing: { text: string; editHref: string | null };
  /**
   * Said above the figures when the order goes back unrepaired ('Orçamento Não Aprovado' and the like):
   * its Valor Final may still be the quote the client turned down, and it is what the cash would book.
   */
  warning?: string | undefined;
}) {
  const { state } = props;
  const incomplete = props.summary.finalValue === null || !props.summary.paymentMethod?.trim();
  const over = overpaid(props.summary);
  const warnings = incomplete
    ? []
    : [props.warning, over > 0 ? overpaidCloseText(brl(over)) : undefined].filter(Boolean);
  return (
    <Dialog id={CLOSE_DIALOG} title="Finalizar e Enviar para o caixa" open={state.open}>
      {state.changed ? (
        <p role="alert" className="field-error">
          {props.changedText}
        </p>
      ) : null}
      {incomplete ? (
        <p role="alert" className="field-error">
          {props.missing.text}
        </p>
      ) : (
        <p>Confira antes de confirmar: depois de enviada ao caixa, a ordem não pode mais ser editada.</p>
      )}
      {warnings.map((text) => (
        <p key={text} role="alert" className="field-error">
          {text}
        </p>
      ))}
      <DetailList rows={closeRows(props.summary)} />
      {incomplete ? (
        // Nothing to send: a form of the dialog's own, so Cancelar closes it with no script as elsewhere.
        <form method="dialog" className="actions">
          {props.missing.editHref ? (
            <a className="button primary" href={props.missing.editHref}>
              Editar
            </a>
          ) : null}
          <DialogCancel />
        </form>
      ) : (
        <Form action={props.action} label="Confirmar envio ao caixa">
          <input type="hidden" name={CLOSE_CONFIRM_FIELD} value="sim" />
          {Object.entries(state.marks ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="actions">
            <SubmitButton label="Confirmar e enviar ao caixa" busyLabel="Enviando..." />
            {warnings.length > 0 && props.missing.editHref ? (
              <a className="button secondary" href={props.missing.editHref}>
                Editar
              </a>
            ) : null}
            <DialogCancel />
          </div>
        </Form>
      )}
    </Dialog>
  );
}
