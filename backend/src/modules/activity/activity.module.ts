import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityLog } from './activity-log.repository.js';
import { ActivityService } from './activity.service.js';
import { Activity } from './entities/activity.entity.js';

/** The append-only audit log: every module that records an action imports this one. */
@Module({
  imports: [TypeOrmModule.forFeature([Activity])],
  providers: [ActivityService, ActivityLog],
  exports: [ActivityService, ActivityLog],
})
export class ActivityModule {}
