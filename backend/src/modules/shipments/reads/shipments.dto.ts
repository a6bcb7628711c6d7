import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { SHIPMENT_STATUSES, UPLOAD_LIMITS, type ShipmentStatus } from '@portal/shipment-rules';
import { IsCalendarDate, PageNumber, PageSize } from '../../../common/http/input-rules.js';

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

/**
 * Cells as JSON text: an array of at most `maxColumns` strings, none longer than a file's line may be.
 * JSON-escaped, a cell may hold anything a file can (NUL too), where a bare JSON string holding NUL is
 * refused at the edge (decision 0013).
 */
export function parseCellsJson(text: unknown): string[] | undefined {
  if (typeof text !== 'string') return undefined;
  let cells: unknown;
  try {
    cells = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(cells) || cells.length > UPLOAD_LIMITS.maxColumns) return undefined;
  for (const c of cells as unknown[]) {
    if (typeof c !== 'string' || c.length > UPLOAD_LIMITS.maxLineChars) return undefined;
  }
  return cells as string[];
}

function IsCellsJson(name: string): PropertyDecorator {
  return ValidateBy(
    { name: 'isCellsJson', validator: { validate: (v) => parseCellsJson(v) !== undefined } },
    {
      message: `${name} must be a JSON array of at most ${UPLOAD_LIMITS.maxColumns} cells of at most ${UPLOAD_LIMITS.maxLineChars} characters`,
    },
  );
}

/** How the reviewed file was written (decision 0032): its failed rows go back to the brand in it. */
export class FileLayoutDto {
  @ApiProperty() @IsBoolean() bom: boolean;
  @ApiProperty({ description: "The header row's cells as written, as JSON text (an array of strings)" })
  @IsString()
  @MaxLength(UPLOAD_LIMITS.maxLineChars * 2)
  @IsCellsJson('layout.header')
  header: string;
  @ApiProperty({ enum: ['\r\n', '\n', '\r'] })
  @IsIn(['\r\n', '\n', '\r'], { message: 'layout.lineEnding must be CRLF, LF or CR' })
  lineEnding: '\r\n' | '\n' | '\r';
  @ApiProperty({ enum: [',', ';', '\t'] })
  @IsIn([',', ';', '\t'], { message: 'layout.delimiter must be a comma, a semicolon or a tab' })
  delimiter: ',' | ';' | '\t';
  @ApiProperty({ enum: ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] })
  @IsIn(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'], {
    message: 'layout.encoding is not an encoding files are read in',
  })
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
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
  @ApiPropertyOptional({
    description:
      "The row's cells as written (a fixed cell as fixed), as JSON text (an array of strings), sent with `layout`",
  })
  @IsOptional()
  @IsString()
  @MaxLength(UPLOAD_LIMITS.maxLineChars * 2)
  @IsCellsJson('cells')
  cells?: string;
}

/** Characters of the errors the review showed for a row (its messages joined by "; "). */
export const REVIEW_ERROR_CHARS = 2000;

/** Rows a reviewed file sends at most: its shipments and its rows with errors together. */
export const REVIEWED_FILE_ROWS = 5000;

/**
 * A row the review showed with errors and the brand did not fix: never sent to Faire, stored with the
 * upload as an uploaded file's rows with errors are, so the results and the failed rows file have it.
 */
export class ReviewedInvalidRowDto {
  @ApiProperty({ description: "The row's number in the reviewed file (header = row 1)" })
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  row: number;
  @ApiProperty({ description: 'The errors the review showed for the row, joined by "; "' })
  @IsString()
  @IsNotEmpty({ message: 'invalidRows: error must say what is wrong with the row' })
  @MaxLength(REVIEW_ERROR_CHARS)
  error: string;
  // The shipment fields as the review read them from the cells (as typed), cut as a file's are stored.
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(UPLOAD_LIMITS.maxCellChars) orderId?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(UPLOAD_LIMITS.maxCellChars)
  trackingNumber?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(UPLOAD_LIMITS.maxCellChars) carrier?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(UPLOAD_LIMITS.maxCellChars) shipDate?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(UPLOAD_LIMITS.maxCellChars)
  shippingCost?: string;
  @ApiPropertyOptional({
    description: "The row's cells as written, as JSON text (an array of strings), sent with `layout`",
  })
  @IsOptional()
  @IsString()
  @MaxLength(UPLOAD_LIMITS.maxLineChars * 2)
  @IsCellsJson('invalidRows.cells')
  cells?: string;
}

/**
 * The rows with errors fit the reviewed file: with the shipments, at most REVIEWED_FILE_ROWS rows, and
 * each row of the file once (so every shipment carries its row number, none repeated).
 */
function FitsTheReviewedFile(): PropertyDecorator {
  return ValidateBy(
    {
      name: 'fitsTheReviewedFile',
      validator: {
        validate: (value, args) => {
          if (!Array.isArray(value) || value.length === 0) return true;
          const shipments = (args?.object as { shipments?: unknown }).shipments;
          if (!Array.isArray(shipments)) return true; // `shipments` reports its own error
          if (shipments.length + value.length > REVIEWED_FILE_ROWS) return false;
          const all: unknown[] = [...(shipments as unknown[]), ...(value as unknown[])];
          const rows = all.map((r) => (r as { row?: unknown } | null)?.row);
          return rows.every((r) => r !== undefined) && new Set(rows).size === rows.length;
        },
      },
    },
    {
      message: `invalidRows: a reviewed file has at most ${REVIEWED_FILE_ROWS.toLocaleString('en-US')} rows with its shipments, each row once, every shipment with its row`,
    },
  );
}

export class ProcessShipmentsDto {
  @ApiProperty({ type: [ProcessItemDto] })
  @IsArray()
  @ArrayMinSize(1, { message: 'shipments must contain at least one row' })
  @ArrayMaxSize(REVIEWED_FILE_ROWS, {
    message: 'At most 5,000 shipments can be processed at once; upload a file for more',
  })
  @ValidateNested({ each: true })
  @Type(() => ProcessItemDto)
  shipments: ProcessItemDto[];

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) fileName?: string;

  @ApiPropertyOptional({
    type: [ReviewedInvalidRowDto],
    description:
      'The rows the review showed with errors, not fixed: stored with the upload (never sent to Faire), so its results and failed rows file have them',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(REVIEWED_FILE_ROWS, { message: 'invalidRows: a reviewed file has at most 5,000 rows' })
  @ValidateNested({ each: true })
  @Type(() => ReviewedInvalidRowDto)
  @FitsTheReviewedFile()
  invalidRows?: ReviewedInvalidRowDto[];

  @ApiPropertyOptional({
    type: FileLayoutDto,
    description: "How the reviewed file was written, sent with each row's `cells` (decision 0032)",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => FileLayoutDto)
  layout?: FileLayoutDto;

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
