import { escapeChild, escapeHtml } from '../escape-html.ts';

/** Markup already made safe by one of the views' string helpers (a status label), put in as it is. */
export type TrustedHtml = { readonly html: string };

/**
 * One row of a details list: its label, its value as text or as trusted markup, and the row's class if
 * it has one (a printed ticket sizes its rows).
 */
export type DetailRow = readonly [label: string, value: string | TrustedHtml, rowClass?: string];

/**
 * The rows of a details list (`<dl class="details">`), each `<div><dt>label</dt><dd>value</dd></div>`,
 * as one string.
 *
 * Clients, orders and their repairs are read as such label/value rows: an order page shows about 30 of
 * them and a printed sheet four tickets of a dozen, the largest part of what React rendered there
 * (npm run bench; docs/decisions/015-lists-written-as-strings.md). Every text is escaped (escapeHtml,
 * escapeChild); the markup is byte for byte what React wrote for it (test/web/detail-list.test.tsx).
 */
export function detailRowsHtml(rows: readonly DetailRow[]): string {
  let html = '';
  for (const [label, value, rowClass] of rows) {
    // escapeChild, not escapeHtml: a value the api left out prints as nothing, as React prints it.
    const shown = typeof value === 'object' && value !== null ? value.html : escapeChild(value);
    const open = rowClass === undefined ? '<div>' : `<div class="${escapeHtml(rowClass)}">`;
    html += `${open}<dt>${escapeHtml(label)}</dt><dd>${shown}</dd></div>`;
  }
  return html;
}

/** A details list (label/value rows) of a client, an order or a repair, on screen or on a sheet. */
export function DetailList({
  rows,
  className = 'details',
}: {
  rows: readonly DetailRow[];
  className?: string;
}) {
  return (
    <dl
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: every label and text value is escaped (escapeHtml, escapeChild)
      dangerouslySetInnerHTML={{ __html: detailRowsHtml(rows) }}
    />
  );
}
