export { APP_CONFIG, SHOPIFY_DEMO_CLIENT, freezeConfig, loadConfig, type AppConfig } from './app-config.js';
export { ConfigError, validateEnv } from './env.schema.js';
export { ConfigModule } from './config.module.js';
