import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeysModule } from '../api-keys/index.js';
import { ColumnMappingsModule } from '../column-mappings/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { OrdersModule } from '../orders/index.js';
import { ShipmentsModule } from '../shipments/index.js';
import { ApiIdempotencyKey } from './entities/idempotency-key.entity.js';
import { IdempotencyKeys } from './idempotency-keys.repository.js';
import { PublicShipmentsService } from './public-shipments.service.js';

/**
 * The public, versioned API under /api/v1 (decision 0067): authenticated by company API keys only,
 * never a session; the same intake, rules and history as every other source. Its controllers are the
 * API root module's.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ApiIdempotencyKey]),
    ApiKeysModule,
    ColumnMappingsModule,
    MarketplaceModule,
    OrdersModule,
    ShipmentsModule,
  ],
  providers: [IdempotencyKeys, PublicShipmentsService],
  exports: [PublicShipmentsService],
})
export class PublicApiModule {}
