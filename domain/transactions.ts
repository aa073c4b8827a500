/** Cash entry types (SPEC §3) and the balance rule of SPEC §9, in integer cents. */

export const TRANSACTION_TYPES = {
  UPFRONT_PAYMENT: 101,
  SERVICE_ORDER_CLOSED: 102,
  SALE: 103,
  PARTS_ORDER_CLOSED: 104,
  PURCHASE: 201,
  SERVICE_ORDER_CANCELLED: 301,
  PARTS_ORDER_CANCELLED: 302,
} as const;

export type TransactionType = (typeof TRANSACTION_TYPES)[keyof typeof TRANSACTION_TYPES];

export const TRANSACTION_LABELS: Record<TransactionType, string> = {
  101: 'PAGAMENTO ADIANTADO',
  102: 'O.S. FINALIZADA',
  103: 'VENDA',
  104: 'PEDIDO FINALIZADO',
  201: 'COMPRA',
  301: 'O.S. CANCELADA',
  302: 'PEDIDO CANCELADO',
};

/** The manual entry form offers only these two (SPEC §3), and only these can be edited. */
export const MANUAL_ENTRY_TYPES: readonly { code: TransactionType; label: string }[] = [
  { code: 103, label: 'Entrada' },
  { code: 201, label: 'Saida' },
];

const INFLOWS: ReadonlySet<number> = new Set([101, 102, 103, 104]);
const OUTFLOWS: ReadonlySet<number> = new Set([201]);

export type Flow = 'in' | 'out' | 'cancelled';

export function flowOf(type: number): Flow {
  if (OUTFLOWS.has(type)) return 'out';
  if (INFLOWS.has(type)) return 'in';
  return 'cancelled';
}

export function transactionLabel(type: number): string {
  return TRANSACTION_LABELS[type as TransactionType] ?? String(type);
}

export function isManualEntryType(type: number): boolean {
  return MANUAL_ENTRY_TYPES.some((t) => t.code === type);
}

/** Balance of SPEC §9: inflows 101–104 minus purchases 201; cancellations do not count. */
export function balanceInCents(entries: readonly { type: number; valueCents: number }[]): number {
  let total = 0;
  for (const e of entries) {
    const flow = flowOf(e.type);
    if (flow === 'in') total += e.valueCents;
    else if (flow === 'out') total -= e.valueCents;
  }
  return total;
}

/** What a period holds of one entry type: how many entries and their sum, in cents. */
export type TypeTotal = { type: number; count: number; totalCents: number };

/**
 * The same balance of SPEC §9 from totals by type (a period's summary) instead of entry by entry: the
 * balance of a whole period without holding its entries.
 */
export function balanceOfTypeTotals(totals: readonly TypeTotal[]): number {
  return balanceInCents(totals.map((t) => ({ type: t.type, valueCents: t.totalCents })));
}

/** One payment method's part of the balance: what came in by it less what went out by it, in cents. */
export type MethodTotal = { method: string; cents: number };

/** The name a cash entry without a payment method is counted under. */
export const NO_PAYMENT_METHOD = 'Sem forma de pagamento';

/**
 * The balance of SPEC §9 split by payment method (Dinheiro, Pix, Cartão…): each method's inflows less its
 * purchases; cancellations do not count, and a method with only cancellations is left out. The shop's
 * own methods come first in their usual order (`order`), any other text after them by name.
 */
export function balanceByMethod(
  entries: readonly { type: number; valueCents: number; method: string | null | undefined }[],
  order: readonly string[] = [],
): MethodTotal[] {
  const totals = new Map<string, number>();
  for (const e of entries) {
    const flow = flowOf(e.type);
    if (flow === 'cancelled') continue;
    const method = e.method?.trim() || NO_PAYMENT_METHOD;
    totals.set(method, (totals.get(method) ?? 0) + (flow === 'in' ? e.valueCents : -e.valueCents));
  }
  const rank = (m: string) => {
    const i = order.indexOf(m);
    return i === -1 ? (m === NO_PAYMENT_METHOD ? order.length + 1 : order.length) : i;
  };
  return [...totals]
    .map(([method, cents]) => ({ method, cents }))
    .sort((a, b) => rank(a.method) - rank(b.method) || a.method.localeCompare(b.method, 'pt-BR'));
}
