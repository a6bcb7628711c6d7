import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CompanyRecords } from './company-records.repository.js';
import { Company } from './entities/company.entity.js';

/** The companies table for other modules, without the HTTP flow of `CompaniesModule` (no auth import). */
@Module({
  imports: [TypeOrmModule.forFeature([Company])],
  providers: [CompanyRecords],
  exports: [CompanyRecords],
})
export class CompanyRecordsModule {}
