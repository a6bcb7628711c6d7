/** The parts of the Faire External API v2 this product uses (see docs: the Faire API contract). */

export type FaireOrderState =
  | 'NEW'
  | 'PROCESSING'
  | 'PRE_TRANSIT'
  | 'IN_TRANSIT'
  | 'DELIVERED'
  | 'CANCELED'
  | 'BACKORDERED'
  | 'PENDING_RETAILER_CONFIRMATION';

export interface FaireMoney {
  amount_minor: number;
  currency: string;
}

export interface FaireShipment {
  id: string;
  order_id: string;
  carrier: string;
  tracking_code: string;
  maker_cost?: FaireMoney | null;
  maker_cost_cents?: number | null;
  shipping_type?: string | null;
  created_at: string;
  updated_at?: string;
}

export interface FaireOrderItem {
  id: string;
  quantity: number;
  price?: FaireMoney | null;
  price_cents?: number | null;
  product_name?: string;
  variant_name?: string | null;
  sku?: string | null;
  state?: string;
}

/** The retailer's ship-to address on an order (kept only for the ShipStation store's export). */
export interface FaireAddress {
  name?: string | null;
  company_name?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  state_code?: string | null;
  postal_code?: string | null;
  country?: string | null;
  country_code?: string | null;
  phone_number?: string | null;
}

export interface FaireOrder {
  id: string;
  display_id?: string;
  created_at: string;
  updated_at: string;
  state: FaireOrderState;
  items: FaireOrderItem[];
  shipments: FaireShipment[];
  address?: FaireAddress | null;
  ship_after?: string | null;
  expected_ship_date?: string | null;
  processing_at?: string | null;
  estimated_payout_at?: string | null;
  payment_initiated_at?: string | null;
  retailer_id?: string | null;
  customer?: { first_name?: string | null; last_name?: string | null } | null;
  payout_costs?: {
    total_payout?: FaireMoney | null;
    subtotal_after_brand_discounts?: FaireMoney | null;
  } | null;
}

export interface FaireOrdersPage {
  orders: FaireOrder[];
  page?: number;
  limit?: number;
  cursor?: string | null;
}

export interface FaireBrandProfile {
  brand_id: string;
  name: string;
  currency?: string;
  locale?: string;
}

export interface FaireRetailer {
  retailer_id: string;
  name: string;
  is_insider?: boolean;
}

export interface NewFaireShipment {
  order_id: string;
  carrier: string;
  tracking_code: string;
  shipping_type: 'SHIP_ON_YOUR_OWN' | 'SHIP_WITH_FAIRE';
  /** The documented cost field, in the brand's currency (`maker_cost_cents` is deprecated: never sent). */
  maker_cost: FaireMoney;
}

export interface ListOrdersParams {
  limit?: number;
  updatedAtMin?: string;
  createdAtMin?: string;
  excludedStates?: FaireOrderState[];
}

/** How a call authenticates: a brand's own token, or an OAuth token plus the application's credentials. */
export type FaireCredentials = { mode: 'ACCESS_TOKEN'; token: string } | { mode: 'OAUTH'; token: string };

/** Scopes the product asks for: brand info, orders, shipments, and writing orders. */
export const FAIRE_SCOPES = [
  'READ_BRAND',
  'READ_ORDERS',
  'READ_SHIPMENTS',
  'WRITE_ORDERS',
  'READ_RETAILER',
] as const;
