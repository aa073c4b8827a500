import type { Shop } from '../contract/web.ts';

/** Logo, shop name and contacts, and the "not a fiscal document" notice (SPEC §1). */
export function ShopHeader({ shop, title }: { shop: Shop; title: string }) {
  const address = [shop.street, shop.district, [shop.city, shop.state].filter(Boolean).join('/')]
    .filter(Boolean)
    .join(' · ');
  return (
    <header className="sheet-header">
      <img src={shop.logo} alt="" width="48" height="48" />
      <div>
        <p className="shop-name">{shop.name}</p>
        {shop.phones ? <p className="shop-contact">{shop.phones}</p> : null}
        {address ? <p className="shop-contact">{address}</p> : null}
      </div>
      <p className="sheet-title">{title}</p>
    </header>
  );
}
