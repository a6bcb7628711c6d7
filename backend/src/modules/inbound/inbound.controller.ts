import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany, Roles } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { AllowedSendersDto, InboundView, SftpLoginDto } from './inbound.dto.js';
import { InboundService } from './inbound.service.js';

/**
 * The company's mail-in address (decision 0069) and SFTP login (decision 0070). Company admins only, reading included: the address
 * is a credential (anyone who has it can send the company's shipments), like an API key.
 */
@ApiTags('inbound')
@Controller('company/inbound')
@RequireCompany()
@Roles('COMPANY_ADMIN')
export class InboundController {
  constructor(private readonly inbound: InboundService) {}

  @Get()
  @ApiOperation({ summary: "The company's mail-in address and its allowed senders" })
  @ApiOkResponse({ type: InboundView })
  read(@CompanyAuth() caller: CompanyAuthContext): Promise<InboundView> {
    return this.inbound.read(caller);
  }

  @Post('mail-address')
  @HttpCode(200)
  @ApiOperation({ summary: 'Make a new mail-in address: the old one stops at once' })
  @ApiOkResponse({ type: InboundView })
  regenerate(@CompanyAuth() caller: CompanyAuthContext): Promise<InboundView> {
    return this.inbound.regenerate(caller);
  }

  @Put('allowed-senders')
  @ApiOperation({ summary: 'Set the senders whose mail is processed (empty: any sender)' })
  @ApiOkResponse({ type: InboundView })
  setAllowedSenders(
    @CompanyAuth() caller: CompanyAuthContext,
    @Body() body: AllowedSendersDto,
  ): Promise<InboundView> {
    return this.inbound.setAllowedSenders(caller, body.allowedSenders);
  }

  @Put('sftp')
  @ApiOperation({ summary: 'Set the SFTP password, or add a public key that may log in' })
  @ApiOkResponse({ type: InboundView })
  setSftp(@CompanyAuth() caller: CompanyAuthContext, @Body() body: SftpLoginDto): Promise<InboundView> {
    return this.inbound.setSftp(caller, body);
  }

  @Delete('sftp/keys/:id')
  @ApiOperation({ summary: 'Remove a public key from the SFTP login' })
  @ApiOkResponse({ type: InboundView })
  removeSftpKey(
    @CompanyAuth() caller: CompanyAuthContext,
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
  ): Promise<InboundView> {
    return this.inbound.removeSftpKey(caller, id);
  }
}
