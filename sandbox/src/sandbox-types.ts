/** The sandbox's own configuration, knob, ledger and fixture types. */

import type { FaireAddress, FaireOrder, FaireOrderItem, FaireShipment } from './order-types.js';

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
   * Faults drawn for sure, each once, before the dice: `"<429|5xx|drop|hang> <pattern>"`, the pattern as in
   * `faultPaths`, e.g. `"drop POST /orders/{id}/shipments"`. The first call (faults on) that matches an
   * entry not yet used gets that entry's fault instead of the dice's (`drop`/`hang` act on a successful
   * write only). Setting the knob restarts the list; `null` = none.
   */
  forcedFaults: string[] | null;
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
  /** The fourth default brand (CAD); absent only when a sandbox is started with fewer brands. */
  brand4?: BrandFixtures;
}
