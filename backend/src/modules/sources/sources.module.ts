import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QUEUES } from '../../common/queue/queues.js';
import { ActivityModule } from '../activity/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { OrdersModule } from '../orders/index.js';
import { ShipmentsModule } from '../shipments/index.js';
import { SourceConnection } from './entities/source-connection.entity.js';
import { IntegrationsService } from './integrations.service.js';
import { SourceConnections } from './source-connections.repository.js';
import { SourceHooks } from './source-hooks.service.js';
import { SourceJobs } from './source-jobs.js';
import { SourceLabels } from './source-labels.repository.js';
import { SourceRelease } from './source-release.service.js';
import { SourceSync } from './source-sync.service.js';
import { ShipStationClient } from './shipstation/shipstation.client.js';

const sourcesQueue = BullModule.registerQueue({ name: QUEUES.SOURCES });

/**
 * Sources of shipments beyond files (decisions 0033-0036): a company's connections (ShipStation today),
 * their webhooks and polls, and the labels they report, handed to the shipments module's one intake.
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
  ],
  providers: [
    SourceConnections,
    SourceLabels,
    SourceJobs,
    SourceSync,
    SourceRelease,
    SourceHooks,
    IntegrationsService,
    ShipStationClient,
  ],
  exports: [sourcesQueue, SourceSync, SourceRelease, SourceHooks, IntegrationsService, ShipStationClient],
})
export class SourcesModule {}
