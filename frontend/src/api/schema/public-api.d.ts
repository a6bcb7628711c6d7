// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `public-api` routes use. */
export interface PublicApiSchemas {
  PublicOrderView: {
    /** The Faire order id */
    id: string;
    /** The display id Faire shows */
    displayId: string;
    state: string;
    createdAt: string;
    expectedShipDate: string | null;
    /** The tracking number of its latest shipment on Faire */
    trackingNumber: string | null;
    /** Subtotal in minor units of currency */
    subtotal: number | null;
    currency: string | null;
  };
  PublicOrdersView: {
    orders: components['schemas']['PublicOrderView'][];
    /** Pass as `cursor` for the next page; null on the last */
    nextCursor?: string | null;
  };
  PublicRowErrorView: {
    field: string | null;
    code: string | null;
    message: string;
  };
  PublicRowView: {
    row: number;
    /** accepted: a shipment is made of it (sent to Faire once); refused: see errors; duplicate: the same order and tracking number as a shipment already made (duplicateOf), nothing new is sent */
    outcome: 'accepted' | 'refused' | 'duplicate';
    /** The shipment the row made or repeats */
    shipmentId: string | null;
    /** As in History: PENDING, SUCCESS, FAILED, ... (INVALID for a refused row) */
    status: string;
    /** Why the row stands where it does, in words */
    reason: string | null;
    orderId: string | null;
    displayId: string | null;
    trackingNumber: string | null;
    carrier: string | null;
    errors: components['schemas']['PublicRowErrorView'][];
  };
  PublicUploadView: {
    /** The upload the rows make, as in History */
    uploadId: string;
    /** API for a post; UPLOAD, SHIPSTATION, ... otherwise */
    source: string;
    /** The key’s name for a post (a file’s name otherwise) */
    name: string;
    createdAt: string;
    /** True when this answers an Idempotency-Key used before */
    replayed: boolean;
    accepted: number;
    refused: number;
    duplicates: number;
    /** Rows in this answer; a post answers all of them */
    total: number;
    rows: components['schemas']['PublicRowView'][];
  };
  PublicShipmentView: {
    id: string;
    /** The upload (post, file or source) that made it */
    uploadId: string;
    row: number;
    orderId: string;
    displayId: string;
    trackingNumber: string;
    carrier: string;
    shipDate: string;
    /** Minor units of the brand’s currency */
    shippingCost: number;
    /** PENDING, SUCCESS, FAILED, ... as in History */
    status: string;
    error: string | null;
    /** The shipment’s id on Faire, once made */
    faireShipmentId: string | null;
    /** When Faire is tried again, while it keeps the row waiting */
    nextTryAt: string | null;
    createdAt: string;
    updatedAt: string;
  };
  PublicShipmentsView: {
    shipments: components['schemas']['PublicShipmentView'][];
    /** Pass as `cursor` (with the same updatedSince) for the next page; null on the last */
    nextCursor?: string | null;
  };
}

/** The `public-api` routes. */
export interface PublicApiPaths {
  '/api/v1/orders': {
    get: { response: components['schemas']['PublicOrdersView'] };
  };
  '/api/v1/shipments': {
    post: { response: components['schemas']['PublicUploadView']; body: Record<string, never>[] };
    get: { response: components['schemas']['PublicShipmentsView'] };
  };
  '/api/v1/uploads/{id}': {
    get: { response: components['schemas']['PublicUploadView'] };
  };
  '/api/v1/shipments/{id}': {
    get: { response: components['schemas']['PublicShipmentView'] };
  };
}
