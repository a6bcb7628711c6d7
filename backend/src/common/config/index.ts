export { APP_CONFIG, freezeConfig, loadConfig, type AppConfig } from './app-config.js';
export { ConfigError, validateEnv } from './env.schema.js';
export { ConfigModule } from './config.module.js';
