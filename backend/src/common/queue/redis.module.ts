import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/index.js';
import { redisOptionsFromUrl } from './redis.js';

export const REDIS = Symbol('REDIS');

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One shared Redis client for the app's own use (health, rate limits, locks); BullMQ has its own. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new Redis({ ...redisOptionsFromUrl(config.redisUrl), maxRetriesPerRequest: 3, lazyConnect: false }),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
