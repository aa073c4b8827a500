/** The vocabulary of the Painel and the cash report, shared by the api, the web and the tests. */
import { type OrderKind, TERMINAL_STATUSES } from './statuses.ts';

export const ORDER_KINDS: readonly OrderKind[] = ['normal', 'returned', 'external', 'parts'];

export const KIND_LABELS: Record<OrderKind, string> = {
  normal: 'O.S. Normal',
  returned: 'O.S. de Retorno',
  external: 'Atendimento Externo',
  parts: 'Pedido',
};

/** The windows of the Painel, in shop days ending today (today included). */
export const WINDOWS = [1, 7, 30] as const;
export type WindowDays = (typeof WINDOWS)[number];

/**
 * Ready and waiting for the client: repaired or the client told (normal, returned), the part arrived and
 * the client told (parts). An external service is done at the client's, so it is never waiting here.
 */
export const READY_STATUSES: Record<OrderKind, readonly number[]> = {
  normal: [104, 105],
  returned: [201, 202],
  external: [],
  parts: [101],
};

/** How long a ready order may wait before the Painel flags it, until the shop can set its own. */
export const DEFAULT_AGEING_DAYS = 30;

/** The status an order reaches when it is delivered and paid (finished). */
export const completedStatus = (kind: OrderKind) => TERMINAL_STATUSES[kind].completed;

/** Cash entry types that bring money in: what "revenue" sums (SPEC §9's inflows). */
export const REVENUE_TYPES: readonly number[] = [101, 102, 103, 104];

/** The payment method an entry without one is counted under. */
export const NO_METHOD = 'Sem forma de pagamento';

/** A period longer than this many days is drawn, and reported by the api, one bar (cell) a month. */
export const DAILY_BARS_UP_TO = 62;

/** Days from `start` to `end`, both counted (ISO days). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Shifts a yyyy-MM-dd day by whole days (calendar arithmetic, no time zone involved). */
export function addDays(isoDay: string, days: number): string {
  const t = Date.UTC(Number(isoDay.slice(0, 4)), Number(isoDay.slice(5, 7)) - 1, Number(isoDay.slice(8, 10)));
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}
