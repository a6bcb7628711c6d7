import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany, Roles } from '../../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../../common/http/auth-context.js';
import { MachineHook } from '../../../common/http/public.decorator.js';
import { HookAnswerView, SourceConnectionView } from '../sources-answers.dto.js';
import { ConnectShipStationDto } from '../sources.dto.js';
import { ShipStationConnect } from './shipstation-connect.service.js';
import { ShipStationHooks } from './shipstation-hooks.service.js';

/** Connecting ShipStation, and its webhook deliveries (decisions 0034, 0036). */
@ApiTags('integrations')
@Controller()
export class ShipStationController {
  constructor(
    private readonly connect: ShipStationConnect,
    private readonly hooks: ShipStationHooks,
  ) {}

  @Post('integrations/shipstation')
  @RequireCompany()
  @Roles('COMPANY_ADMIN')
  @HttpCode(200)
  @ApiOperation({ summary: 'Connect ShipStation with an API key and secret (checked with one call first)' })
  @ApiOkResponse({ type: SourceConnectionView })
  connectShipStation(
    @CompanyAuth() caller: CompanyAuthContext,
    @Body() body: ConnectShipStationDto,
  ): Promise<SourceConnectionView> {
    return this.connect.connect(caller, { apiKey: body.apiKey, apiSecret: body.apiSecret });
  }

  /** No session: the unguessable token in the path names the connection. */
  @Post('hooks/shipstation/:token')
  @MachineHook()
  @HttpCode(200)
  @ApiOperation({ summary: 'ShipStation webhook delivery: stored and queued, answered at once' })
  @ApiOkResponse({ type: HookAnswerView })
  shipstation(@Param('token') token: string, @Body() body: unknown): Promise<HookAnswerView> {
    return this.hooks.receive(token, body);
  }
}
