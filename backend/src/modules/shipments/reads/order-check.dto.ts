import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

export class OrderCheckItemDto {
  @ApiProperty() @IsString() @MaxLength(100) orderId: string;
  @ApiProperty() @IsString() @MaxLength(100) trackingNumber: string;
}

export class OrderCheckDto {
  @ApiProperty({ type: [OrderCheckItemDto] })
  @IsArray()
  @ArrayMaxSize(5000, { message: 'At most 5,000 rows can be checked at once' })
  @ValidateNested({ each: true })
  @Type(() => OrderCheckItemDto)
  rows: OrderCheckItemDto[];

  @ApiProperty({
    required: false,
    description: `Ask Faire for orders the sync has not stored yet (at most ${10} a call, on the brand's rate limit)`,
  })
  @IsOptional()
  @IsBoolean({ message: 'lookUp must be true or false' })
  lookUp?: boolean;
}
