/** The shop as printed on every sheet: from configuration, with sensible defaults. */
import type { Shop } from '../../contract/web.ts';
import type { WebEnv } from '../env.ts';

export function shopFrom(env: WebEnv): Shop {
  return {
    name: env.SHOP_NAME,
    phones: env.SHOP_PHONES,
    street: env.SHOP_STREET,
    district: env.SHOP_DISTRICT,
    city: env.SHOP_CITY,
    state: env.SHOP_STATE,
    logo: env.SHOP_LOGO,
    tz: env.SHOP_TZ,
  };
}
