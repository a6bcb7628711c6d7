import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import type { HealthCheckResult, HealthCheckStatus, HealthIndicatorStatus } from '@nestjs/terminus';

/** One check (database, redis, queue): up or down, and why it is down. */
export class HealthIndicatorView {
  @ApiProperty({ enum: ['up', 'degraded', 'down'] }) status: HealthIndicatorStatus;
  @ApiPropertyOptional({ description: 'Why the check failed' }) message?: string;
  @ApiPropertyOptional({ description: 'queue: the ping round trip, in ms' }) roundTripMs?: number;
}

const byCheck = (description: string) =>
  ({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(HealthIndicatorView) },
    description,
  }) as const;

/** GET /api/health: every check by name; the answer is a 503 when any is down. */
export class HealthView implements HealthCheckResult {
  @ApiProperty({ enum: ['error', 'ok', 'degraded', 'shutting_down'] }) status: HealthCheckStatus;
  @ApiPropertyOptional(byCheck('The checks that are up')) info?: Partial<Record<string, HealthIndicatorView>>;
  @ApiPropertyOptional(byCheck('The checks that are down')) error?: Partial<
    Record<string, HealthIndicatorView>
  >;
  @ApiProperty(byCheck('Every check')) details: Record<string, HealthIndicatorView>;
}
