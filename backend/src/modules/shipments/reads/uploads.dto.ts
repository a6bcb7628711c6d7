import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageNumber, PageSize } from '../../../common/http/input-rules.js';
import { SHIPMENT_STATUSES } from './shipments.dto.js';

/** What happened to one row of a file: a shipment status, or INVALID (never sent: the row has errors). */
export const ROW_STATUSES = [...SHIPMENT_STATUSES, 'INVALID'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];
/** `status=ISSUES`: every row that is not SUCCESS. */
export const ROW_FILTERS = [...ROW_STATUSES, 'ISSUES'] as const;
export type RowFilter = (typeof ROW_FILTERS)[number];

export class ListUploadsQuery {
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @PageNumber() page: number = 1;
  @ApiPropertyOptional({ default: 10, maximum: 50 }) @IsOptional() @PageSize(50) limit: number = 10;
}

export class UploadRowsQuery {
  @ApiPropertyOptional({ enum: ROW_FILTERS, description: 'ISSUES: every row that is not SUCCESS' })
  @IsOptional()
  @IsIn(ROW_FILTERS, { message: `status must be one of ${ROW_FILTERS.join(', ')}` })
  status?: RowFilter;
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @PageNumber() page: number = 1;
  @ApiPropertyOptional({ default: 200, maximum: 1000 }) @IsOptional() @PageSize(1000) limit: number = 200;
}
