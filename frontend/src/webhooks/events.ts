import type { Schema } from '../api/schema';
import type { StatusTone } from '../shared/shipmentStatus';

export type WebhookEvent = Schema<'WebhookEndpointView'>['events'][number];
export type Delivery = Schema<'WebhookDeliveryView'>;

/** Every event an endpoint may ask for, in the order the form offers them. */
export const EVENTS: WebhookEvent[] = ['shipment.succeeded', 'shipment.failed', 'attention.created'];

/** What each event tells, in words. */
export const EVENT_TEXT: Record<string, string> = {
  'shipment.succeeded': 'A shipment is on Faire',
  'shipment.failed': 'A shipment failed',
  'attention.created': 'A label needs attention',
  'webhook.test': 'Test event',
};

export const DELIVERY_STATUS: Record<Delivery['status'], { label: string; tone: StatusTone }> = {
  DELIVERED: { label: 'Delivered', tone: 'success' },
  PENDING: { label: 'Retrying', tone: 'warning' },
  FAILED: { label: 'Failed', tone: 'error' },
};

export const WEBHOOKS_QUERY_KEY = ['/api/company/webhooks'] as const;
export const deliveriesKey = (id: string) => ['/api/company/webhooks', id, 'deliveries'] as const;
