import { Module, type DynamicModule } from '@nestjs/common';
import { ApiModule } from './api.module.js';
import type { AppConfig } from './common/config/index.js';
import { CoreModule } from './core.module.js';
import { WorkerModule } from './worker.module.js';

/**
 * What one process boots: the shared infrastructure plus the root module(s) its `WORKER_MODE` picks:
 * `api` → ApiModule, `worker` → WorkerModule, `all` → both. Both roots import the same feature modules
 * (backend/src/modules), so a service is the same code in either process.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        ...(config.runApi ? [ApiModule] : []),
        ...(config.runWorker ? [WorkerModule.forRoot(config)] : []),
      ],
    };
  }
}
