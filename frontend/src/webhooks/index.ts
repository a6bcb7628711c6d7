/** Outbound webhooks: the Settings card and its part of the data provider (decision 0053). */
export { webhooksProvider, useWebhooksActions, type WebhooksActions } from './provider';
export { WebhooksCard } from './WebhooksCard';
