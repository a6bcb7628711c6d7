import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from './common/clock.module.js';
import { ConfigModule, type AppConfig } from './common/config/index.js';
import { dataSourceOptions } from './common/database/database.js';
import { loggerParams } from './common/logging/logger.js';
import { LoggerModule } from './common/logging/logger.module.js';
import { QueueErrorLog } from './common/queue/queue-errors.js';
import { RedisModule } from './common/queue/redis.module.js';
import { SecretBoxModule } from './common/crypto/secret-box.module.js';
import { bullConnection } from './common/queue/redis.js';
import { WorkerShutdown } from './common/queue/worker-shutdown.js';
import { ENTITIES } from './entities.js';

/**
 * The infrastructure every process has, whatever its role: configuration, logs, the database pool,
 * BullMQ's and the app's Redis connections, the clock and the shutdown flag. Config, Clock and Redis are
 * global modules (infrastructure, not domain); no feature module is.
 */
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        DiscoveryModule,
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config.databaseUrl, config.dbPoolSize, ENTITIES),
          autoLoadEntities: false,
        }),
        BullModule.forRoot({ connection: bullConnection(config.redisUrl), prefix: config.queuePrefix }),
        RedisModule,
        SecretBoxModule,
        ClockModule,
      ],
      providers: [WorkerShutdown, QueueErrorLog],
    };
  }
}
