import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { SHIPMENT_STATUSES, UPLOAD_LIMITS, type ShipmentStatus } from '@portal/shipment-rules';
import { IsCalendarDate, PageNumber, PageSize } from '../../common/http/input-rules.js';

export { SHIPMENT_STATUSES, type ShipmentStatus };

export class ListShipmentsQuery {
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @PageNumber() page: number = 1;
  @ApiPropertyOptional({ default: 50 }) @IsOptional() @PageSize(200) limit: number = 50;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) search?: string;
  @ApiPropertyOptional({ enum: SHIPMENT_STATUSES })
  @IsOptional()
  @IsIn(SHIPMENT_STATUSES, { message: 'status is not a shipment status' })
  status?: ShipmentStatus;
  @ApiPropertyOptional({ description: 'Upload date from (YYYY-MM-DD, UTC)' })
  @IsOptional()
  @IsCalendarDate('dateFrom')
  dateFrom?: string;
  @ApiPropertyOptional({ description: 'IANA time zone the upload dates are days of (default UTC)' })
  @IsOptional()
  @IsIn(['UTC', ...Intl.supportedValuesOf('timeZone')], {
    message: 'timeZone must be an IANA time zone such as America/New_York',
  })
  timeZone?: string;

  @ApiPropertyOptional({ description: "One upload's shipments, in the file's row order" })
  @IsOptional()
  @IsUUID('all', { message: 'uploadId must be an upload id' })
  uploadId?: string;

  @ApiPropertyOptional({
    description: 'Only shipments a source reported: UPLOAD, PROCESS, SHIPSTATION, ... (decision 0033)',
  })
  @IsOptional()
  @Matches(/^[A-Z][A-Z0-9_]{0,31}$/, {
    message: 'source must be a source kind such as UPLOAD or SHIPSTATION',
  })
  source?: string;

  @ApiPropertyOptional({ description: 'Upload date to, inclusive (YYYY-MM-DD, UTC)' })
  @IsOptional()
  @IsCalendarDate('dateTo')
  dateTo?: string;
}

export class ProcessItemDto {
  @ApiPropertyOptional({ description: "The row's number in the reviewed file (header = row 1)" })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  row?: number;
  // The same limits as a file's cells (the browser's review allows what the file allows).
  @ApiProperty() @IsString() @MaxLength(UPLOAD_LIMITS.maxIdChars) orderId: string;
  @ApiProperty() @IsString() @MaxLength(UPLOAD_LIMITS.maxIdChars) trackingNumber: string;
  @ApiProperty() @IsString() @MaxLength(UPLOAD_LIMITS.maxCellChars) carrier: string;
  @ApiProperty({ description: 'ISO date or date-time' }) @IsString() @MaxLength(40) shipDate: string;
  @ApiProperty({ description: 'Shipping cost in integer cents' })
  @IsInt({ message: 'shippingCost must be a whole number of cents' })
  @Min(0, { message: 'Shipping cost cannot be negative' })
  @Max(100_000_000)
  shippingCost: number;
}

export class ProcessShipmentsDto {
  @ApiProperty({ type: [ProcessItemDto] })
  @IsArray()
  @ArrayMinSize(1, { message: 'shipments must contain at least one row' })
  @ArrayMaxSize(5000, { message: 'At most 5,000 shipments can be processed at once; upload a file for more' })
  @ValidateNested({ each: true })
  @Type(() => ProcessItemDto)
  shipments: ProcessItemDto[];

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) fileName?: string;

  @ApiPropertyOptional({
    description:
      "The reviewed file's headers, sent with `columnMapping`: the mapping is remembered for files with these headers",
    type: [String],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(UPLOAD_LIMITS.maxColumns)
  @IsString({ each: true })
  @MaxLength(UPLOAD_LIMITS.maxCellChars, { each: true })
  headers?: string[];

  @ApiPropertyOptional({
    description: 'The column mapping the reviewed file was read with (CSV column -> field)',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  @IsOptional()
  @IsObject({ message: 'columnMapping must be an object from CSV column to field' })
  columnMapping?: Record<string, unknown>;

  @ApiPropertyOptional({
    enum: ['day-first', 'month-first'],
    description: "The date order the reviewed file's own dates settled: remembered for the next file",
  })
  @IsOptional()
  @IsIn(['day-first', 'month-first'], { message: 'dateOrder must be day-first or month-first' })
  dateOrder?: 'day-first' | 'month-first';
}
