/**
 * Wire types of the Faire External API v2 as served by the Faire sandbox, plus the sandbox's own
 * configuration, knob and ledger types. Field names follow Faire's snake_case JSON exactly.
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

export interface FaireBrandProfile {
  brand_id: string;
  name: string;
  currency: string;
  locale: string;
}

export interface FaireRetailer {
  retailer_id: string;
  name: string;
  is_insider: boolean;
}

export interface FaireErrorBody {
  message: string;
}

export interface FaireTokenResponse {
  access_token: string;
  token_type: 'BEARER';
}

export interface FaireRevokeResponse {
  success: 'true';
}

export interface AddShipmentsRequest {
  shipments: Array<{
    order_id?: string;
    carrier: string;
    tracking_code: string;
    shipping_type?: ShippingType;
    maker_cost?: FaireMoney;
    maker_cost_cents?: number;
  }>;
}

export interface MoveToProcessingRequest {
  expected_ship_date?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Sandbox configuration and test instrumentation
// ---------------------------------------------------------------------------------------------------------

export interface SandboxBrandConfig {
  brandId: string;
  name: string;
  /** Value accepted in `X-FAIRE-ACCESS-TOKEN`. */
  token: string;
  currency: string;
  locale: string;
}

export interface SandboxApplicationConfig {
  applicationId: string;
  applicationSecret: string;
  /** Shown on the authorize page. */
  name: string;
  /** When set, `redirectUrl` must start with one of these. Any http(s) URL is accepted otherwise. */
  redirectUrls?: string[];
}

export interface Knobs {
  /** Added before answering each API call. */
  latencyMs: number;
  /** Share (0..1) of API calls answered 429 with `Retry-After`. */
  rate429Share: number;
  /** `Retry-After` seconds sent with `rate429Share` throttling. */
  retryAfterSeconds: number;
  /** Share (0..1) of API calls answered 500 or 503 without doing anything. */
  error5xxShare: number;
  /** Share (0..1) of successful writes (processing, shipments, cancel) whose socket is destroyed after the change. */
  dropAfterCommitShare: number;
  /** Share (0..1) of successful writes that are never answered after the change. */
  hangAfterCommitShare: number;
  /** Token bucket per access token: sustained requests per second. 0 = off. */
  perTokenRatePerSecond: number;
  /** Bucket capacity. 0 = same as the rate (at least 1). */
  perTokenBurst: number;
  /** Seed of the fault dice. Setting it (or resetting the knobs) restarts the dice sequence. */
  randomSeed: number;
  /**
   * Optional filter: faults apply only to API calls matching one of these patterns, e.g.
   * `"POST /orders/{id}/shipments"` or `"/orders"`. A `{name}` or `*` segment matches any one path segment;
   * the method prefix is optional; paths are relative to `/external-api/v2`. `null` = every API call.
   */
  faultPaths: string[] | null;
  /**
   * Share (0..1) of API calls answered 403 with an HTML page, as a CDN in front of Faire does when it
   * blocks a client. Nothing is done; the token stays valid.
   */
  html403Share: number;
  /** When true, orders are answered with their shipments' tracking codes upper-cased, without spaces or dashes. */
  reformatTrackingCodes: boolean;
  /** When true, `GET /orders` pages come back without `cursor` even when more follow (page numbers still work). */
  omitCursor: boolean;
}

export type LedgerOutcome =
  | 'created'
  | 'blocked_403'
  | 'rejected'
  | 'throttled'
  | 'failed_5xx'
  | 'dropped_after_commit'
  | 'hung_after_commit'
  | 'unauthorized'
  | 'not_found';

/** One entry per `POST /orders/{id}/shipments` call, in arrival order. */
export interface LedgerEntry {
  /** Sandbox clock time of the call (ISO). */
  at: string;
  /** Brand that made the call; `null` when the credentials were not recognised. */
  brandId: string | null;
  orderId: string;
  /** Tracking codes found in the request body (in order; may be empty for malformed bodies). */
  trackingCodes: string[];
  outcome: LedgerOutcome;
  /** Status sent (or, for dropped/hung calls, the status that would have been sent). */
  status: number;
  /** Ids of the shipments actually created by this call (empty unless the change was committed). */
  shipmentIds: string[];
  authMode: 'access_token' | 'oauth' | null;
}

export interface ClockState {
  now: string;
  frozen: boolean;
}

/** Scheduled carrier events of a shipped order (ISO or null = never happens). */
export interface OrderTransitions {
  in_transit_at: string | null;
  delivered_at: string | null;
}

/** Input of `createOrder` / `POST /_sandbox/orders`. Missing fields are generated. */
export type CreateOrderInput = Partial<Omit<FaireOrder, 'items' | 'shipments' | 'address'>> & {
  items?: Array<Partial<FaireOrderItem>>;
  shipments?: Array<Partial<FaireShipment>>;
  address?: Partial<FaireAddress>;
  /** Scheduled PRE_TRANSIT → IN_TRANSIT → DELIVERED moves for shipped orders. */
  transitions?: Partial<OrderTransitions>;
};

export interface BrandFixtures {
  brandId: string;
  token: string;
  /** NEW, created a few hours before seeding (not late). */
  newOrderId: string;
  /** NEW, created more than a day before seeding (late). */
  lateNewOrderId: string;
  /** PROCESSING without shipments, accepted a few hours before seeding (not late). */
  processingOrderId: string;
  /** A second PROCESSING order without shipments (not late). */
  processingOrderId2: string;
  /** PROCESSING without shipments, accepted more than a day before seeding (late). */
  lateProcessingOrderId: string;
  /** PRE_TRANSIT, shipped hours before seeding; IN_TRANSIT ~1 day later, DELIVERED a few days after. */
  preTransitOrderId: string;
  /** PRE_TRANSIT, shipped days ago, label never scanned (stays PRE_TRANSIT; late). */
  latePreTransitOrderId: string;
  /** IN_TRANSIT, shipped a few days ago, delivery scheduled in the future (not late). */
  inTransitOrderId: string;
  /** IN_TRANSIT, shipped more than 8 days ago, parcel lost (stays IN_TRANSIT; late). */
  lateInTransitOrderId: string;
  deliveredOrderId: string;
  canceledOrderId: string;
  backorderedOrderId: string;
  pendingRetailerConfirmationOrderId: string;
  /** Retailer of `newOrderId`. */
  retailerId: string;
}

export interface SandboxFixtures {
  brand1: BrandFixtures;
  brand2: BrandFixtures;
  /** The third default brand (GBP); absent only when a sandbox is started with fewer brands. */
  brand3?: BrandFixtures;
}
