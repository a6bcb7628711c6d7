import { Module } from '@nestjs/common';
import { ColumnMappingsController } from './column-mappings.controller.js';
import { ColumnMappingsService } from './column-mappings.service.js';

/** Remembered CSV column mappings per company and header fingerprint. */
@Module({
  controllers: [ColumnMappingsController],
  providers: [ColumnMappingsService],
  exports: [ColumnMappingsService],
})
export class ColumnMappingsModule {}
