import type { FaireOrder } from '../marketplace/index.js';
import { outsideTextOrNull } from '../../common/text/outside-text.js';

/** Where an order goes, as the ShipStation store's export writes it (decision 0071). */
export interface ShipTo {
  name: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  phone: string | null;
}

/** One line of an order, as the export writes it. */
export interface OrderLine {
  sku: string | null;
  name: string | null;
  quantity: number;
  /** Price of one unit in minor units of the order's currency (null: Faire gave none). */
  unitPriceCents: number | null;
}

/** Only orders still to ship keep their address and lines; the others drop them at their next sync. */
const TO_SHIP = new Set(['NEW', 'PROCESSING']);

function text(v: unknown, max: number): string | null {
  const t = typeof v === 'string' ? outsideTextOrNull(v) : null;
  return t ? t.slice(0, max) : null;
}

/**
 * The ship-to address and lines of an order still to ship, or nulls: what the store's export needs,
 * nothing more (no phone of the retailer's staff, no email). Never logged.
 */
export function shippingOf(o: FaireOrder): { shipTo: ShipTo | null; items: OrderLine[] | null } {
  if (!TO_SHIP.has(o.state)) return { shipTo: null, items: null };
  const a = o.address ?? null;
  const shipTo: ShipTo | null = a
    ? {
        name: text(a.name, 100),
        company: text(a.company_name, 100),
        address1: text(a.address1, 200),
        address2: text(a.address2, 200),
        city: text(a.city, 100),
        state: text(a.state_code ?? a.state, 100),
        postalCode: text(a.postal_code, 50),
        country: text(a.country_code, 2),
        phone: text(a.phone_number, 50),
      }
    : null;
  const items = (o.items ?? []).map((i) => {
    const variant = text(i.variant_name, 100);
    const product = text(i.product_name, 200);
    return {
      sku: text(i.sku, 100),
      name: product && variant ? `${product} - ${variant}`.slice(0, 200) : (product ?? variant),
      quantity: Number.isInteger(i.quantity) && i.quantity > 0 ? i.quantity : 0,
      unitPriceCents: i.price?.amount_minor ?? i.price_cents ?? null,
    };
  });
  return { shipTo, items };
}
