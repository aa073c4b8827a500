import type { ReactNode } from 'react';
import type { AnyServiceOrder } from '../contract/service-orders.ts';
import { TERMINAL_STATUSES } from '../domain/statuses.ts';
import { Form } from '../views/components/Form.tsx';
import { Island } from '../views/components/Island.tsx';
import { type SendPanel, SendToPrinter } from './SendToPrinter.tsx';

/**
 * A print sheet's body: the sheet itself and, on screen only, a small bar to print it or to make a
 * link for the shop's print server. A snapshot for that link is rendered without the bar.
 */
export function SheetBody(props: {
  children?: ReactNode;
  /** The sheet's own URL, for the print-server link; null renders no bar (a snapshot). */
  path: string | null;
  printLink?: string | null;
  autoPrint?: boolean;
  /** Enviar para a impressora; null where the backend has no print queue (SPEC §7 only). */
  sending?: SendPanel | null;
}) {
  return (
    <>
      {props.path ? (
        <div className="print-bar screen-only">
          <Island name="print-button" props={{ auto: Boolean(props.autoPrint) }}>
            <span>Use Ctrl+P para imprimir.</span>
          </Island>
          <Form action="/impressao/links" className="inline" label="Link para a impressora">
            <input type="hidden" name="path" value={props.path} />
            <button type="submit" className="secondary">
              Gerar link para a impressora
            </button>
          </Form>
          {props.sending ? <SendToPrinter panel={props.sending} /> : null}
          {props.printLink ? (
            <p className="print-link">
              Link (válido por poucos minutos): <a href={props.printLink}>{props.printLink}</a>
            </p>
          ) : null}
        </div>
      ) : null}
      {props.children}
    </>
  );
}

/** The warranty text printed on the order sheet and the delivery sheet (SPEC §1, §9: 90 days). */
export const WARRANTY = warrantyNotice(90);

/** The warranty text for the shop's days (decision 020: a manager sets them, 0 for none; 90 by default). */
export function warrantyNotice(days: number): string {
  if (days === 0) return 'Serviço sem garantia.';
  return `Garantia de ${days} ${days === 1 ? 'dia' : 'dias'} para o serviço realizado, válida mediante apresentação desta ordem de serviço.`;
}

export const NO_WARRANTY = 'Aparelho devolvido sem conserto: esta ordem de serviço não tem garantia.';
export const NO_WARRANTY_CANCELLED = 'Ordem de serviço cancelada: sem garantia.';

/**
 * A sheet's warranty line: the days granted (the shop's now before delivery) when the backend has them,
 * else SPEC's 90; none for an order cancelled, or going back unrepaired (budget refused, no defect, not
 * worth it, no parts).
 */
export function warrantyLine(
  o: AnyServiceOrder,
  side: { warrantyDays: number; unrepaired?: boolean } | null | undefined,
): string {
  if (o.order.status === TERMINAL_STATUSES[o.kind].cancelled) return NO_WARRANTY_CANCELLED;
  if (!side) return WARRANTY;
  return side.unrepaired ? NO_WARRANTY : warrantyNotice(side.warrantyDays);
}

export const NOT_FISCAL = 'Este documento não é um documento fiscal.';
