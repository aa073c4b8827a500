/** Cash entries as the api sends them (reais) -> cents, and SPEC §9's balance of a list of them. */
import { reaisToCents } from '../domain/money.ts';
import { balanceInCents } from '../domain/transactions.ts';
import type { CashEntry } from './backend/cash.ts';

/** An entry's value in cents; a value with float noise (not from our api) is rounded, never refused. */
export const entryCents = (e: CashEntry) => reaisToCents(e.value) ?? Math.round(e.value * 100);

export const balanceOf = (entries: readonly CashEntry[]) =>
  balanceInCents(entries.map((e) => ({ type: e.type, valueCents: entryCents(e) })));
