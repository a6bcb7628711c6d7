import { Module } from '@nestjs/common';
import { ColumnMappingsRepository } from './column-mappings.repository.js';
import { ColumnMappingsService } from './column-mappings.service.js';

/** Remembered CSV column mappings per company and header fingerprint, and each company's date order. */
@Module({
  providers: [ColumnMappingsRepository, ColumnMappingsService],
  exports: [ColumnMappingsService],
})
export class ColumnMappingsModule {}
