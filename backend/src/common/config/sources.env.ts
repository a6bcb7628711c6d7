import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ShopifyEnv } from './shopify.env.js';

const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

const ms = (name: string, min: number, max: number) => ({
  message: `${name} must be a whole number of milliseconds (${min}-${max})`,
});

/**
 * Sources of shipments beyond files (decisions 0033-0036): where ShipStation is (unset: the ShipStation
 * sandbox `npm start` runs on SHIPSTATION_SANDBOX_PORT), how long a label is held before it is sent
 * (SOURCE_GRACE_MS), how often each connection is polled, how often the worker looks for due work, and
 * how long a running source job's lock lasts (a killed worker's poll is taken up again once it lapses).
 */
export class SourcesEnv extends ShopifyEnv {
  @IsOptional()
  @Transform(trim)
  @Matches(/^https?:\/\/\S+[^/]$/, {
    message:
      'SHIPSTATION_API_BASE_URL must be an http(s) URL without a trailing slash, e.g. https://ssapi.shipstation.com',
  })
  SHIPSTATION_API_BASE_URL?: string;

  @Transform(toInt)
  @IsInt({ message: 'SHIPSTATION_SANDBOX_PORT must be a whole number between 1 and 65535' })
  @Min(1, { message: 'SHIPSTATION_SANDBOX_PORT must be a whole number between 1 and 65535' })
  @Max(65535, { message: 'SHIPSTATION_SANDBOX_PORT must be a whole number between 1 and 65535' })
  SHIPSTATION_SANDBOX_PORT = 4020;

  @Transform(toInt)
  @IsInt(ms('SHIPSTATION_TIMEOUT_MS', 100, 120000))
  @Min(100, ms('SHIPSTATION_TIMEOUT_MS', 100, 120000))
  @Max(120000, ms('SHIPSTATION_TIMEOUT_MS', 100, 120000))
  SHIPSTATION_TIMEOUT_MS = 15000;

  @Transform(toInt)
  @IsInt(ms('SOURCE_GRACE_MS', 0, 86400000))
  @Min(0, ms('SOURCE_GRACE_MS', 0, 86400000))
  @Max(86400000, ms('SOURCE_GRACE_MS', 0, 86400000))
  SOURCE_GRACE_MS = 600_000;

  @Transform(toInt)
  @IsInt(ms('SOURCE_POLL_INTERVAL_MS', 1000, 86400000))
  @Min(1000, ms('SOURCE_POLL_INTERVAL_MS', 1000, 86400000))
  @Max(86400000, ms('SOURCE_POLL_INTERVAL_MS', 1000, 86400000))
  SOURCE_POLL_INTERVAL_MS = 600_000;

  @Transform(toInt)
  @IsInt(ms('SOURCE_TICK_MS', 200, 600000))
  @Min(200, ms('SOURCE_TICK_MS', 200, 600000))
  @Max(600000, ms('SOURCE_TICK_MS', 200, 600000))
  SOURCE_TICK_MS = 15_000;

  @Transform(toInt)
  @IsInt(ms('SOURCE_LOCK_MS', 1000, 600000))
  @Min(1000, ms('SOURCE_LOCK_MS', 1000, 600000))
  @Max(600000, ms('SOURCE_LOCK_MS', 1000, 600000))
  SOURCE_LOCK_MS = 30_000;
}
