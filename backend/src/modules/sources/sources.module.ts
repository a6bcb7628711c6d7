import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QUEUES } from '../../common/queue/queues.js';
import { ActivityModule } from '../activity/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { OrdersModule } from '../orders/index.js';
import { ShipmentsModule } from '../shipments/index.js';
import { CompanyRecordsModule } from '../companies/index.js';
import { UsersModule } from '../users/index.js';
import { SourceConnection } from './entities/source-connection.entity.js';
import { AttentionService } from './attention.service.js';
import { IntegrationsService } from './integrations.service.js';
import { SourceConnections } from './source-connections.repository.js';
import { SourceJobs } from './source-jobs.js';
import { SourceLabels } from './source-labels.repository.js';
import { SourceLabelViews } from './source-labels.query.js';
import { SourceEvents } from './source-events.repository.js';
import { LabelBatch } from './label-batch.js';
import { SourceRelease } from './source-release.service.js';
import { SourceSync } from './source-sync.service.js';
import { LabelFactsReader } from './label-facts.service.js';
import { SourceConnectors } from './source-connector.js';
import { ShipStationConnector } from './shipstation/shipstation.connector.js';
import { ShipStationConnect } from './shipstation/shipstation-connect.service.js';
import { ShipStationHooks } from './shipstation/shipstation-hooks.service.js';
import { ShipStationClient } from './shipstation/shipstation.client.js';
import { ShopifyClient } from './shopify/shopify.client.js';
import { StoreEndpoint } from './shipstation-store/store-endpoint.service.js';
import { StoreMode } from './shipstation-store/store-mode.service.js';
import { ShopifyConnect } from './shopify/shopify-connect.service.js';
import { ShopifyHooks } from './shopify/shopify-hooks.service.js';
import { ShopifyConnectionRows } from './shopify/shopify-connections.repository.js';
import { ShopifyShops } from './shopify/shopify-shops.repository.js';
import { ShopifyConnector } from './shopify/shopify.connector.js';
import { ShopifyTokens } from './shopify/shopify-tokens.service.js';
import { ShopifyWebhooks } from './shopify/shopify-webhooks.js';

const sourcesQueue = BullModule.registerQueue({ name: QUEUES.SOURCES });

/**
 * Sources of shipments beyond files (decisions 0033-0036, 0065): a company's connections, each served by a
 * connector registered in `SourceConnectors` (ShipStation, Shopify), their webhooks and polls, and the
 * labels they report, handed to the shipments module's one intake.
 * The queue's processor is registered by the worker root module.
 */
@Module({
  imports: [
    sourcesQueue,
    TypeOrmModule.forFeature([SourceConnection]),
    ActivityModule,
    MarketplaceModule,
    OrdersModule,
    ShipmentsModule,
    CompanyRecordsModule,
    UsersModule,
  ],
  providers: [
    SourceConnections,
    SourceLabels,
    SourceLabelViews,
    SourceEvents,
    LabelBatch,
    SourceJobs,
    SourceSync,
    SourceRelease,
    SourceConnectors,
    LabelFactsReader,
    IntegrationsService,
    AttentionService,
    ShipStationClient,
    ShipStationConnector,
    ShipStationConnect,
    ShipStationHooks,
    StoreMode,
    StoreEndpoint,
    ShopifyClient,
    ShopifyShops,
    ShopifyConnectionRows,
    ShopifyTokens,
    ShopifyConnector,
    ShopifyConnect,
    ShopifyWebhooks,
    ShopifyHooks,
  ],
  exports: [
    sourcesQueue,
    SourceConnectors,
    SourceLabelViews,
    SourceSync,
    SourceRelease,
    IntegrationsService,
    AttentionService,
    ShipStationClient,
    ShipStationConnect,
    ShipStationHooks,
    StoreMode,
    StoreEndpoint,
    ShopifyClient,
    ShopifyConnect,
    ShopifyHooks,
  ],
})
export class SourcesModule {}
