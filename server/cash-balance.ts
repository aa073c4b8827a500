/** Cash entries as the api sends them (reais) -> cents, and SPEC §9's balance of a list of them. */

import type { CashEntry } from '../contract/transactions.ts';
import { reaisToCents } from '../domain/money.ts';
import { PAYMENT_METHODS } from '../domain/payment-methods.ts';
import { balanceByMethod, balanceInCents } from '../domain/transactions.ts';

/** An entry's value in cents; a value with float noise (not from our api) is rounded, never refused. */
export const entryCents = (e: CashEntry) => reaisToCents(e.value) ?? Math.round(e.value * 100);

export const balanceOf = (entries: readonly CashEntry[]) =>
  balanceInCents(entries.map((e) => ({ type: e.type, valueCents: entryCents(e) })));

/** Caixa do dia's and the period's totals per payment method, in the shop's usual order of methods. */
export const balanceByMethodOf = (entries: readonly CashEntry[]) =>
  balanceByMethod(
    entries.map((e) => ({ type: e.type, valueCents: entryCents(e), method: e.payment_method })),
    PAYMENT_METHODS,
  );
