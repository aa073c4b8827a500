/** The period's totals by entry type: each type as it weighs on the balance, so the column adds up. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cashTotals } from '../../server/cash-report.ts';
import { CashTotals } from '../../views/components/CashTotals.tsx';

const rowsOf = (html: string) =>
  [
    ...html.matchAll(
      /<tr><th scope="row">([^<]*)<\/th><td[^>]*><a[^>]*>[^<]*<\/a><\/td><td class="([^"]*)"><a[^>]*>([^<]*)<\/a>/g,
    ),
  ].map((m) => [m[1], m[2], (m[3] ?? '').replace(/\u00a0/g, ' ')]);

describe('the totals by entry type', () => {
  it('a purchase (outflow) reads minus and in red, so sales less purchases make the balance shown', () => {
    const totals = cashTotals([
      { date: '2026-11-24', type: 103, payment_method: 'Pix', value: 150, count: 1 },
      { date: '2026-11-24', type: 103, payment_method: 'Dinheiro', value: 1234.56, count: 1 },
      { date: '2026-11-24', type: 201, payment_method: 'Dinheiro', value: 45.5, count: 1 },
    ]);
    const html = renderToStaticMarkup(<CashTotals totals={totals} href="/caixa-periodo" caption="Totais" />);
    expect(rowsOf(html.split('</table>')[0] ?? '')).toEqual([
      ['VENDA', 'money', 'R$ 1.384,56'],
      ['COMPRA', 'money flow-out', '-R$ 45,50'],
      ['Saldo', 'money flow-in', 'R$ 1.339,06'],
    ]);
  });
});
