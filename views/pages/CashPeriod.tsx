import type { CashEntry } from '../../contract/transactions.ts';
import { formatBRL } from '../../domain/money.ts';
import { CashTable } from '../components/CashTable.tsx';
import { DateField } from '../components/DateField.tsx';
import type { FieldErrors } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { Pager, type PagerProps } from '../components/Pager.tsx';
import { PeriodReport, type PeriodReportProps } from '../components/PeriodReport.tsx';
import { PrintLink } from '../components/PrintLink.tsx';

export type CashPeriodProps = {
  values: { de?: string; ate?: string };
  errors?: FieldErrors;
  /** Present once a search was made. */
  result: {
    /** The entries of the page shown. */
    entries: CashEntry[];
    /** The balance of the whole period (SPEC §9), not of the page. */
    balanceCents: number;
    printHref: string;
    /** Only when the period has more than one page. */
    pager: PagerProps | null;
    /** The chart, totals and exports; absent when the backend has no reports (SPEC §7 only). */
    report?: PeriodReportProps | null;
  } | null;
};

/**
 * Caixa por período (SPEC §2): 'Do dia', 'Até o dia', Buscar; then the balance of the period, the list one
 * page at a time, and a print page.
 */
export function CashPeriod({ values, errors, result }: CashPeriodProps) {
  return (
    <section className="cash-page">
      <h1>Caixa por período</h1>
      <Form action="/caixa-periodo" method="get" className="period" label="Buscar período">
        <DateField name="de" label="Do dia" value={values.de} errors={errors} />
        <DateField name="ate" label="Até o dia" value={values.ate} errors={errors} />
        <button type="submit" className="primary">
          Buscar
        </button>
      </Form>
      {result === null ? (
        <p className="empty">Selecione a data e clique em Buscar</p>
      ) : (
        <>
          <div className="cash-header">
            <p className="total">
              Balanço:{' '}
              <strong className={result.balanceCents < 0 ? 'flow-out' : 'flow-in'}>
                {formatBRL(result.balanceCents)}
              </strong>
            </p>
            <PrintLink href={result.printHref}>Imprimir</PrintLink>
          </div>
          {/* A period without entries has no chart or totals to show, only the message below. */}
          {result.report && result.report.totals.count > 0 ? <PeriodReport {...result.report} /> : null}
          {result.pager ? <Pager {...result.pager} /> : null}
          {result.entries.length === 0 ? (
            <p className="empty">Nenhuma transação foi encontrada para a data.</p>
          ) : (
            <CashTable entries={result.entries} />
          )}
        </>
      )}
    </section>
  );
}
