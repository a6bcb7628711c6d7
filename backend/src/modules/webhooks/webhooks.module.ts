import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QUEUES } from '../../common/queue/queues.js';
import { ActivityModule } from '../activity/index.js';
import { ShipmentsModule } from '../shipments/index.js';
import { SourcesModule } from '../sources/index.js';
import { UsersModule } from '../users/index.js';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity.js';
import { WebhookDeliveries } from './webhook-deliveries.repository.js';
import { WebhookAttempts } from './webhook-attempts.service.js';
import { WebhookDispatch } from './webhook-dispatch.service.js';
import { WebhookEndpoints } from './webhook-endpoints.repository.js';
import { WebhookScan } from './webhook-scan.service.js';
import { WebhooksService } from './webhooks.service.js';

const webhooksQueue = BullModule.registerQueue({ name: QUEUES.WEBHOOKS });

/**
 * Outbound webhooks (decision 0068): a company's endpoints, the scan that turns ended shipments and held
 * labels into deliveries, and the signed tries. The card's routes are the API root module's
 * (WebhooksController); the queue's processor is the worker root module's (WebhooksProcessor).
 */
@Module({
  imports: [
    webhooksQueue,
    TypeOrmModule.forFeature([WebhookEndpoint]),
    ActivityModule,
    ShipmentsModule,
    SourcesModule,
    UsersModule,
  ],
  providers: [
    WebhookEndpoints,
    WebhookDeliveries,
    WebhookScan,
    WebhookAttempts,
    WebhookDispatch,
    WebhooksService,
  ],
  exports: [webhooksQueue, WebhookScan, WebhookAttempts, WebhookDispatch, WebhooksService],
})
export class WebhooksModule {}
