import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { LimitsEnv } from './limits.env.js';

const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;

const rule = (name: string, min: number, max: number) => ({
  message: `${name} must be a whole number of milliseconds (${min}-${max})`,
});

/**
 * How patiently a shipment is sent while Faire has trouble (decision 0037): 5xx answers, timeouts and
 * dropped answers are tried again with a backoff that doubles from SHIPMENT_RETRY_BASE_MS up to
 * SHIPMENT_RETRY_MAX_DELAY_MS, for SHIPMENT_RETRY_WINDOW_MS; a 429 waits for Faire's Retry-After and never
 * counts. Tests shorten all three.
 */
export class RetryEnv extends LimitsEnv {
  @Transform(toInt)
  @IsInt(rule('SHIPMENT_RETRY_WINDOW_MS', 1000, 604800000))
  @Min(1000, rule('SHIPMENT_RETRY_WINDOW_MS', 1000, 604800000))
  @Max(604800000, rule('SHIPMENT_RETRY_WINDOW_MS', 1000, 604800000))
  SHIPMENT_RETRY_WINDOW_MS = 4 * 3_600_000;

  @Transform(toInt)
  @IsInt(rule('SHIPMENT_RETRY_BASE_MS', 50, 600000))
  @Min(50, rule('SHIPMENT_RETRY_BASE_MS', 50, 600000))
  @Max(600000, rule('SHIPMENT_RETRY_BASE_MS', 50, 600000))
  SHIPMENT_RETRY_BASE_MS = 2000;

  @Transform(toInt)
  @IsInt(rule('SHIPMENT_RETRY_MAX_DELAY_MS', 100, 3600000))
  @Min(100, rule('SHIPMENT_RETRY_MAX_DELAY_MS', 100, 3600000))
  @Max(3600000, rule('SHIPMENT_RETRY_MAX_DELAY_MS', 100, 3600000))
  SHIPMENT_RETRY_MAX_DELAY_MS = 300_000;

  /**
   * How long a brand's order states, read in pages of 50 and shared by its jobs, stand for a read of
   * each order before its create (decision 0040); 0 reads every order on its own first.
   */
  @Transform(toInt)
  @IsInt(rule('SHIPMENT_SNAPSHOT_WINDOW_MS', 0, 60000))
  @Min(0, rule('SHIPMENT_SNAPSHOT_WINDOW_MS', 0, 60000))
  @Max(60000, rule('SHIPMENT_SNAPSHOT_WINDOW_MS', 0, 60000))
  SHIPMENT_SNAPSHOT_WINDOW_MS = 5000;
}
