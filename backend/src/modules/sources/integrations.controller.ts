import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OkView } from '../../common/http/responses.dto.js';
import { CompanyAuth, RequireCompany, Roles } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { IntegrationsService } from './integrations.service.js';
import {
  AttentionView,
  DismissedView,
  SendOutcomeView,
  SourceConnectionView,
  SourceConnectionsView,
} from './sources-answers.dto.js';
import { ConnectShipStationDto, LabelIdsDto, PatchConnectionDto, SendLabelsDto } from './sources.dto.js';

/** Source connections and "Needs attention" (decision 0034): members read, company admins change. */
@ApiTags('integrations')
@Controller('integrations')
@RequireCompany()
export class IntegrationsController {
  constructor(private readonly integrations: IntegrationsService) {}

  @Get()
  @ApiOperation({ summary: "The company's source connections and the kinds it can connect" })
  @ApiOkResponse({ type: SourceConnectionsView })
  list(@CompanyAuth() caller: CompanyAuthContext): Promise<SourceConnectionsView> {
    return this.integrations.list(caller);
  }

  @Post('shipstation')
  @Roles('COMPANY_ADMIN')
  @HttpCode(200)
  @ApiOperation({ summary: 'Connect ShipStation with an API key and secret (checked with one call first)' })
  @ApiOkResponse({ type: SourceConnectionView })
  connect(
    @CompanyAuth() caller: CompanyAuthContext,
    @Body() body: ConnectShipStationDto,
  ): Promise<SourceConnectionView> {
    return this.integrations.connectShipStation(caller, { apiKey: body.apiKey, apiSecret: body.apiSecret });
  }

  @Get('attention')
  @ApiOperation({ summary: 'Labels waiting for a person, and alerts about labels already sent' })
  @ApiOkResponse({ type: AttentionView })
  attention(@CompanyAuth() caller: CompanyAuthContext): Promise<AttentionView> {
    return this.integrations.attention(caller);
  }

  @Post('attention/send')
  @Roles('COMPANY_ADMIN')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send held labels (optionally to the order and at the cost picked)' })
  @ApiOkResponse({ type: SendOutcomeView })
  send(@CompanyAuth() caller: CompanyAuthContext, @Body() body: SendLabelsDto): Promise<SendOutcomeView> {
    return this.integrations.send(caller, body);
  }

  @Post('attention/dismiss')
  @Roles('COMPANY_ADMIN')
  @HttpCode(200)
  @ApiOperation({ summary: 'Dismiss held labels or alerts' })
  @ApiOkResponse({ type: DismissedView })
  dismiss(@CompanyAuth() caller: CompanyAuthContext, @Body() body: LabelIdsDto): Promise<DismissedView> {
    return this.integrations.dismiss(caller, body.ids);
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
  @ApiOperation({ summary: 'Disconnect (webhooks unsubscribed; shipments already made stay)' })
  @ApiOkResponse({ type: OkView })
  disconnect(@CompanyAuth() caller: CompanyAuthContext, @Param('id') id: string): Promise<OkView> {
    return this.integrations.disconnect(caller, id);
  }
}
