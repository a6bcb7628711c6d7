import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../common/queue/queues.js';
import { ActivityModule } from '../activity/index.js';
import { AppSettingsModule } from '../app-settings/index.js';
import { AuthModule } from '../auth/index.js';
import { CompanyRecordsModule } from '../companies/index.js';
import { HealthModule } from '../health/index.js';
import { InboundModule } from '../inbound/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { ShipmentsModule } from '../shipments/index.js';
import { TeamModule } from '../team/index.js';
import { UsersModule } from '../users/index.js';
import { ActivityLogService } from './activity-log.service.js';
import { AdminService } from './admin.service.js';
import { AppConfigService } from './app-config.service.js';
import { CapacityService } from './capacity.service.js';
import { MarketplaceCheckService } from './marketplace-check.service.js';
import { QueueDashboard } from './queue-dashboard.js';

/**
 * The platform admin panel (`/api/admin/*`): application settings, users, stats, the activity log,
 * invitations to any company and the queue dashboard; plus the company admin's own activity log. Its
 * controllers and the dashboard's mount are in the API root module.
 */
@Module({
  imports: [
    TeamModule,
    UsersModule,
    ActivityModule,
    AppSettingsModule,
    AuthModule,
    HealthModule,
    InboundModule,
    MarketplaceModule,
    CompanyRecordsModule,
    ShipmentsModule,
    BullModule.registerQueue(...Object.values(QUEUES).map((name) => ({ name }))),
  ],
  providers: [
    AdminService,
    AppConfigService,
    CapacityService,
    ActivityLogService,
    MarketplaceCheckService,
    QueueDashboard,
  ],
  exports: [AdminService, AppConfigService, ActivityLogService, MarketplaceCheckService, QueueDashboard],
})
export class AdminModule {}
