// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

// The API types, one file per module in ./schema/; import them from here.

import type { AdminSchemas, AdminPaths } from './schema/admin';
import type { ApiKeysSchemas, ApiKeysPaths } from './schema/api-keys';
import type { AuthSchemas, AuthPaths } from './schema/auth';
import type { ColumnMappingsSchemas, ColumnMappingsPaths } from './schema/column-mappings';
import type { CompanySchemas, CompanyPaths } from './schema/company';
import type { CompanySettingsSchemas, CompanySettingsPaths } from './schema/company-settings';
import type { DigestSchemas, DigestPaths } from './schema/digest';
import type { HealthSchemas, HealthPaths } from './schema/health';
import type { InboundSchemas, InboundPaths } from './schema/inbound';
import type { IntegrationsSchemas, IntegrationsPaths } from './schema/integrations';
import type { MarketplaceSchemas, MarketplacePaths } from './schema/marketplace';
import type { OrdersSchemas, OrdersPaths } from './schema/orders';
import type { PublicApiSchemas, PublicApiPaths } from './schema/public-api';
import type { ShipmentsSchemas, ShipmentsPaths } from './schema/shipments';
import type { TeamSchemas, TeamPaths } from './schema/team';
import type { WebhooksSchemas, WebhooksPaths } from './schema/webhooks';
import type { SharedSchemas } from './schema/shared';

/** Every schema of the API, by name. */
export interface Schemas
  extends
    AdminSchemas,
    ApiKeysSchemas,
    AuthSchemas,
    ColumnMappingsSchemas,
    CompanySchemas,
    CompanySettingsSchemas,
    DigestSchemas,
    HealthSchemas,
    InboundSchemas,
    IntegrationsSchemas,
    MarketplaceSchemas,
    OrdersSchemas,
    PublicApiSchemas,
    ShipmentsSchemas,
    TeamSchemas,
    WebhooksSchemas,
    SharedSchemas {}

export interface components {
  schemas: Schemas;
}

/** Every route of the API, by path. */
export interface paths
  extends
    AdminPaths,
    ApiKeysPaths,
    AuthPaths,
    ColumnMappingsPaths,
    CompanyPaths,
    CompanySettingsPaths,
    DigestPaths,
    HealthPaths,
    InboundPaths,
    IntegrationsPaths,
    MarketplacePaths,
    OrdersPaths,
    PublicApiPaths,
    ShipmentsPaths,
    TeamPaths,
    WebhooksPaths {}

/** A schema of the API by name. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

/** What a route answers, by path and method. */
export type ResponseOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  response: infer R;
}
  ? R
  : never;
