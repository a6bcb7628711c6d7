/**
 * Wire types of the Faire External API v2 as served by the Faire sandbox (brand, retailer, OAuth and request
 * bodies). Re-exports the order wire types (order-types.ts) and the sandbox's own configuration, knob and
 * ledger types (sandbox-types.ts), so importers keep using this module. Field names follow Faire's snake_case JSON.
 */

import type { FaireMoney, ShippingType } from './order-types.js';

export {
  ORDER_STATES,
  ORDER_ITEM_STATES,
  FAIRE_SCOPES,
  FAIRE_CARRIERS,
  SHIPPING_TYPES,
  CANCEL_REASONS,
} from './order-types.js';
export type {
  OrderState,
  OrderItemState,
  FaireScope,
  FaireCarrier,
  ShippingType,
  CancelReason,
  FreeShippingReason,
  OrderSource,
  FaireMoney,
  FaireCustomization,
  FaireDiscount,
  FaireOrderItem,
  FaireShipment,
  FaireAddress,
  FaireTax,
  FairePayoutCosts,
  FaireCustomer,
  FaireOrder,
  OrdersSortBy,
  FaireOrdersPage,
} from './order-types.js';
export type {
  SandboxBrandConfig,
  SandboxApplicationConfig,
  Knobs,
  LedgerOutcome,
  LedgerEntry,
  ClockState,
  OrderTransitions,
  CreateOrderInput,
  BrandFixtures,
  SandboxFixtures,
} from './sandbox-types.js';

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
