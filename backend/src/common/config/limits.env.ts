import { EdgesEnv } from './edges.env.js';
import { WholeNumber } from './whole-number.js';

/**
 * Abuse limits (requests per RATE_LIMIT_WINDOW_SECONDS, counted in Redis so every API process shares
 * them). The defaults are far above what a real team does; tests lower them.
 */
export class LimitsEnv extends EdgesEnv {
  @WholeNumber(1, 86400, 'from')
  RATE_LIMIT_WINDOW_SECONDS = 600;

  @WholeNumber(1, 1_000_000, 'from')
  RATE_LIMIT_SIGNIN_PER_IP = 100;

  @WholeNumber(1, 1_000_000, 'from')
  RATE_LIMIT_INVITE_PER_USER = 50;

  @WholeNumber(1, 1_000_000, 'from')
  RATE_LIMIT_INVITE_PER_IP = 200;

  @WholeNumber(1, 1_000_000, 'from')
  RATE_LIMIT_UPLOAD_PER_USER = 100;

  @WholeNumber(1, 1_000_000, 'from')
  RATE_LIMIT_UPLOAD_PER_IP = 400;

  @WholeNumber(1, 1_000_000, 'from')
  RATE_LIMIT_RETRY_PER_USER = 500;

  @WholeNumber(1, 1_000_000, 'from')
  RATE_LIMIT_RETRY_PER_IP = 2000;

  /** The ShipStation store endpoint: ShipStation calls every brand's store from a few addresses. */
  @WholeNumber(1, 1_000_000, 'from')
  RATE_LIMIT_STORE_PER_IP = 20000;

  @WholeNumber(1, 1_000_000, 'from')
  RATE_LIMIT_STORE_PER_STORE = 3000;
}
