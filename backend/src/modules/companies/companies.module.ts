import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';
import { Company } from './entities/company.entity.js';
import { Membership } from './entities/membership.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([Company, Membership])],
  controllers: [CompaniesController],
  providers: [CompaniesService],
})
export class CompaniesModule {}
