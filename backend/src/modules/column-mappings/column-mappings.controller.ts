import { Controller, Delete, Get, Param } from '@nestjs/common';
import { REQUIRED_COLUMNS } from '@portal/shipment-rules';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { OkView } from '../../common/http/responses.dto.js';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ColumnMappingsService, type SavedMappingView } from './column-mappings.service.js';

export class SavedMappingDto implements SavedMappingView {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'What identifies the set of CSV headers the mapping is for' })
  fingerprint: string;
  @ApiProperty({ type: [String] }) headers: string[];
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: [...REQUIRED_COLUMNS] },
    description: 'CSV header -> shipment field',
  })
  mapping: SavedMappingView['mapping'];
  @ApiProperty() createdAt: string;
  @ApiProperty() lastUsedAt: string;
}

export class SavedMappingsView {
  @ApiProperty({ type: [SavedMappingDto] }) mappings: SavedMappingDto[];
}

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
