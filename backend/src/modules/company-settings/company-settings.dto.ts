import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import {
  DEFAULT_THRESHOLDS,
  THRESHOLD_MAX_DAYS,
  THRESHOLD_MIN_DAYS,
  thresholdRuleMessage,
  type ThresholdKey,
} from '@portal/shipment-rules';
import { IsInt, Max, Min } from 'class-validator';

/** A threshold in days, its default and bounds as the rules library declares them (late-thresholds.ts). */
function ThresholdDays(key: ThresholdKey) {
  const rule = { message: thresholdRuleMessage(key) };
  return applyDecorators(
    ApiProperty({ default: DEFAULT_THRESHOLDS[key] }),
    IsInt(rule),
    Min(THRESHOLD_MIN_DAYS, rule),
    Max(THRESHOLD_MAX_DAYS, rule),
  );
}

export class ThresholdsDto {
  @ThresholdDays('newOrderDays')
  newOrderDays: number;
  @ThresholdDays('processingDays')
  processingDays: number;
  @ThresholdDays('preTransitDays')
  preTransitDays: number;
  @ThresholdDays('inTransitDays')
  inTransitDays: number;
}
