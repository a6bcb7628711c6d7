import { ApiProperty } from '@nestjs/swagger';
import { REQUIRED_COLUMNS, type ColumnMapping } from '@portal/shipment-rules';

/** A saved column mapping as `GET /api/column-mappings` answers it: the one declaration of the shape. */
export class SavedMappingDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'What identifies the set of CSV headers the mapping is for' })
  fingerprint: string;
  @ApiProperty({ type: [String] }) headers: string[];
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: [...REQUIRED_COLUMNS] },
    description: 'CSV header -> shipment field',
  })
  mapping: ColumnMapping;
  @ApiProperty() createdAt: string;
  @ApiProperty() lastUsedAt: string;
}

export class SavedMappingsView {
  @ApiProperty({ type: [SavedMappingDto] }) mappings: SavedMappingDto[];
}
