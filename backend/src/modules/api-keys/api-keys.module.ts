import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { UsersModule } from '../users/index.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { ApiKeyRecords } from './api-keys.repository.js';
import { ApiKeysService } from './api-keys.service.js';
import { ApiKey } from './entities/api-key.entity.js';

/**
 * Company API keys (decision 0067) and the guard of the public API. The keys' card routes are the API
 * root module's (ApiKeysController); the public API's module uses the guard.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey]), ActivityModule, UsersModule],
  providers: [ApiKeyRecords, ApiKeysService, ApiKeyGuard],
  exports: [ApiKeysService, ApiKeyGuard],
})
export class ApiKeysModule {}
