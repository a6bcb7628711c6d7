import { randomBytes } from 'node:crypto';
import { publicShipment, type PublicShipmentRecord } from '../shipments/index.js';
import type { HeldLabel } from '../sources/index.js';
import type { WebhookEvent } from './entities/webhook-endpoint.entity.js';

/** One event for one endpoint, before it is stored as a delivery. */
export interface NewDelivery {
  event: WebhookEvent | 'webhook.test';
  objectId: string;
  objectState: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** A shipment that ended: `shipment.succeeded` (SUCCESS) or `shipment.failed` (any other end). */
export function shipmentEvent(row: PublicShipmentRecord): NewDelivery {
  const event = row.status === 'SUCCESS' ? 'shipment.succeeded' : 'shipment.failed';
  return {
    event,
    objectId: row.id,
    objectState: row.status,
    payload: {
      type: event,
      timestamp: row.updated_at.toISOString(),
      data: { ...publicShipment(row) },
    },
  };
}

/** A label held for a person ("Needs attention"): `attention.created`. */
export function attentionEvent(label: HeldLabel): NewDelivery {
  return {
    event: 'attention.created',
    objectId: label.id,
    objectState: 'HELD',
    payload: {
      type: 'attention.created',
      timestamp: label.decided_at.toISOString(),
      data: {
        id: label.id,
        source: label.source,
        trackingNumber: label.tracking_number,
        carrier: label.carrier_code,
        reason: label.reason,
        reasonText: label.reason_text,
        faireOrderId: label.faire_order_id,
        heldAt: label.decided_at.toISOString(),
      },
    },
  };
}

/** The event "Send test" sends: nothing happened, the endpoint is asked to answer 2xx. */
export function testEvent(endpointId: string, now: Date): NewDelivery {
  const id = `test_${randomBytes(9).toString('base64url')}`;
  return {
    event: 'webhook.test',
    objectId: id,
    objectState: 'TEST',
    payload: {
      type: 'webhook.test',
      timestamp: now.toISOString(),
      data: { id, endpointId, message: 'A test event: your endpoint is reachable if it answers 2xx.' },
    },
  };
}

/** A new signing secret: `whsec_` and 32 random bytes in base64 (the Standard Webhooks form). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
