import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { SourcesEnv } from './sources.env.js';
import { WholeNumber } from './whole-number.js';

const toBool = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off', ''].includes(v)) return false;
  return value;
};

/**
 * Outbound webhooks (decision 0068): how often the fleet looks for new events and due deliveries, how
 * long one delivery may take, and whether endpoints on private, loopback or plain-http addresses are
 * allowed (development and tests only: refused when NODE_ENV=production).
 */
export class WebhooksEnv extends SourcesEnv {
  @IsOptional()
  @Transform(toBool)
  @IsBoolean({ message: 'WEBHOOKS_ALLOW_PRIVATE must be true or false' })
  WEBHOOKS_ALLOW_PRIVATE?: boolean;

  @WholeNumber(100, 600_000, 'milliseconds')
  WEBHOOK_TICK_MS = 5000;

  @WholeNumber(100, 60_000, 'milliseconds')
  WEBHOOK_TIMEOUT_MS = 10_000;
}
