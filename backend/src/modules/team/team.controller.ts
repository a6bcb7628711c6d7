import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, CompanyAuth, RequireCompany, Roles } from '../../common/http/auth.decorators.js';
import type { AuthContext, CompanyAuthContext } from '../../common/http/auth-context.js';
import { CurrentUserView } from '../auth/index.js';
import {
  AcceptInviteDto,
  ChangeRoleDto,
  InviteDto,
  OutboxMessageView,
  ResentInvitationView,
  TeamMemberView,
} from './dto/team.dto.js';
import { OkView } from '../../common/http/responses.dto.js';
import { TeamService } from './team.service.js';
import { AbuseLimit } from '../abuse/index.js';

@ApiTags('team')
@Controller('team')
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Get('members')
  @RequireCompany()
  @ApiOkResponse({ type: [TeamMemberView] })
  members(@CompanyAuth() auth: CompanyAuthContext): Promise<TeamMemberView[]> {
    return this.team.list(auth);
  }

  @Post('invite')
  @AbuseLimit('invite')
  @HttpCode(200)
  @Roles('COMPANY_ADMIN')
  @ApiOkResponse({ type: TeamMemberView })
  invite(@CompanyAuth() auth: CompanyAuthContext, @Body() body: InviteDto): Promise<TeamMemberView> {
    return this.team.invite(auth, body.email, body.role);
  }

  @Delete('members/:memberId')
  @Roles('COMPANY_ADMIN')
  @ApiOkResponse({ type: OkView })
  remove(@CompanyAuth() auth: CompanyAuthContext, @Param('memberId') memberId: string): Promise<OkView> {
    return this.team.remove(auth, memberId);
  }

  @Patch('members/:memberId/role')
  @Roles('COMPANY_ADMIN')
  @ApiOkResponse({ type: TeamMemberView })
  changeRole(
    @CompanyAuth() auth: CompanyAuthContext,
    @Param('memberId') memberId: string,
    @Body() body: ChangeRoleDto,
  ) {
    return this.team.changeRole(auth, memberId, body.role);
  }

  @Post('resend-invite/:memberId')
  @AbuseLimit('invite')
  @HttpCode(200)
  @Roles('COMPANY_ADMIN')
  @ApiOkResponse({ type: ResentInvitationView })
  resend(
    @CompanyAuth() auth: CompanyAuthContext,
    @Param('memberId') memberId: string,
  ): Promise<ResentInvitationView> {
    return this.team.resend(auth, memberId);
  }

  @Post('accept-invite')
  @AbuseLimit('acceptInvite')
  @HttpCode(200)
  @ApiOkResponse({ type: CurrentUserView })
  accept(@Auth() auth: AuthContext, @Body() body: AcceptInviteDto): Promise<CurrentUserView> {
    return this.team.accept(auth, body.token);
  }

  @Get('outbox')
  @Roles('COMPANY_ADMIN')
  @ApiOkResponse({ type: [OutboxMessageView] })
  outbox(@CompanyAuth() auth: CompanyAuthContext): Promise<OutboxMessageView[]> {
    return this.team.outbox(auth);
  }
}
