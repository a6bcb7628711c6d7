import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, PlatformAdmin } from '../../common/http/auth.decorators.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { TeamMemberView } from '../team/index.js';
import { ActivityLogService } from './activity-log.service.js';
import { AdminService } from './admin.service.js';
import { AppConfigService } from './app-config.service.js';
import { ActivityPageView, ActivityQueryDto } from './dto/activity.dto.js';
import { AdminCompanyView, AdminInviteDto, AdminStatsView, AdminUserView } from './dto/admin.dto.js';
import { AppConfigView, SaveAppConfigDto, TestApiView } from './dto/app-config.dto.js';
import { MarketplaceCheckService } from './marketplace-check.service.js';
import { AbuseLimit } from '../abuse/index.js';
import { OkView } from '../../common/http/responses.dto.js';

@ApiTags('admin')
@Controller('admin')
@PlatformAdmin()
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly appConfig: AppConfigService,
    private readonly activity: ActivityLogService,
    private readonly marketplace: MarketplaceCheckService,
  ) {}

  @Get('config')
  @ApiOperation({ summary: 'Application settings: whether each is set, its last 4 characters, its source' })
  @ApiOkResponse({ type: AppConfigView })
  config(): Promise<AppConfigView> {
    return this.appConfig.view();
  }

  @Post('config')
  @HttpCode(200)
  @ApiOperation({ summary: 'Saves settings (sealed); an empty string removes a saved value' })
  @ApiOkResponse({ type: AppConfigView })
  saveConfig(@Auth() auth: AuthContext, @Body() body: SaveAppConfigDto): Promise<AppConfigView> {
    return this.appConfig.save(auth, body);
  }

  @Post('test-api')
  @HttpCode(200)
  @ApiOperation({ summary: 'Checks the application credentials and the API address against Faire' })
  @ApiOkResponse({ type: TestApiView })
  testApi(): Promise<TestApiView> {
    return this.marketplace.check();
  }

  @Get('users')
  @ApiOkResponse({ type: [AdminUserView] })
  users(): Promise<AdminUserView[]> {
    return this.admin.listUsers();
  }

  @Get('stats')
  @ApiOkResponse({ type: AdminStatsView })
  stats(): Promise<AdminStatsView> {
    return this.admin.stats();
  }

  @Get('activity')
  @ApiOperation({ summary: 'The activity log, newest first, filtered and paginated' })
  @ApiOkResponse({ type: ActivityPageView })
  activityLog(@Query() query: ActivityQueryDto): Promise<ActivityPageView> {
    return this.activity.list(query);
  }

  @Get('companies')
  @ApiOkResponse({ type: [AdminCompanyView] })
  companies(): Promise<AdminCompanyView[]> {
    return this.admin.listCompanies();
  }

  @Delete('companies/:companyId/faire-connection')
  @ApiOperation({
    summary:
      "Releases a company's Faire connection (revokes its token), e.g. when two companies hold one brand",
  })
  @ApiOkResponse({ type: OkView })
  releaseConnection(
    @Auth() auth: AuthContext,
    @Param('companyId', new ParseUUIDPipe()) companyId: string,
  ): Promise<OkView> {
    return this.admin.releaseConnection(auth, companyId);
  }

  @Post('invite')
  @AbuseLimit('invite')
  @HttpCode(200)
  @ApiOperation({ summary: 'Invites someone to a company of the admin’s choice' })
  @ApiOkResponse({ type: TeamMemberView })
  invite(@Auth() auth: AuthContext, @Body() body: AdminInviteDto): Promise<TeamMemberView> {
    return this.admin.invite(auth, body);
  }
}
