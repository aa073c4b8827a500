import { type OrderKind, statusLabel } from '../../domain/statuses.ts';
import { escapeHtml } from '../escape-html.ts';

/** A status code shown as its pt-BR label, styled by its code. */
export function StatusLabel({ kind, code }: { kind: OrderKind; code: number }) {
  return <span className={`status status-${kind}-${code}`}>{statusLabel(kind, code)}</span>;
}

/** StatusLabel's markup as a string, for the lists written as one string (decision 015). */
export function statusLabelHtml(kind: OrderKind, code: number): string {
  return `<span class="${escapeHtml(`status status-${kind}-${code}`)}">${escapeHtml(statusLabel(kind, code))}</span>`;
}
