import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany, Roles } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ThresholdsDto } from './company-settings.dto.js';
import { CompanySettingsService } from './company-settings.service.js';

@ApiTags('company-settings')
@Controller('company-settings')
export class CompanySettingsController {
  constructor(private readonly settings: CompanySettingsService) {}

  @Get()
  @RequireCompany()
  get(@CompanyAuth() auth: CompanyAuthContext) {
    return this.settings.get(auth);
  }

  @Put()
  @Roles('COMPANY_ADMIN')
  update(@CompanyAuth() auth: CompanyAuthContext, @Body() body: ThresholdsDto) {
    return this.settings.update(auth, body);
  }
}
