export { startShopifySandbox, SHOPIFY_SANDBOX_DEFAULTS } from './server.js';
export type { ShopifySandboxOptions, ShopifySandboxHandle } from './server.js';
export { Controller as ShopifySandboxControl, fulfillmentPayload, orderPayload } from './control.js';
export type { FulfilInput, FulfilmentView } from './control.js';
export { signQuery } from './oauth.js';
export { signBody, DEFAULT_WEBHOOK_KNOBS } from './webhooks.js';
export { DEFAULT_TOKEN_KNOBS, REFRESH_LIFETIME_SECONDS } from './tokens.js';
export type { TokenGrant } from './tokens.js';
export { DEFAULT_THROTTLE, READABLE_DAYS, SINGLE_QUERY_MAX_COST } from './store.js';
export { FAIRE_ATTRIBUTE } from './seed.js';
export { WEBHOOK_TOPICS } from './types.js';
export { apiVersions, supportedStableVersions, resolveVersion, URI_ONLY_FROM } from './versions.js';
export type { ApiVersions } from './versions.js';
export { addressErrors } from './webhook-mutations.js';
export type {
  WebhookTopic,
  WebhookKnobs,
  TokenKnobs,
  ThrottleKnobs,
  DeliveryRecord,
  CallCounts,
  OrderRecord,
  FulfillmentRecord,
  TrackingInfo,
  WebhookSubscription,
} from './types.js';
