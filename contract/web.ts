/**
 * Shapes the web's routes hand to the views and print templates that are not calls of SPEC §7:
 * kept here so that views and templates import nothing from the server.
 */
import type { ClientFieldName } from '../domain/clients.ts';

/** A message shown once at the top of the next page (SPEC §8 toasts). */
export type Toast = { kind: 'success' | 'error'; text: string };

/** What the person typed in the client form, put back as typed. */
export type ClientValues = Partial<Record<ClientFieldName, string>>;

/** The shop as printed on every sheet. */
export type Shop = {
  name: string;
  phones: string;
  street: string;
  district: string;
  city: string;
  state: string;
  logo: string;
  /** The shop's time zone (SHOP_TZ): the days printed on its sheets. */
  tz: string;
};
