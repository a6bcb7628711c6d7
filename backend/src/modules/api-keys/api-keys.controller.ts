import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany, Roles } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { OkView } from '../../common/http/responses.dto.js';
import { ApiKeysView, CreateApiKeyDto, CreatedApiKeyView } from './api-keys.dto.js';
import { ApiKeysService } from './api-keys.service.js';

/** The company's API keys (decision 0067): members read the list, company admins create and revoke. */
@ApiTags('api-keys')
@Controller('company/api-keys')
@RequireCompany()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiOperation({ summary: "The company's live API keys (never the keys themselves)" })
  @ApiOkResponse({ type: ApiKeysView })
  list(@CompanyAuth() caller: CompanyAuthContext): Promise<ApiKeysView> {
    return this.keys.list(caller);
  }

  @Post()
  @Roles('COMPANY_ADMIN')
  @ApiOperation({ summary: 'Create a named key with its scopes: the answer holds the key, shown this once' })
  @ApiCreatedResponse({ type: CreatedApiKeyView })
  create(
    @CompanyAuth() caller: CompanyAuthContext,
    @Body() body: CreateApiKeyDto,
  ): Promise<CreatedApiKeyView> {
    return this.keys.create(caller, body.name, body.scopes);
  }

  @Delete(':id')
  @Roles('COMPANY_ADMIN')
  @ApiOperation({ summary: 'Revoke a key: refused at once, on every process' })
  @ApiOkResponse({ type: OkView })
  revoke(@CompanyAuth() caller: CompanyAuthContext, @Param('id') id: string): Promise<OkView> {
    return this.keys.revoke(caller, id);
  }
}
