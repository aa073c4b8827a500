/**
 * The revenue chart's data table (StackedBars): a column per payment method that took revenue in the
 * bars, headed by what a bar is, and the server's bars for a short and a long period.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { barsHeading, revenueBars } from '../../server/cash-report.ts';
import { StackedBars } from '../../views/components/StackedBars.tsx';

const columnsOf = (html: string) => [...html.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]);

describe('the revenue chart', () => {
  it('a method with no revenue in the bars (an expense paid in cash) has no column and no legend', () => {
    const bars = revenueBars(
      [
        { date: '2026-11-02', type: 103, payment_method: 'Pix', value: 150, count: 1 },
        { date: '2026-11-03', type: 201, payment_method: 'Dinheiro', value: 40, count: 1 },
      ],
      '2026-11-01',
      '2026-11-05',
    );
    const html = renderToStaticMarkup(
      <StackedBars id="r" caption="Receita" series={['Dinheiro', 'Pix']} bars={bars} />,
    );
    expect(columnsOf(html)).toEqual(['Dia', 'Pix', 'Total']);
    expect(html).not.toContain('Dinheiro');
    // Five bars drawn; the table reads the one day with revenue, and says the others are left out.
    expect(bars).toHaveLength(5);
    expect([...html.matchAll(/<tr><th scope="row">([^<]*)<\/th>/g)].map((m) => m[1])).toEqual([
      '02/11/2026',
      'Total',
    ]);
    expect(html).toContain('Receita — dados do gráfico (só os dias com receita)</caption>');
  });

  it("a period over two months is drawn a bar a month, its table's first column 'Mês'", () => {
    expect(barsHeading('2026-11-01', '2026-11-30')).toBe('Dia');
    expect(barsHeading('2026-01-01', '2026-12-31')).toBe('Mês');
    const bars = revenueBars(
      [{ date: '2026-03-01', type: 103, payment_method: 'Pix', value: 10, count: 1 }],
      '2026-01-01',
      '2026-12-31',
    );
    expect(bars.map((b) => b.title)).toEqual(
      Array.from({ length: 12 }, (_, i) => `${String(i + 1).padStart(2, '0')}/2026`),
    );
    const html = renderToStaticMarkup(
      <StackedBars id="r" caption="Receita" series={['Pix']} bars={bars} heading="Mês" />,
    );
    expect(columnsOf(html)).toEqual(['Mês', 'Pix', 'Total']);
  });
});
