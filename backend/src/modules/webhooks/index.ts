// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { WebhooksModule } from './webhooks.module.js';
export { WebhookDelivery } from './entities/webhook-delivery.entity.js';
export { WebhookEndpoint, WEBHOOK_EVENTS, type WebhookEvent } from './entities/webhook-endpoint.entity.js';
export { WebhookAttempts, TURNED_OFF_TEXT } from './webhook-attempts.service.js';
export { WebhookDispatch } from './webhook-dispatch.service.js';
export { WebhookScan } from './webhook-scan.service.js';
