import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MachineHook } from '../../common/http/public.decorator.js';
import { SourceHooks } from './source-hooks.service.js';
import { HookAnswerView } from './sources-answers.dto.js';

/** Webhooks sources call (no session): each authenticates by the unguessable token in its path. */
@ApiTags('integrations')
@Controller('hooks')
export class HooksController {
  constructor(private readonly hooks: SourceHooks) {}

  @Post('shipstation/:token')
  @MachineHook()
  @HttpCode(200)
  @ApiOperation({ summary: 'ShipStation webhook delivery: stored and queued, answered at once' })
  @ApiOkResponse({ type: HookAnswerView })
  shipstation(@Param('token') token: string, @Body() body: unknown): Promise<HookAnswerView> {
    return this.hooks.shipstation(token, body);
  }
}
