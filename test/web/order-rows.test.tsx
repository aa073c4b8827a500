/**
 * The lists by status, Consulta's order results and the return order's picker write their rows as one
 * string (OrderRows) rather than through React: they must be exactly the markup React writes for the same
 * rows (the component below, as the lists had it), hostile text, odd ids and unknown statuses included.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type OrderRow, OrderRows, orderRowOf } from '../../views/components/OrderRows.tsx';
import { StatusLabel } from '../../views/components/StatusLabel.tsx';
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

/** The rows as React wrote them before. */
function ReactOrderRows({ rows, linkLabel = 'Abrir' }: { rows: OrderRow[]; linkLabel?: string }) {
  return (
    <ul className="rows results">
      {rows.map((r) => (
        <li key={`${r.kind}-${r.id}`} className="cols-5">
          <span>{r.number}</span>
          <span>{r.clientName}</span>
          <span>{r.itemName}</span>
          <StatusLabel kind={r.kind} code={r.status} />
          <a href={r.href}>{linkLabel}</a>
        </li>
      ))}
    </ul>
  );
}

describe('OrderRows', () => {
  it.each(['Abrir', 'Selecionar'])('writes the same markup as React does for the same rows (%s)', (label) => {
    const written = renderToStaticMarkup(<OrderRows rows={ROWS} linkLabel={label} />);
    expect(written).toBe(renderToStaticMarkup(<ReactOrderRows rows={ROWS} linkLabel={label} />));
    expect(written.match(/<li class="cols-5">/g)).toHaveLength(ROWS.length);
  });

  it('links each order to its page, a parts order to /pedido/, its id encoded', () => {
    const written = renderToStaticMarkup(<OrderRows rows={ROWS} />);
    expect(written).toContain('<a href="/os/1">Abrir</a>');
    expect(written).toContain('<a href="/os/2">Abrir</a>');
    expect(written).toContain('<a href="/pedido/9%22%3C%3E%26">Abrir</a>');
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
