// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { SourcesModule } from './sources.module.js';
export { SourceConnection } from './entities/source-connection.entity.js';
export { SourceEvent } from './entities/source-event.entity.js';
export { SourceLabel } from './entities/source-label.entity.js';
export { ShopifyShop, ShopifyWebhook } from './shopify/shopify-shop.entity.js';
export { SourceRelease } from './source-release.service.js';
export { SourceSync } from './source-sync.service.js';
export { SourceConnectors, type SourceConnector, type ConnectorWords } from './source-connector.js';
export { ShipStationClient } from './shipstation/shipstation.client.js';
export { SourceLabelViews, type HeldLabel } from './source-labels.query.js';
