import { Module } from '@nestjs/common';
import { CompanySettingsController } from './company-settings.controller.js';
import { CompanySettingsService } from './company-settings.service.js';

@Module({ controllers: [CompanySettingsController], providers: [CompanySettingsService] })
export class CompanySettingsModule {}
