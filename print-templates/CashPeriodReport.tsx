/**
 * A period's cash on one or two A4 sheets (docs/decisions/022): the revenue chart stacked by payment
 * method with its data, the totals by entry type and by method, and the balance — the figures, not the
 * entries (those go to the accountant as CSV or XLSX).
 */

import type { CashTotals as Totals } from '../contract/reports.ts';
import type { Shop } from '../contract/web.ts';
import { CashTotals } from '../views/components/CashTotals.tsx';
import { type Bar, StackedBars } from '../views/components/StackedBars.tsx';
import { NOT_FISCAL } from './Document.tsx';
import { ShopHeader } from './ShopHeader.tsx';

export function CashPeriodReport(props: {
  shop: Shop;
  title: string;
  series: string[];
  bars: Bar[];
  /** What a bar is: 'Dia' or 'Mês'. */
  heading: string;
  totals: Totals;
  /** The period's list, where every number of the sheet leads on screen. */
  href: string;
}) {
  return (
    <section className="sheet period-report">
      <p className="screen-only print-hint">Use Ctrl+P para imprimir.</p>
      <ShopHeader shop={props.shop} title={props.title} />
      <StackedBars
        id="receita-periodo"
        caption="Receita do período por forma de pagamento"
        series={props.series}
        bars={props.bars}
        heading={props.heading}
        seriesHref={() => props.href}
      />
      <CashTotals totals={props.totals} href={props.href} caption="Totais do período" />
      <p className="not-fiscal">{NOT_FISCAL}</p>
    </section>
  );
}
