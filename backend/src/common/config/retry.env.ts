import { LimitsEnv } from './limits.env.js';
import { WholeNumber } from './whole-number.js';

/**
 * How patiently a shipment is sent while Faire has trouble (decision 0037): 5xx answers, timeouts and
 * dropped answers are tried again with a backoff that doubles from SHIPMENT_RETRY_BASE_MS up to
 * SHIPMENT_RETRY_MAX_DELAY_MS, for SHIPMENT_RETRY_WINDOW_MS; a 429 waits for Faire's Retry-After and never
 * counts. Tests shorten all three.
 */
export class RetryEnv extends LimitsEnv {
  @WholeNumber(1000, 604_800_000, 'milliseconds')
  SHIPMENT_RETRY_WINDOW_MS = 4 * 3_600_000;

  @WholeNumber(50, 600_000, 'milliseconds')
  SHIPMENT_RETRY_BASE_MS = 2000;

  @WholeNumber(100, 3_600_000, 'milliseconds')
  SHIPMENT_RETRY_MAX_DELAY_MS = 300_000;

  /**
   * How long a brand's order states, read in pages of 50 and shared by its jobs, stand for a read of
   * each order before its create (decision 0040); 0 reads every order on its own first.
   */
  @WholeNumber(0, 60000, 'milliseconds')
  SHIPMENT_SNAPSHOT_WINDOW_MS = 5000;
}
