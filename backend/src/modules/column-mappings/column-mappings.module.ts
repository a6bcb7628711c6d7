import { Module } from '@nestjs/common';
import { ColumnMappingsService } from './column-mappings.service.js';

/** Remembered CSV column mappings per company and header fingerprint. */
@Module({
  providers: [ColumnMappingsService],
  exports: [ColumnMappingsService],
})
export class ColumnMappingsModule {}
