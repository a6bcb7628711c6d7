/**
 * Order wire types of the Faire External API v2 (orders, items, shipments, addresses, payout costs) and the
 * enumerations they use. Field names follow Faire's snake_case JSON exactly.
 */

export const ORDER_STATES = [
  'NEW',
  'PROCESSING',
  'PRE_TRANSIT',
  'IN_TRANSIT',
  'DELIVERED',
  'CANCELED',
  'BACKORDERED',
  'PENDING_RETAILER_CONFIRMATION',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_ITEM_STATES = [
  'CANCELED',
  'PROCESSING',
  'PRE_TRANSIT',
  'IN_TRANSIT',
  'DELIVERED',
  'RETURNED',
  'BACKORDERED',
  'DAMAGED_OR_MISSING',
  'PENDING_RETAILER_CONFIRMATION',
] as const;
export type OrderItemState = (typeof ORDER_ITEM_STATES)[number];

export const FAIRE_SCOPES = [
  'READ_PRODUCTS',
  'WRITE_PRODUCTS',
  'READ_ORDERS',
  'WRITE_ORDERS',
  'READ_BRAND',
  'READ_RETAILER',
  'READ_INVENTORIES',
  'WRITE_INVENTORIES',
  'READ_SHIPMENTS',
  'READ_REVIEWS',
] as const;
export type FaireScope = (typeof FAIRE_SCOPES)[number];

export const FAIRE_CARRIERS = [
  'CANADA_POST',
  'DHL_ECOMMERCE',
  'DHL_EXPRESS',
  'FEDEX',
  'PUROLATOR',
  'UPS',
  'USPS',
  'POSTNL',
  'CANPAR',
  'INTERLINK_EXPRESS',
  'GSO',
  'ROYAL_MAIL',
  'DPD',
  'DPDUK',
  'PARCELFORCE',
  'AUSTRALIA_POST',
  'EVRI',
  'LA_POSTE',
] as const;
export type FaireCarrier = (typeof FAIRE_CARRIERS)[number];

export const SHIPPING_TYPES = ['SHIP_ON_YOUR_OWN', 'SHIP_WITH_FAIRE'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

export const CANCEL_REASONS = [
  'REQUESTED_BY_RETAILER',
  'RETAILER_NOT_GOOD_FIT',
  'CHANGE_REPLACE_ORDER',
  'ITEM_OUT_OF_STOCK',
  'INCORRECT_PRICING',
  'ORDER_TOO_SMALL',
  'REJECT_INTERNATIONAL_ORDER',
  'OTHER',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export type FreeShippingReason =
  | 'INSIDER_FREE_SHIPPING'
  | 'FAIRE_DIRECT'
  | 'BRAND_DISCOUNT'
  | 'FIRST_ORDER'
  | 'PROMO_CODE'
  | 'FREE_SHIPPING_THRESHOLD';

export type OrderSource = 'MARKETPLACE' | 'FAIRE_DIRECT' | 'TRADESHOW' | (string & {});

/** `ExternalMoneyV2`: integer minor units plus ISO-4217 currency. */
export interface FaireMoney {
  amount_minor: number;
  currency: string;
}

export interface FaireCustomization {
  token: string;
  type: string;
  value: string;
}

/** `ExternalDiscountV2`. */
export interface FaireDiscount {
  id: string;
  code: string;
  discount_type: 'FLAT_AMOUNT' | 'PERCENTAGE' | 'NONE';
  discount_percentage: number | null;
  discount_amount: FaireMoney | null;
  includes_free_shipping: boolean;
  /** @deprecated use `discount_amount` */
  discount_amount_cents: number | null;
}

/** `ExternalOrderItemV2`. */
export interface FaireOrderItem {
  id: string;
  created_at: string;
  updated_at: string;
  order_id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
  sku: string;
  product_name: string;
  variant_name: string;
  includes_tester: boolean;
  customizations: FaireCustomization[];
  price: FaireMoney;
  tester_price: FaireMoney | null;
  discounts: FaireDiscount[];
  state: OrderItemState;
  /** @deprecated use `price` */
  price_cents: number;
  /** @deprecated use `tester_price` */
  tester_price_cents: number | null;
}

/** `ExternalShipmentV2`. */
export interface FaireShipment {
  id: string;
  created_at: string;
  updated_at: string;
  order_id: string;
  carrier: string;
  tracking_code: string;
  maker_cost: FaireMoney;
  /** @deprecated use `maker_cost` */
  maker_cost_cents: number;
  shipping_type: ShippingType;
  shipping_label_url: string | null;
}

/** `ExternalAddressV2`. */
export interface FaireAddress {
  id: string;
  name: string;
  address1: string;
  address2: string | null;
  postal_code: string;
  city: string;
  state: string;
  state_code: string;
  phone_number: string | null;
  country: string;
  /** ISO 3166-1 alpha-3, e.g. `USA`, `CAN`. */
  country_code: string;
  company_name: string;
  address_type: 'RESIDENTIAL' | 'COMMERCIAL' | 'MIXED' | null;
}

export interface FaireTax {
  value: FaireMoney;
  taxable_item_type: 'ORDER_ITEM' | 'SHIPPING' | 'INSIDER_MEMBERSHIP' | 'ORDER_COMMISSION' | 'ADS_CHARGE';
  tax_type: string;
  effect: 'INCREASES_PAYOUT' | 'DEDUCTED_FROM_PAYOUT';
}

/** `ExternalPayoutCostsV2`. */
export interface FairePayoutCosts {
  payout_fee_bps: number;
  payout_flat_fee: FaireMoney;
  payout_fee: FaireMoney;
  commission_bps: number;
  commission_flat_fee: FaireMoney;
  commission: FaireMoney;
  total_payout: FaireMoney;
  payout_protection_fee: FaireMoney;
  damaged_and_missing_items: FaireMoney;
  net_tax: FaireMoney;
  shipping_subsidy: FaireMoney;
  taxes: FaireTax[];
  subtotal_after_brand_discounts: FaireMoney;
  total_brand_discounts: FaireMoney;
  /** @deprecated use `payout_fee` */
  payout_fee_cents: number;
  /** @deprecated use `commission` */
  commission_cents: number;
}

export interface FaireCustomer {
  first_name: string;
  last_name: string;
}

/** `ExternalOrderV2`. Every field is always present; optional ones are `null` when unset. */
export interface FaireOrder {
  id: string;
  display_id: string;
  created_at: string;
  updated_at: string;
  state: OrderState;
  items: FaireOrderItem[];
  shipments: FaireShipment[];
  address: FaireAddress;
  ship_after: string;
  expected_ship_date: string | null;
  requested_ship_date: string | null;
  processing_at: string | null;
  payout_costs: FairePayoutCosts;
  payment_initiated_at: string | null;
  estimated_payout_at: string | null;
  original_order_id: string | null;
  retailer_id: string;
  source: OrderSource;
  customer: FaireCustomer;
  brand_discounts: FaireDiscount[];
  is_free_shipping: boolean;
  free_shipping_reason: FreeShippingReason | null;
  faire_covered_shipping_cost: FaireMoney | null;
  is_fulfilled_by_faire: boolean;
  purchase_order_number: string | null;
  notes: string | null;
  has_pending_retailer_cancellation_request: boolean;
  sales_rep_name: string | null;
}

export type OrdersSortBy = 'UPDATED_AT' | 'CREATED_AT';

/** `GetExternalOrdersResponseV2`. `cursor` is absent on the last page. */
export interface FaireOrdersPage {
  orders: FaireOrder[];
  page: number;
  limit: number;
  updated_at_min?: string;
  sort_by?: OrdersSortBy;
  cursor?: string;
}
