import { Transform } from 'class-transformer';
import { IsOptional, Matches } from 'class-validator';
import { ShopifyEnv } from './shopify.env.js';
import { WholeNumber } from './whole-number.js';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

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

  @WholeNumber(1, 65535, 'between')
  SHIPSTATION_SANDBOX_PORT = 4020;

  @WholeNumber(100, 120_000, 'milliseconds')
  SHIPSTATION_TIMEOUT_MS = 15000;

  @WholeNumber(0, 86_400_000, 'milliseconds')
  SOURCE_GRACE_MS = 600_000;

  @WholeNumber(1000, 86_400_000, 'milliseconds')
  SOURCE_POLL_INTERVAL_MS = 600_000;

  @WholeNumber(200, 600_000, 'milliseconds')
  SOURCE_TICK_MS = 15_000;

  @WholeNumber(1000, 600_000, 'milliseconds')
  SOURCE_LOCK_MS = 30_000;
}
