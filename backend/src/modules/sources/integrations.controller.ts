import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OkView } from '../../common/http/responses.dto.js';
import { CompanyAuth, RequireCompany, Roles } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { AttentionService } from './attention.service.js';
import { IntegrationsService } from './integrations.service.js';
import {
  AttentionView,
  DismissedView,
  ReleaseOutcomeView,
  SendOutcomeView,
  SourceConnectionView,
  SourceConnectionsView,
  WaitingView,
} from './sources-answers.dto.js';
import { LabelIdsDto, PatchConnectionDto, SendLabelsDto } from './sources.dto.js';

/** Source connections and "Needs attention" (decision 0034): members read, company admins change. */
@ApiTags('integrations')
@Controller('integrations')
@RequireCompany()
export class IntegrationsController {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly items: AttentionService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The company's source connections and the kinds it can connect" })
  @ApiOkResponse({ type: SourceConnectionsView })
  list(@CompanyAuth() caller: CompanyAuthContext): Promise<SourceConnectionsView> {
    return this.integrations.list(caller);
  }

  @Get('attention')
  @ApiOperation({ summary: 'Labels waiting for a person, and alerts about labels already sent' })
  @ApiOkResponse({ type: AttentionView })
  attention(@CompanyAuth() caller: CompanyAuthContext): Promise<AttentionView> {
    return this.items.attention(caller);
  }

  @Post('attention/send')
  @Roles('COMPANY_ADMIN')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send held labels (optionally to the order and at the cost picked)' })
  @ApiOkResponse({ type: SendOutcomeView })
  send(@CompanyAuth() caller: CompanyAuthContext, @Body() body: SendLabelsDto): Promise<SendOutcomeView> {
    return this.items.send(caller, body);
  }

  @Post('attention/dismiss')
  @Roles('COMPANY_ADMIN')
  @HttpCode(200)
  @ApiOperation({ summary: 'Dismiss held labels or alerts' })
  @ApiOkResponse({ type: DismissedView })
  dismiss(@CompanyAuth() caller: CompanyAuthContext, @Body() body: LabelIdsDto): Promise<DismissedView> {
    return this.items.dismiss(caller, body.ids);
  }

  @Get('waiting')
  @ApiOperation({ summary: 'Items in their grace period: shown at once, sent when it ends' })
  @ApiOkResponse({ type: WaitingView })
  waiting(@CompanyAuth() caller: CompanyAuthContext): Promise<WaitingView> {
    return this.items.waiting(caller);
  }

  @Post('waiting/send')
  @Roles('COMPANY_ADMIN')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send waiting items now: their grace ends and they are decided at once' })
  @ApiOkResponse({ type: ReleaseOutcomeView })
  sendNow(@CompanyAuth() caller: CompanyAuthContext, @Body() body: LabelIdsDto): Promise<ReleaseOutcomeView> {
    return this.items.sendNow(caller, body.ids);
  }

  @Post('waiting/dismiss')
  @Roles('COMPANY_ADMIN')
  @HttpCode(200)
  @ApiOperation({ summary: "Don't send waiting items: dismissed before they are decided" })
  @ApiOkResponse({ type: DismissedView })
  dontSend(@CompanyAuth() caller: CompanyAuthContext, @Body() body: LabelIdsDto): Promise<DismissedView> {
    return this.items.dontSend(caller, body.ids);
  }

  @Patch(':id')
  @Roles('COMPANY_ADMIN')
  @ApiOperation({ summary: 'Pause or resume, mode, cost rule, carrier map, accept new orders, currency' })
  @ApiOkResponse({ type: SourceConnectionView })
  patch(
    @CompanyAuth() caller: CompanyAuthContext,
    @Param('id') id: string,
    @Body() body: PatchConnectionDto,
  ): Promise<SourceConnectionView> {
    return this.integrations.patch(caller, id, body);
  }

  @Delete(':id')
  @Roles('COMPANY_ADMIN')
  @ApiOperation({
    summary:
      'Disconnect (webhooks unsubscribed, credentials forgotten; settings, held items and alerts kept; shipments already made stay)',
  })
  @ApiOkResponse({ type: OkView })
  disconnect(@CompanyAuth() caller: CompanyAuthContext, @Param('id') id: string): Promise<OkView> {
    return this.integrations.disconnect(caller, id);
  }
}
