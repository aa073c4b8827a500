/** The shop as printed on every sheet: from configuration, with sensible defaults. */
import type { WebEnv } from '../env.ts';

export type Shop = {
  name: string;
  phones: string;
  street: string;
  district: string;
  city: string;
  state: string;
  logo: string;
};

export function shopFrom(env: WebEnv): Shop {
  return {
    name: env.SHOP_NAME,
    phones: env.SHOP_PHONES,
    street: env.SHOP_STREET,
    district: env.SHOP_DISTRICT,
    city: env.SHOP_CITY,
    state: env.SHOP_STATE,
    logo: env.SHOP_LOGO,
  };
}
