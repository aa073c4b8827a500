/**
 * Caixa do dia's list (CashDayTable): the 9 columns and the edit (sales and purchases only) and delete
 * links of each entry, hostile text, odd ids and missing fields included.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CashEntry } from '../../contract/transactions.ts';
import { CashDayTable } from '../../views/components/CashDayTable.tsx';
import { expectHostileTextEscaped, HOSTILE_TEXT, HOSTILE_TEXT_ESCAPED } from '../support/html.ts';

/** Every entry type, with and without an order, with texts that must be escaped and some left empty. */
const ENTRIES: CashEntry[] = [103, 201, 101, 102, 104, 301, 302].flatMap((type, i) => [
  {
    id: 100 + i,
    type,
    value: 1234.5 + i,
    description: i % 2 ? HOSTILE_TEXT : '',
    date: '2026-11-22',
    payment_method: i % 3 ? HOSTILE_TEXT : null,
    service_order:
      i % 2
        ? {
            number: HOSTILE_TEXT,
            product_name: HOSTILE_TEXT,
            product_brand: null,
            client: { name: HOSTILE_TEXT },
          }
        : null,
    order: i % 3 === 0 ? { number: 'P00001', piece_name: HOSTILE_TEXT, client: { name: null } } : null,
  },
  {
    id: `7"&<${i}>`,
    type,
    value: 0.1 + 0.2,
    description: `Lançamento ${i}`,
    date: '2026-11-22T23:30:00.000Z',
    payment_method: 'Pix',
  },
]);

/** Each row's cells as text, and the links of its last cell as [aria-label, href]. */
function rowsOf(html: string): { cells: string[]; links: [string, string][] }[] {
  return [...html.matchAll(/<tr class="flow-row-[a-z]+">([\s\S]*?)<\/tr>/g)].map((m) => {
    const row = m[1] ?? '';
    const cells = [...row.matchAll(/<td>(?:<span[^>]*>)?([^<]*)(?:<\/span>)?<\/td>/g)].map((c) => c[1] ?? '');
    const links = [
      ...row.matchAll(/<a id="[^"]+" href="([^"]+)" class="icon-link [a-z]+" aria-label="([^"]+)"/g),
    ].map((l): [string, string] => [l[2] ?? '', l[1] ?? '']);
    return { cells, links };
  });
}

describe('CashDayTable', () => {
  it("shows every entry's 9 cells, and edit and delete for sales and purchases, delete for the rest", () => {
    const written = renderToStaticMarkup(<CashDayTable entries={ENTRIES} />);
    expect(written).toContain('<th>Ações</th>');
    const rows = rowsOf(written);
    expect(rows).toHaveLength(ENTRIES.length);
    for (const row of rows) expect(row.cells).toHaveLength(9);
    // A sale (103) without a description is named by its id; a purchase (201) may be edited too.
    expect(rows[0]?.links).toEqual([
      ['Editar lançamento 100', '/caixa-hoje?editar=100'],
      ['Excluir lançamento 100', '/caixa-hoje?deletar=100'],
    ]);
    expect(rows[1]?.links).toEqual([
      ['Editar lançamento Lançamento 0', '/caixa-hoje?editar=7&quot;&amp;&lt;0&gt;'],
      ['Excluir lançamento Lançamento 0', '/caixa-hoje?deletar=7&quot;&amp;&lt;0&gt;'],
    ]);
    expect(rows[2]?.links.map(([label]) => label)).toEqual([
      `Editar lançamento ${HOSTILE_TEXT_ESCAPED}`,
      `Excluir lançamento ${HOSTILE_TEXT_ESCAPED}`,
    ]);
    // An upfront payment (101) is not a manual entry: it can only be deleted.
    expect(rows[4]?.links).toEqual([['Excluir lançamento 102', '/caixa-hoje?deletar=102']]);
    expect(written).toContain('<tr class="flow-row-out">');
  });

  it('never lets the text of an entry out as markup', () => {
    const written = renderToStaticMarkup(<CashDayTable entries={ENTRIES} />);
    expectHostileTextEscaped(written);
    expect(written).toContain('href="/caixa-hoje?deletar=7&quot;&amp;&lt;0&gt;"');
  });
});
