import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, freezeConfig, type AppConfig } from './app-config.js';

/** Infrastructure, global on purpose: every module may inject the configuration, read-only. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: freezeConfig(config) }],
      exports: [APP_CONFIG],
    };
  }
}
