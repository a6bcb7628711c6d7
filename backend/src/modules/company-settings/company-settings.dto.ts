import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';

const rule = (name: string) => ({ message: `${name} must be a whole number of days between 0 and 365` });

export class ThresholdsDto {
  @ApiProperty({ default: 1 })
  @IsInt(rule('newOrderDays'))
  @Min(0, rule('newOrderDays'))
  @Max(365, rule('newOrderDays'))
  newOrderDays: number;
  @ApiProperty({ default: 1 })
  @IsInt(rule('processingDays'))
  @Min(0, rule('processingDays'))
  @Max(365, rule('processingDays'))
  processingDays: number;
  @ApiProperty({ default: 2 })
  @IsInt(rule('preTransitDays'))
  @Min(0, rule('preTransitDays'))
  @Max(365, rule('preTransitDays'))
  preTransitDays: number;
  @ApiProperty({ default: 8 })
  @IsInt(rule('inTransitDays'))
  @Min(0, rule('inTransitDays'))
  @Max(365, rule('inTransitDays'))
  inTransitDays: number;
}
