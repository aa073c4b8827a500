import type { ReactNode } from 'react';

/**
 * One row of a details list: its label, its value (a text, or an element such as a status label), and
 * the row's class if it has one (a printed ticket sizes its rows).
 */
export type DetailRow = readonly [label: string, value: ReactNode, rowClass?: string];

/**
 * A details list (`<dl class="details">`) of a client, an order or a repair, on screen or on a sheet:
 * each row `<div><dt>label</dt><dd>value</dd></div>`.
 */
export function DetailList({
  rows,
  className = 'details',
}: {
  rows: readonly DetailRow[];
  className?: string;
}) {
  return (
    <dl className={className}>
      {rows.map(([label, value, rowClass]) => (
        <div key={label} className={rowClass}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
