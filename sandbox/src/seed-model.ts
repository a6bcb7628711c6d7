// The seed's data model: the records it builds, the order profiles it plans, and the time and money helpers
// the factory and the sandbox's write paths share.
import type {
  FaireAddress,
  FaireCustomer,
  FaireMoney,
  FaireOrder,
  OrderItemState,
  OrderState,
  OrderTransitions,
  BrandFixtures,
} from './types.js';
import type { CatalogProduct } from './catalog.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Internal representation of one order: the wire object plus its brand and its scheduled carrier events. */
export interface OrderRecord {
  brandId: string;
  order: FaireOrder;
  transitions: OrderTransitions;
}

export interface RetailerRecord {
  retailer_id: string;
  name: string;
  is_insider: boolean;
  address: Omit<FaireAddress, 'name'>;
  contacts: FaireCustomer[];
}

export interface CatalogEntry {
  product: CatalogProduct;
  productId: string;
  variantIds: string[];
}

export interface SeedData {
  retailers: RetailerRecord[];
  catalogs: Record<string, CatalogEntry[]>;
  records: OrderRecord[];
  fixtures: BrandFixtures[];
}

export type Profile =
  | 'new'
  | 'new_late'
  | 'processing'
  | 'processing_late'
  | 'pre_transit'
  | 'pre_transit_late'
  | 'in_transit'
  | 'in_transit_late_lost'
  | 'in_transit_late_slow'
  | 'delivered'
  | 'canceled'
  | 'backordered'
  | 'pending_confirmation';

export const PROFILE_FOR_STATE: Record<OrderState, Profile> = {
  NEW: 'new',
  PROCESSING: 'processing',
  PRE_TRANSIT: 'pre_transit',
  IN_TRANSIT: 'in_transit',
  DELIVERED: 'delivered',
  CANCELED: 'canceled',
  BACKORDERED: 'backordered',
  PENDING_RETAILER_CONFIRMATION: 'pending_confirmation',
};

export const iso = (ms: number): string => new Date(ms).toISOString();
export const sec = (ms: number): number => Math.floor(ms / 1000) * 1000;
export const midnight = (ms: number): number => Math.floor(ms / DAY) * DAY;

export const money = (amount: number, currency: string): FaireMoney => ({ amount_minor: amount, currency });

export function itemStateFor(state: OrderState): OrderItemState {
  return state === 'NEW' ? 'PROCESSING' : state;
}
