import { type OrderKind, statusLabel } from '../../domain/statuses.ts';

/** A status code shown as its pt-BR label, styled by its code. */
export function StatusLabel({ kind, code }: { kind: OrderKind; code: number }) {
  return <span className={`status status-${kind}-${code}`}>{statusLabel(kind, code)}</span>;
}
