/**
 * A bar chart stacked by payment method, drawn as SVG on the server (docs/decisions/022): no script,
 * sharp in print, and followed by its data table, which is what a screen reader reads (the SVG itself is
 * one labelled image). Every number of the table links to the list behind it.
 */
import { formatBRL } from '../../domain/money.ts';

export type Bar = { label: string; title: string; href: string; cents: Record<string, number> };

export type StackedBarsProps = {
  /** Names the chart and its table. */
  caption: string;
  /** The stacks, bottom first (payment methods). */
  series: readonly string[];
  bars: readonly Bar[];
  /** Where a method's total links to (its column's total). */
  seriesHref?: (name: string) => string;
  /** What a bar is, heading the table's first column: 'Dia', or 'Mês' for a long period. */
  heading?: string;
  id: string;
};

/** Colours told apart in grey as well: dark and light alternate. */
const PALETTE = ['#1f5f8b', '#f2a541', '#2e8540', '#c94c4c', '#7a5ea8', '#8fc1e3', '#595959', '#d7c95f'];
export const colourOf = (index: number) => PALETTE[index % PALETTE.length] as string;

const WIDTH = 720;
const HEIGHT = 260;
const LEFT = 84;
const BOTTOM = 28;
const TOP = 10;

/** 0, a quarter, a half... of a round maximum: ticks a person reads at a glance. */
function niceMax(cents: number): number {
  if (cents <= 0) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(cents));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= cents) return step * magnitude;
  }
  return 10 * magnitude;
}

const totalOf = (bar: Bar) => Object.values(bar.cents).reduce((s, v) => s + v, 0);

export function StackedBars({
  caption,
  series: methods,
  bars,
  seriesHref,
  heading = 'Dia',
  id,
}: StackedBarsProps) {
  // A method with no revenue in these bars (used only for expenses) would be a column of dashes.
  const series = methods.filter((s) => bars.some((b) => (b.cents[s] ?? 0) !== 0));
  const max = niceMax(Math.max(0, ...bars.map(totalOf)));
  const plotW = WIDTH - LEFT - 8;
  const plotH = HEIGHT - TOP - BOTTOM;
  const slot = plotW / Math.max(1, bars.length);
  const barW = Math.max(1, slot * 0.72);
  const y = (cents: number) => TOP + plotH - (cents / max) * plotH;
  // At most about 10 labels under the bars, however many bars.
  const labelEvery = Math.max(1, Math.ceil(bars.length / 10));
  const columnTotals = series.map((s) => bars.reduce((sum, b) => sum + (b.cents[s] ?? 0), 0));
  // The table lists the bars with revenue: in a month with a few busy days, those are what is read, not
  // a box of empty rows to scroll through (the chart still draws every day).
  const rows = bars.filter((b) => totalOf(b) !== 0);
  return (
    <figure className="chart" id={id}>
      <figcaption id={`${id}-caption`}>{caption}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-caption`}
        aria-describedby={`${id}-table`}
        className="chart-svg"
      >
        <title>{caption}</title>
        {[0, 0.25, 0.5, 0.75, 1].map((f) => (
          <g key={f}>
            <line x1={LEFT} x2={WIDTH - 8} y1={y(max * f)} y2={y(max * f)} className="chart-grid" />
            <text x={LEFT - 6} y={y(max * f) + 4} textAnchor="end" className="chart-tick">
              {formatBRL(Math.round(max * f))}
            </text>
          </g>
        ))}
        {bars.map((bar, i) => {
          const x = LEFT + i * slot + (slot - barW) / 2;
          let base = 0;
          return (
            <g key={bar.label}>
              {series.map((s, si) => {
                const v = bar.cents[s] ?? 0;
                if (v <= 0) return null;
                const top = y(base + v);
                const height = y(base) - top;
                base += v;
                return (
                  <rect key={s} x={x} y={top} width={barW} height={height} fill={colourOf(si)}>
                    <title>{`${bar.title} — ${s}: ${formatBRL(v)}`}</title>
                  </rect>
                );
              })}
              {i % labelEvery === 0 ? (
                <text x={x + barW / 2} y={HEIGHT - 10} textAnchor="middle" className="chart-tick">
                  {bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ul className="chart-legend" aria-hidden="true">
        {series.map((s, si) => (
          <li key={s}>
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <rect width="12" height="12" fill={colourOf(si)} />
            </svg>
            {s}
          </li>
        ))}
      </ul>
      <div className="chart-table">
        <table id={`${id}-table`}>
          <caption>
            {caption} — dados do gráfico
            {rows.length < bars.length ? ` (só os ${heading === 'Mês' ? 'meses' : 'dias'} com receita)` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">{heading}</th>
              {series.map((s) => (
                <th key={s} scope="col">
                  {s}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.title}</th>
                {series.map((s) => (
                  <td key={s} className="money">
                    {bar.cents[s] ? <a href={bar.href}>{formatBRL(bar.cents[s] ?? 0)}</a> : '-'}
                  </td>
                ))}
                <td className="money">
                  <a href={bar.href}>{formatBRL(totalOf(bar))}</a>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {series.map((s, si) => (
                <td key={s} className="money">
                  {seriesHref ? (
                    <a href={seriesHref(s)}>{formatBRL(columnTotals[si] ?? 0)}</a>
                  ) : (
                    formatBRL(columnTotals[si] ?? 0)
                  )}
                </td>
              ))}
              <td className="money">{formatBRL(columnTotals.reduce((a, b) => a + b, 0))}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </figure>
  );
}
