import { Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OkView } from '../../common/http/responses.dto.js';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { SavedMappingsView } from './column-mappings.dto.js';
import { ColumnMappingsService } from './column-mappings.service.js';

@ApiTags('column-mappings')
@Controller('column-mappings')
@RequireCompany()
export class ColumnMappingsController {
  constructor(private readonly mappings: ColumnMappingsService) {}

  @Get()
  @ApiOperation({ summary: "The company's saved column mappings (one per set of CSV headers)" })
  @ApiOkResponse({ type: SavedMappingsView })
  list(@CompanyAuth() auth: CompanyAuthContext): Promise<SavedMappingsView> {
    return this.mappings.list(auth);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Forget a saved column mapping; the next file with those headers asks again' })
  @ApiOkResponse({ type: OkView })
  remove(@CompanyAuth() auth: CompanyAuthContext, @Param('id') id: string): Promise<OkView> {
    return this.mappings.remove(auth, id);
  }
}
