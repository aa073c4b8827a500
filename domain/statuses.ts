/**
 * Status codes of every kind of order (SPEC §4) with their pt-BR labels.
 * The codes are the wire values; the labels are what staff read on screen and on paper.
 */

export type StatusOption = { code: number; label: string };

export const NORMAL_STATUSES: readonly StatusOption[] = [
  { code: 100, label: 'Pendente de Orçamento' },
  { code: 101, label: 'Orçamento Criado' },
  { code: 102, label: 'Orçamento Aprovado' },
  { code: 103, label: 'Peças Pendentes' },
  { code: 104, label: 'Consertada' },
  { code: 105, label: 'Cliente Notificado' },
  { code: 106, label: 'Produto Entregue Sem Recebimento' },
  { code: 107, label: 'Cancelada' },
  { code: 108, label: 'Finalizada' },
  { code: 109, label: 'Orçamento Não Aprovado' },
  { code: 110, label: 'Produto Sem Defeito' },
  { code: 111, label: 'Não Compensa' },
  { code: 112, label: 'Sem Peças de Reposição' },
];

export const RETURNED_STATUSES: readonly StatusOption[] = [
  { code: 200, label: 'Pendente' },
  { code: 201, label: 'Consertada' },
  { code: 202, label: 'Cliente Notificado' },
  { code: 203, label: 'Produto Entregue Sem Recebimento' },
  { code: 204, label: 'Cancelada' },
  { code: 205, label: 'Finalizada' },
  { code: 206, label: 'Orçamento Não Aprovado' },
  { code: 207, label: 'Produto Sem Defeito' },
  { code: 208, label: 'Não Compensa' },
  { code: 209, label: 'Sem Peças de Reposição' },
];

export const EXTERNAL_STATUSES: readonly StatusOption[] = [
  { code: 300, label: 'Pendente' },
  { code: 301, label: 'Finalizado' },
  { code: 302, label: 'Cancelado' },
];

export const PARTS_ORDER_STATUSES: readonly StatusOption[] = [
  { code: 100, label: 'Aguardando pedido' },
  { code: 101, label: 'Cliente Notificado' },
  { code: 102, label: 'Pedido Entregue Sem Recebimento' },
  { code: 103, label: 'Cancelado' },
  { code: 104, label: 'Finalizado' },
];

export type OrderKind = 'normal' | 'returned' | 'external' | 'parts';

const STATUSES_BY_KIND: Record<OrderKind, readonly StatusOption[]> = {
  normal: NORMAL_STATUSES,
  returned: RETURNED_STATUSES,
  external: EXTERNAL_STATUSES,
  parts: PARTS_ORDER_STATUSES,
};

/** Statuses reached only by cancelling or closing (SPEC §4 "Terminal statuses"). */
export const TERMINAL_STATUSES: Record<OrderKind, { cancelled: number; completed: number }> = {
  normal: { cancelled: 107, completed: 108 },
  returned: { cancelled: 204, completed: 205 },
  external: { cancelled: 302, completed: 301 },
  parts: { cancelled: 103, completed: 104 },
};

export function statusesOf(kind: OrderKind): readonly StatusOption[] {
  return STATUSES_BY_KIND[kind];
}

/** The status a new order of the kind starts in (API.md Orders: 100, 200, 300, 100). */
export function firstStatus(kind: OrderKind): number {
  return statusesOf(kind)[0]?.code ?? 100;
}

export function statusLabel(kind: OrderKind, code: number): string {
  return STATUSES_BY_KIND[kind].find((s) => s.code === code)?.label ?? String(code);
}

export function isTerminal(kind: OrderKind, code: number): boolean {
  const t = TERMINAL_STATUSES[kind];
  return code === t.cancelled || code === t.completed;
}

export function isStatusOf(kind: OrderKind, code: number): boolean {
  return STATUSES_BY_KIND[kind].some((s) => s.code === code);
}

/** The options an edit screen offers: every status of the kind but the terminal ones. */
export function editableStatuses(kind: OrderKind): readonly StatusOption[] {
  return STATUSES_BY_KIND[kind].filter((s) => !isTerminal(kind, s.code));
}

/** The parts-order edit offers only the first three statuses (SPEC §4): cancelling and closing have their own actions. */
export const EDITABLE_PARTS_STATUSES = editableStatuses('parts');

/** SPEC §4: the finish date is the creation date once cancelled or completed (normal and returned). */
export function showsFinishDate(kind: OrderKind, code: number): boolean {
  return (kind === 'normal' || kind === 'returned') && isTerminal(kind, code);
}
