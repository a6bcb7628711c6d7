// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `webhooks` routes use. */
export interface WebhooksSchemas {
  WebhookEndpointView: {
    id: string;
    url: string;
    events: ('shipment.succeeded' | 'shipment.failed' | 'attention.created')[];
    enabled: boolean;
    /** Why the product turned it off, when it did */
    disabledReason: string | null;
    /** Who added it (email) */
    createdBy: string | null;
    createdAt: string;
    /** When it last answered 2xx */
    lastSuccessAt: string | null;
    /** Since when every delivery has failed (null: healthy) */
    failingSince: string | null;
  };
  WebhooksView: {
    endpoints: components['schemas']['WebhookEndpointView'][];
    /** How many endpoints a company may have */
    limit: number;
    /** Whether the caller may add and change endpoints (company admins) */
    canManage: boolean;
    /** The events an endpoint may ask for */
    events: ('shipment.succeeded' | 'shipment.failed' | 'attention.created')[];
  };
  CreateWebhookDto: {
    /** Where events are posted: an https URL on a public address */
    url: string;
    events: ('shipment.succeeded' | 'shipment.failed' | 'attention.created')[];
  };
  CreatedWebhookView: {
    id: string;
    url: string;
    events: ('shipment.succeeded' | 'shipment.failed' | 'attention.created')[];
    enabled: boolean;
    /** Why the product turned it off, when it did */
    disabledReason: string | null;
    /** Who added it (email) */
    createdBy: string | null;
    createdAt: string;
    /** When it last answered 2xx */
    lastSuccessAt: string | null;
    /** Since when every delivery has failed (null: healthy) */
    failingSince: string | null;
    /** The signing secret, shown this once: keep it where the receiver verifies signatures */
    secret: string;
  };
  UpdateWebhookDto: {
    events?: ('shipment.succeeded' | 'shipment.failed' | 'attention.created')[];
    /** Off: no event is sent to it (and none is kept for later) */
    enabled?: boolean;
  };
  RotatedSecretView: {
    id: string;
    /** The new signing secret, shown this once; the old one stops at once */
    secret: string;
  };
  WebhookDeliveryView: {
    /** Also the webhook-id header, the same on every try */
    id: string;
    event: string;
    /** The shipment or Needs attention item it is about */
    objectId: string;
    status: 'PENDING' | 'DELIVERED' | 'FAILED';
    /** Tries made so far */
    attempts: number;
    /** The HTTP status of the last answer */
    lastStatus: number | null;
    /** The start of the last answer’s body */
    lastResponse: string | null;
    /** Why the last try failed */
    lastError: string | null;
    lastAttemptAt: string | null;
    /** When it is tried again, while it is pending */
    nextAttemptAt: string | null;
    createdAt: string;
    deliveredAt: string | null;
  };
  WebhookDeliveriesView: {
    deliveries: components['schemas']['WebhookDeliveryView'][];
  };
  WebhookTestView: {
    delivery: components['schemas']['WebhookDeliveryView'];
  };
}

/** The `webhooks` routes. */
export interface WebhooksPaths {
  '/api/company/webhooks': {
    get: { response: components['schemas']['WebhooksView'] };
    post: {
      response: components['schemas']['CreatedWebhookView'];
      body: components['schemas']['CreateWebhookDto'];
    };
  };
  '/api/company/webhooks/{id}': {
    patch: {
      response: components['schemas']['WebhookEndpointView'];
      body: components['schemas']['UpdateWebhookDto'];
    };
    delete: { response: components['schemas']['OkView'] };
  };
  '/api/company/webhooks/{id}/rotate-secret': {
    post: { response: components['schemas']['RotatedSecretView'] };
  };
  '/api/company/webhooks/{id}/deliveries': {
    get: { response: components['schemas']['WebhookDeliveriesView'] };
  };
  '/api/company/webhooks/{id}/test': {
    post: { response: components['schemas']['WebhookTestView'] };
  };
}
