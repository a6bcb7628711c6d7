import { BullModule } from '@nestjs/bullmq';
import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { ApplicationConfig } from '@nestjs/core';
import { QUEUES } from '../../common/queue/queues.js';
import { TeamModule } from '../team/team.module.js';
import { ActivityLogService } from './activity-log.service.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';
import { AppConfigService } from './app-config.service.js';
import { CapacityService } from './capacity.service.js';
import { GoogleSignInSync } from './google-sign-in.sync.js';
import { MarketplaceCheckService } from './marketplace-check.service.js';
import { QUEUE_DASHBOARD_PATH, QueueDashboard } from './queue-dashboard.js';
import { TeamActivityController } from './team-activity.controller.js';

/**
 * The platform admin panel (`/api/admin/*`): application settings, users, stats, the activity log,
 * invitations to any company and the queue dashboard; plus the company admin's own activity log.
 */
@Module({
  imports: [TeamModule, BullModule.registerQueue(...Object.values(QUEUES).map((name) => ({ name })))],
  controllers: [AdminController, TeamActivityController],
  providers: [
    AdminService,
    AppConfigService,
    CapacityService,
    ActivityLogService,
    MarketplaceCheckService,
    GoogleSignInSync,
    QueueDashboard,
  ],
})
export class AdminModule implements NestModule {
  constructor(
    private readonly dashboard: QueueDashboard,
    private readonly application: ApplicationConfig,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    const prefix = this.application.getGlobalPrefix().replace(/^\/+|\/+$/g, '');
    const basePath = `/${[prefix, QUEUE_DASHBOARD_PATH].filter(Boolean).join('/')}`;
    consumer.apply(...this.dashboard.handlers(basePath)).forRoutes(QUEUE_DASHBOARD_PATH);
  }
}
