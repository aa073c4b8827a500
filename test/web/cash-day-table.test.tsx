/**
 * Caixa do dia writes its rows as one string (CashDayTable) rather than through React: they must be
 * exactly the markup React writes for the same cells and links (CashTable with those links as its
 * actions), hostile text, odd ids and missing fields included.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CashEntry } from '../../contract/transactions.ts';
import { isManualEntryType } from '../../domain/transactions.ts';
import { CashDayTable } from '../../views/components/CashDayTable.tsx';
import { CashTable } from '../../views/components/CashTable.tsx';
import { expectHostileTextEscaped, HOSTILE_TEXT } from '../support/html.ts';

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

/** What React writes for the day's list: CashTable with the edit and delete links as its actions. */
function ReactDayTable({ entries }: { entries: CashEntry[] }) {
  return (
    <CashTable
      entries={entries}
      actions={(e) => (
        <>
          {isManualEntryType(e.type) ? (
            <a
              href={`/caixa-hoje?editar=${e.id}`}
              className="icon-link edit"
              aria-label={`Editar lançamento ${e.description || e.id}`}
              title="Editar"
            >
              Editar
            </a>
          ) : null}
          <a
            href={`/caixa-hoje?deletar=${e.id}`}
            className="icon-link trash"
            aria-label={`Excluir lançamento ${e.description || e.id}`}
            title="Excluir"
          >
            Excluir
          </a>
        </>
      )}
    />
  );
}

describe('CashDayTable', () => {
  it('writes the same markup as React does for the same rows', () => {
    const written = renderToStaticMarkup(<CashDayTable entries={ENTRIES} />);
    const reference = renderToStaticMarkup(<ReactDayTable entries={ENTRIES} />);
    expect(written).toBe(reference);
    expect(written.match(/<tr class="flow-row-/g)).toHaveLength(ENTRIES.length);
  });

  it('never lets the text of an entry out as markup', () => {
    const written = renderToStaticMarkup(<CashDayTable entries={ENTRIES} />);
    expectHostileTextEscaped(written);
    expect(written).toContain('href="/caixa-hoje?deletar=7&quot;&amp;&lt;0&gt;"');
  });
});
