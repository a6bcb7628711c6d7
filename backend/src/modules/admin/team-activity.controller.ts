import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAuth, Roles } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ActivityLogService } from './activity-log.service.js';
import { ActivityPageQueryDto, ActivityPageView } from './dto/activity.dto.js';

@ApiTags('team')
@Controller('team')
export class TeamActivityController {
  constructor(private readonly activity: ActivityLogService) {}

  @Get('activity')
  @Roles('COMPANY_ADMIN')
  @ApiOperation({ summary: "The caller's company's activity, newest first" })
  @ApiOkResponse({ type: ActivityPageView })
  list(
    @CompanyAuth() auth: CompanyAuthContext,
    @Query() query: ActivityPageQueryDto,
  ): Promise<ActivityPageView> {
    return this.activity.listForCompany(auth, query);
  }
}
