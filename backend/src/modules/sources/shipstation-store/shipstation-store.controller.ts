import { Controller, Delete, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CompanyAuth, RequireCompany, Roles } from '../../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../../common/http/auth-context.js';
import { MachineHook } from '../../../common/http/public.decorator.js';
import { AbuseLimit } from '../../abuse/index.js';
import { OkView } from '../../../common/http/responses.dto.js';
import { StoreCredentialsView } from '../sources-answers.dto.js';
import { StoreCallError, StoreEndpoint } from './store-endpoint.service.js';
import { StoreMode } from './store-mode.service.js';

const XML = 'text/xml; charset=utf-8';

/**
 * The portal as a ShipStation Custom Store (decision 0071): store mode on the ShipStation connection, and
 * the store URL ShipStation calls with Basic auth, `?action=export` (GET) and `?action=shipnotify`
 * (POST, an XML body). Any other action is refused; a refusal is plain text ShipStation shows as is.
 */
@ApiTags('integrations')
@Controller()
export class ShipStationStoreController {
  constructor(
    private readonly mode: StoreMode,
    private readonly endpoint: StoreEndpoint,
  ) {}

  @Post('integrations/shipstation/store')
  @RequireCompany()
  @Roles('COMPANY_ADMIN')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Turn ShipStation store mode on, or make its credentials anew (the password is shown once)',
  })
  @ApiOkResponse({ type: StoreCredentialsView })
  turnOn(@CompanyAuth() caller: CompanyAuthContext): Promise<StoreCredentialsView> {
    return this.mode.turnOn(caller);
  }

  @Delete('integrations/shipstation/store')
  @RequireCompany()
  @Roles('COMPANY_ADMIN')
  @ApiOperation({ summary: 'Turn ShipStation store mode off (its URL and password open nothing after)' })
  @ApiOkResponse({ type: OkView })
  async turnOff(@CompanyAuth() caller: CompanyAuthContext): Promise<OkView> {
    await this.mode.turnOff(caller);
    return { ok: true };
  }

  @Get('hooks/shipstation-store/:storeId')
  @MachineHook()
  @AbuseLimit('store')
  @ApiOperation({ summary: "ShipStation's Custom Store order export (Basic auth; action=export)" })
  @ApiQuery({ name: 'action', enum: ['export'] })
  @ApiProduces('text/xml')
  @ApiOkResponse({ schema: { type: 'string', description: '<Orders pages="N"> of <Order>' } })
  async export(
    @Param('storeId') storeId: string,
    @Headers('authorization') authorization: unknown,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    await this.answer(res, async () => {
      const conn = await this.endpoint.authenticate(storeId, authorization);
      if (query.action !== 'export') throw new StoreCallError(400, 'Unknown action: GET takes action=export');
      return this.endpoint.export(conn, query);
    });
  }

  @Post('hooks/shipstation-store/:storeId')
  @MachineHook()
  @AbuseLimit('store')
  @HttpCode(200)
  @ApiOperation({ summary: "ShipStation's Custom Store ship notice (Basic auth; action=shipnotify, XML)" })
  @ApiQuery({ name: 'action', enum: ['shipnotify'] })
  @ApiConsumes('application/xml', 'text/xml')
  @ApiProduces('text/xml')
  @ApiOkResponse({ schema: { type: 'string', description: 'OK' } })
  async shipNotify(
    @Param('storeId') storeId: string,
    @Headers('authorization') authorization: unknown,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.answer(res, async () => {
      const conn = await this.endpoint.authenticate(storeId, authorization);
      if (query.action !== 'shipnotify') {
        throw new StoreCallError(400, 'Unknown action: POST takes action=shipnotify');
      }
      await this.endpoint.shipNotify(conn, query, req.body);
      return '<?xml version="1.0" encoding="utf-8"?><Response>OK</Response>';
    });
  }

  private async answer(res: Response, work: () => Promise<string>): Promise<void> {
    try {
      const xml = await work();
      res.status(200).type(XML).send(xml);
    } catch (err) {
      if (!(err instanceof StoreCallError)) throw err;
      if (err.status === 401) res.setHeader('WWW-Authenticate', 'Basic realm="Faire store", charset="UTF-8"');
      res.status(err.status).type('text/plain; charset=utf-8').send(err.message);
    }
  }
}
