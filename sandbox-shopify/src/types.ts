// The shop's records (times in epoch ms of the sandbox clock) and the sandbox's knobs. The GraphQL schema
// (schema.ts) renders them to Shopify's wire shapes.

export interface TrackingInfo {
  number: string;
  company: string | null;
  url: string | null;
}

export type FulfillmentStatus = 'SUCCESS' | 'CANCELLED' | 'ERROR' | 'FAILURE';

export interface FulfillmentRecord {
  id: number;
  orderId: number;
  /** `#1001-F1`: the order name and the fulfilment's position. */
  name: string;
  status: FulfillmentStatus;
  createdAt: number;
  updatedAt: number;
  trackingInfo: TrackingInfo[];
}

export interface OrderRecord {
  id: number;
  name: string;
  tags: string[];
  sourceName: string;
  note: string | null;
  customAttributes: Array<{ key: string; value: string | null }>;
  createdAt: number;
  updatedAt: number;
  cancelledAt: number | null;
  /** The Faire order it mirrors (`bo_…`), for tests and the control API; not on the wire. */
  faireOrderId: string | null;
  fulfillments: FulfillmentRecord[];
}

export const WEBHOOK_TOPICS = [
  'fulfillments/create',
  'fulfillments/update',
  'orders/updated',
  'app/uninstalled',
  'customers/data_request',
  'customers/redact',
  'shop/redact',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

export interface WebhookSubscription {
  id: number;
  topic: WebhookTopic;
  uri: string;
  shop: string;
  createdAt: number;
}

export interface WebhookKnobs {
  /** Extra copies of each delivery (same X-Shopify-Webhook-Id). */
  duplicate: number;
  /** Wait before each delivery. */
  delayMs: number;
  /** Share (0..1) of deliveries never sent. */
  drop: number;
  /** Hold each delivery until the next one, then send the newer first. */
  reorder: boolean;
  /** Retries after a failed attempt (non-2xx, or no answer within 5 s), with the original payload. */
  retries: number;
  /** Wait between attempts. */
  retryDelayMs: number;
}

export interface TokenKnobs {
  /** Lifetime of new access tokens (Shopify: 3600). */
  accessTokenLifetimeSeconds: number;
  /** Refresh requests are refused with 400 invalid_grant. */
  refuseRefresh: boolean;
}

export interface ThrottleKnobs {
  /** Bucket size in points. */
  maximumAvailable: number;
  /** Points restored per second (Shopify Standard plan: 100). */
  restoreRate: number;
}

export interface DeliveryRecord {
  at: string;
  webhookId: string;
  topic: WebhookTopic;
  uri: string;
  attempt: number;
  outcome: 'delivered' | 'failed' | 'dropped' | 'held';
  status: number | null;
}

export interface CallCounts {
  graphql: number;
  throttled: number;
  unauthorized: number;
  tokenRequests: number;
  /** GraphQL requests by their first root field, e.g. `query orders`. */
  byOperation: Record<string, number>;
}
