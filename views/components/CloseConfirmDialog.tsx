import { brl } from '../format.ts';
import { DetailList } from './DetailList.tsx';
import { Dialog, DialogCancel } from './Dialog.tsx';
import { Form } from './Form.tsx';
import { SubmitButton } from './SubmitButton.tsx';

export const CLOSE_DIALOG = 'finalizar';
/** The confirmation the close form carries: a POST without it only opens this dialog. */
export const CLOSE_CONFIRM_FIELD = 'confirmado';

export type CloseSummary = {
  /** The final value, in reais (null when none yet: the api will refuse). */
  finalValue: number | null;
  paymentMethod: string | null;
  /** The upfront payments already in the cash, in reais. */
  upfront: number;
};

/** What the close books: the final value minus the upfront payments, never below zero (API.md Orders). */
export function toCash(summary: CloseSummary): number | null {
  if (summary.finalValue === null) return null;
  return Math.max(0, Math.round(summary.finalValue * 100) - Math.round(summary.upfront * 100)) / 100;
}

/**
 * 'Finalizar e Enviar para o caixa', confirmed: the final value, the upfront payments and what goes to
 * the cash, before anything is booked. Without JS the trigger opens this page with the dialog open.
 */
export function CloseConfirmDialog(props: { action: string; open: boolean; summary: CloseSummary }) {
  const { summary } = props;
  return (
    <Dialog id={CLOSE_DIALOG} title="Finalizar e Enviar para o caixa" open={props.open}>
      <p>Confira antes de confirmar: depois de enviada ao caixa, a ordem não pode mais ser editada.</p>
      <DetailList
        rows={[
          ['Valor final', brl(summary.finalValue)],
          ['Pagamentos antecipados', brl(summary.upfront)],
          ['Vai para o caixa', brl(toCash(summary))],
          ['Forma de pagamento', summary.paymentMethod || '-'],
        ]}
      />
      <Form action={props.action} label="Confirmar envio ao caixa">
        <input type="hidden" name={CLOSE_CONFIRM_FIELD} value="sim" />
        <div className="actions">
          <SubmitButton label="Confirmar e enviar ao caixa" busyLabel="Enviando..." />
          <DialogCancel />
        </div>
      </Form>
    </Dialog>
  );
}
