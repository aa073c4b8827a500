/**
 * The rows of the lists by status, Consulta's order results and the return order's picker (OrderRows):
 * five columns a row (number, client, product or piece, status, the link), hostile text, odd ids and
 * unknown statuses included.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type OrderRow, OrderRows, orderRowOf } from '../../views/components/OrderRows.tsx';
import { expectHostileTextEscaped, HOSTILE_TEXT } from '../support/html.ts';

const ROWS: OrderRow[] = [
  orderRowOf(
    { id: 1, number: 'M00001', status: 100, product_name: 'Notebook', client: { name: 'Ana' } },
    'normal',
  ),
  orderRowOf(
    { id: 2, number: 'R00001', status: 103, product_name: HOSTILE_TEXT, client: { name: HOSTILE_TEXT } },
    'returned',
  ),
  orderRowOf({ id: 3, number: 'E00001', status: 999, product_name: '  ', client: null }, 'external'),
  orderRowOf({ id: `9"<>&`, number: HOSTILE_TEXT, status: 200, piece_name: 'Tela' }, 'parts'),
  orderRowOf({ id: 5, number: 'M00005', status: 100 }, 'normal', `/abrir-os-retorno?original=5&x="y"`),
];

/** Each row's five cells as text, the status with its class, the link with its address. */
function rowsOf(html: string): string[][] {
  return [...html.matchAll(/<li class="cols-5">([\s\S]*?)<\/li>/g)].map((m) =>
    [...(m[1] ?? '').matchAll(/<(span|a)( [^>]*)?>([^<]*)<\/\1>/g)].map((c) =>
      `${c[2] ?? ''}|${c[3]}`.trim(),
    ),
  );
}

describe('OrderRows', () => {
  it.each(['Abrir', 'Selecionar'])('shows each order in five columns, the link named %s', (label) => {
    const written = renderToStaticMarkup(<OrderRows rows={ROWS} linkLabel={label} />);
    expect(written.startsWith('<ul class="rows results"><li class="cols-5">')).toBe(true);
    const rows = rowsOf(written);
    expect(rows).toHaveLength(ROWS.length);
    expect(rows[0]).toEqual([
      '|M00001',
      '|Ana',
      '|Notebook',
      'class="status status-normal-100"|Pendente de Orçamento',
      `href="/os/1" aria-label="${label} M00001"|${label}`,
    ]);
    for (const row of rows) expect(row).toHaveLength(5);
  });

  it('links each order to its page, a parts order to /pedido/, its id encoded', () => {
    const written = renderToStaticMarkup(<OrderRows rows={ROWS} />);
    // Each link is named with its order, for a screen reader's list of links.
    expect(written).toContain('<a href="/os/1" aria-label="Abrir M00001">Abrir</a>');
    expect(written).toContain('<a href="/os/2" aria-label="Abrir R00001">Abrir</a>');
    expect(written).toMatch(/<a href="\/pedido\/9%22%3C%3E%26" aria-label="Abrir [^"]*">Abrir<\/a>/);
    expect(written).toContain(
      '<span>-</span><span>-</span><span class="status status-external-999">999</span>',
    );
  });

  it('never lets the text of an order out as markup', () => {
    const written = renderToStaticMarkup(<OrderRows rows={ROWS} />);
    expectHostileTextEscaped(written);
    expect(written).toContain('href="/abrir-os-retorno?original=5&amp;x=&quot;y&quot;"');
  });
});
