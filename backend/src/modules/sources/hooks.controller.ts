import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { MachineHook } from '../../common/http/public.decorator.js';
import { SourceHooks } from './source-hooks.service.js';

/** Webhooks sources call (no session): each authenticates by the unguessable token in its path. */
@ApiTags('integrations')
@Controller('hooks')
export class HooksController {
  constructor(private readonly hooks: SourceHooks) {}

  @Post('shipstation/:token')
  @MachineHook()
  @HttpCode(200)
  @ApiOperation({ summary: 'ShipStation webhook delivery: stored and queued, answered at once' })
  shipstation(@Param('token') token: string, @Body() body: unknown) {
    return this.hooks.shipstation(token, body);
  }
}
