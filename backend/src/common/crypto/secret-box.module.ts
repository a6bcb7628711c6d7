import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/index.js';
import { SecretBox } from './secret-box.js';

/**
 * The one `SecretBox` of the process, on the configured encryption key: inject `SecretBox` to seal or
 * open a secret at rest. Global like the configuration it is made from (infrastructure, not domain).
 */
@Global()
@Module({
  providers: [
    {
      provide: SecretBox,
      useFactory: (config: AppConfig) => new SecretBox(config.encryptionKey),
      inject: [APP_CONFIG],
    },
  ],
  exports: [SecretBox],
})
export class SecretBoxModule {}
