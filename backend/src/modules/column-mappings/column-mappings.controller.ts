import { Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ColumnMappingsService } from './column-mappings.service.js';

@ApiTags('column-mappings')
@Controller('column-mappings')
@RequireCompany()
export class ColumnMappingsController {
  constructor(private readonly mappings: ColumnMappingsService) {}

  @Get()
  @ApiOperation({ summary: "The company's saved column mappings (one per set of CSV headers)" })
  list(@CompanyAuth() auth: CompanyAuthContext) {
    return this.mappings.list(auth);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Forget a saved column mapping; the next file with those headers asks again' })
  remove(@CompanyAuth() auth: CompanyAuthContext, @Param('id') id: string) {
    return this.mappings.remove(auth, id);
  }
}
