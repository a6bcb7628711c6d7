import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
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
import { UPLOAD_LIMITS } from '@portal/shipment-rules';

/** ShipStation key pairs are visible ASCII; anything else is refused before a call to ShipStation. */
const KEY_PART = /^[\x21-\x7E]{1,200}$/;

export class ConnectShipStationDto {
  @ApiProperty({ description: 'The ShipStation API key (Settings > Account > API Settings)' })
  @IsString({ message: 'apiKey is required' })
  @Matches(KEY_PART, { message: 'apiKey must be the ShipStation API key: visible characters, no spaces' })
  apiKey: string;

  @ApiProperty({ description: 'The ShipStation API secret' })
  @IsString({ message: 'apiSecret is required' })
  @Matches(KEY_PART, {
    message: 'apiSecret must be the ShipStation API secret: visible characters, no spaces',
  })
  apiSecret: string;
}

export class CostRuleDto {
  @ApiProperty({ enum: ['LABEL', 'LABEL_OR_FLAT', 'FLAT', 'PER_CARRIER', 'SHARE'] })
  @IsIn(['LABEL', 'LABEL_OR_FLAT', 'FLAT', 'PER_CARRIER', 'SHARE'], {
    message: 'costRule.kind must be LABEL, LABEL_OR_FLAT, FLAT, PER_CARRIER or SHARE',
  })
  kind: 'LABEL' | 'LABEL_OR_FLAT' | 'FLAT' | 'PER_CARRIER' | 'SHARE';

  @ApiPropertyOptional({
    description: "PER_CARRIER: Faire carrier -> minor units of the brand's currency",
    type: 'object',
    additionalProperties: { type: 'integer' },
  })
  @IsOptional()
  @IsObject({ message: 'costRule.carrierCents must be an object from Faire carrier to cents' })
  carrierCents?: Record<string, number>;

  @ApiPropertyOptional({
    description: 'PER_CARRIER: the cost for any other carrier (absent: such labels wait)',
  })
  @IsOptional()
  @IsInt({ message: 'costRule.otherCents must be a whole number of cents' })
  @Min(0, { message: 'costRule.otherCents cannot be negative' })
  @Max(100_000_000)
  otherCents?: number;

  @ApiPropertyOptional({ description: "SHARE: the share of the Faire order's subtotal, in percent (0-100)" })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'costRule.percent must be a number with at most 2 decimals' })
  @Min(0, { message: 'costRule.percent must be between 0 and 100' })
  @Max(100, { message: 'costRule.percent must be between 0 and 100' })
  percent?: number;

  @ApiPropertyOptional({ description: 'SHARE: the least cost, in minor units' })
  @IsOptional()
  @IsInt({ message: 'costRule.minCents must be a whole number of cents' })
  @Min(0, { message: 'costRule.minCents cannot be negative' })
  @Max(100_000_000)
  minCents?: number;

  @ApiPropertyOptional({ description: "Minor units of the brand's currency (LABEL_OR_FLAT and FLAT)" })
  @IsOptional()
  @IsInt({ message: 'costRule.flatCents must be a whole number of cents' })
  @Min(0, { message: 'costRule.flatCents cannot be negative' })
  @Max(100_000_000)
  flatCents?: number;
}

export class PatchConnectionDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'paused must be true or false' })
  paused?: boolean;

  @ApiPropertyOptional({ enum: ['AUTO', 'REVIEW'] })
  @IsOptional()
  @IsIn(['AUTO', 'REVIEW'], { message: 'mode must be AUTO or REVIEW' })
  mode?: 'AUTO' | 'REVIEW';

  @ApiPropertyOptional({ type: CostRuleDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => CostRuleDto)
  costRule?: CostRuleDto;

  @ApiPropertyOptional({
    description: "The source's carrier code -> Faire's carrier (USPS, UPS, FEDEX, ...)",
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  @IsOptional()
  @IsObject({ message: 'carrierMap must be an object from carrier code to Faire carrier' })
  carrierMap?: Record<string, string>;

  @ApiPropertyOptional({ description: 'Accept a NEW Faire order when a label is printed for it' })
  @IsOptional()
  @IsBoolean({ message: 'acceptNewOrders must be true or false' })
  acceptNewOrders?: boolean;

  @ApiPropertyOptional({
    description: 'Send a label whose own cost is 0 at 0 (otherwise it waits with "No cost on the label")',
  })
  @IsOptional()
  @IsBoolean({ message: 'sendZeroCost must be true or false' })
  sendZeroCost?: boolean;

  @ApiPropertyOptional({ description: "The currency ShipStation's costs are in (ISO 4217)" })
  @IsOptional()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be a three-letter currency code such as USD' })
  currency?: string;
}

export class LabelIdsDto {
  @ApiProperty({ type: [String] })
  @IsArray({ message: 'ids must be a list of label ids' })
  @ArrayMinSize(1, { message: 'ids must name at least one label' })
  @ArrayMaxSize(500, { message: 'At most 500 labels at once' })
  @IsUUID('all', { each: true, message: 'ids must be label ids' })
  ids: string[];
}

export class SendLabelsDto extends LabelIdsDto {
  @ApiPropertyOptional({ description: 'The Faire order to send them to (bo_ id or display id)' })
  @IsOptional()
  @IsString()
  @MaxLength(UPLOAD_LIMITS.maxIdChars)
  orderId?: string;

  @ApiPropertyOptional({ description: "The cost, in minor units of the brand's currency" })
  @IsOptional()
  @IsInt({ message: 'cost must be a whole number of cents' })
  @Min(0, { message: 'cost cannot be negative' })
  @Max(100_000_000)
  cost?: number;
}
