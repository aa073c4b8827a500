/**
 * What the cash list of SPEC §2 shows of an entry: the 9 column headers and each cell's text, the value
 * signed as SPEC §9 says with its flow (the colour). CashTable draws its cells from here, and the cash
 * report's sheet and export name the same columns.
 */

import type { CashEntry } from '../../contract/transactions.ts';
import { formatBRL, reaisToCents } from '../../domain/money.ts';
import { type Flow, flowOf, transactionLabel } from '../../domain/transactions.ts';
import { businessDay } from '../format.ts';

/** Date, type, description, value, payment method, order number, product name, brand, client name. */
export const CASH_HEADERS = [
  'Data',
  'Tipo',
  'Descrição',
  'Valor',
  'Forma de pagamento',
  'O.S./Pedido',
  'Produto',
  'Marca',
  'Cliente',
] as const;

/** The value's place among the cells: it is drawn in its flow's colour. */
export const VALUE_COLUMN = 3;

export type EntryValueText = { flow: Flow; text: string };

/** SPEC §9 colours and signs: outflows (201) red with a minus, inflows green, cancellations neutral. */
export function entryValue(entry: CashEntry): EntryValueText {
  const flow = flowOf(entry.type);
  const cents = reaisToCents(entry.value) ?? Math.round(entry.value * 100);
  return { flow, text: flow === 'out' ? `-${formatBRL(cents)}` : formatBRL(cents) };
}

/** The texts of the 9 cells, in the order of CASH_HEADERS; '-' where the entry has nothing. */
export function cashCellTexts(entry: CashEntry, value: EntryValueText = entryValue(entry)): string[] {
  const so = entry.service_order;
  return [
    businessDay(entry.date),
    transactionLabel(entry.type),
    entry.description || '-',
    value.text,
    entry.payment_method ?? '-',
    so?.number ?? entry.order?.number ?? '-',
    so?.product_name ?? entry.order?.piece_name ?? '-',
    so?.product_brand ?? '-',
    so?.client?.name ?? entry.order?.client?.name ?? '-',
  ];
}
