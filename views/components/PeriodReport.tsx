/** The period's chart and totals on Caixa por período, with its exports and printable report. */
import type { CashTotals as Totals } from '../../contract/reports.ts';
import { CashTotals } from './CashTotals.tsx';
import { PrintLink } from './PrintLink.tsx';
import { type Bar, StackedBars } from './StackedBars.tsx';

export type PeriodReportProps = {
  series: string[];
  bars: Bar[];
  /** What a bar is: 'Dia' or 'Mês'. */
  heading: string;
  totals: Totals;
  csvHref: string;
  xlsxHref: string;
  reportHref: string;
};

export function PeriodReport(props: PeriodReportProps) {
  return (
    <div className="period-report">
      <p className="actions">
        <a className="button secondary" href={props.csvHref} download>
          Exportar CSV
        </a>
        <a className="button secondary" href={props.xlsxHref} download>
          Exportar XLSX
        </a>
        <PrintLink href={props.reportHref} className="button secondary">
          Relatório para imprimir
        </PrintLink>
      </p>
      <StackedBars
        id="receita-periodo"
        caption="Receita do período por forma de pagamento"
        series={props.series}
        bars={props.bars}
        heading={props.heading}
      />
      {/* The totals' list is this very page: the numbers are plain; a day's bar leads to that day. */}
      <CashTotals totals={props.totals} caption="Totais do período" />
    </div>
  );
}
