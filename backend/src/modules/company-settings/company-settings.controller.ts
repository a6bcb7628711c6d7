import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
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
  @ApiOkResponse({ type: ThresholdsDto })
  get(@CompanyAuth() auth: CompanyAuthContext): Promise<ThresholdsDto> {
    return this.settings.get(auth);
  }

  @Put()
  @Roles('COMPANY_ADMIN')
  @ApiOkResponse({ type: ThresholdsDto })
  update(@CompanyAuth() auth: CompanyAuthContext, @Body() body: ThresholdsDto): Promise<ThresholdsDto> {
    return this.settings.update(auth, body);
  }
}
