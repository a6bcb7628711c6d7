import { BullModule } from '@nestjs/bullmq';
import { Module, ValidationPipe, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { ConfigModule, type AppConfig } from './common/config/index.js';
import { dataSourceOptions } from './common/database/database.js';
import { AppError, AppExceptionFilter } from './common/errors/index.js';
import { RequestPipe } from './common/http/request.pipe.js';
import { loggerParams } from './common/logging/logger.js';
import { RedisModule } from './common/queue/redis.module.js';
import { bullConnection } from './common/queue/redis.js';
import { QueueErrorLog } from './common/queue/queue-errors.js';
import { WorkerShutdown } from './common/queue/worker-shutdown.js';
import { ClockModule } from './common/clock.module.js';
import { AbuseModule } from './modules/abuse/abuse.module.js';
import { ActivityModule } from './modules/activity/activity.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CompaniesModule } from './modules/companies/companies.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MarketplaceModule } from './modules/marketplace/marketplace.module.js';
import { TeamModule } from './modules/team/team.module.js';
import { CompanySettingsModule } from './modules/company-settings/company-settings.module.js';
import { DigestModule } from './modules/digest/digest.module.js';
import { OrdersModule } from './modules/orders/orders.module.js';
import { ShipmentsModule } from './modules/shipments/shipments.module.js';
import { UsersModule } from './modules/users/users.module.js';

/** The whole application; `config.workerMode` decides whether queue processors run in this process. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const worker = { worker: config.runWorker };
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        DiscoveryModule,
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config.databaseUrl, config.dbPoolSize),
          autoLoadEntities: false,
        }),
        BullModule.forRoot({ connection: bullConnection(config.redisUrl), prefix: config.queuePrefix }),
        RedisModule,
        ClockModule,
        ActivityModule,
        UsersModule,
        MarketplaceModule,
        AuthModule,
        CompaniesModule,
        TeamModule,
        OrdersModule.register(worker),
        DigestModule.register(worker),
        CompanySettingsModule,
        ShipmentsModule.register({
          ...worker,
          lockMs: config.shipments.lockMs,
          concurrency: config.shipments.workerConcurrency,
        }),
        HealthModule.register(worker),
        AbuseModule,
        AdminModule,
      ],
      providers: [
        WorkerShutdown,
        QueueErrorLog,
        { provide: APP_FILTER, useClass: AppExceptionFilter },
        {
          provide: APP_PIPE,
          useValue: new RequestPipe(
            new ValidationPipe({
              whitelist: true,
              forbidNonWhitelisted: true,
              transform: true,
              exceptionFactory: (errors) =>
                new AppError(
                  'VALIDATION_FAILED',
                  errors
                    .flatMap((e) =>
                      Object.values(e.constraints ?? {}).concat(
                        e.children?.length ? [`${e.property} is invalid`] : [],
                      ),
                    )
                    .join('; ') || 'The request is not valid',
                ),
            }),
          ),
        },
      ],
    };
  }
}
