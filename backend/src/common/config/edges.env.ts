import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, Matches } from 'class-validator';
import { WholeNumber } from './whole-number.js';

const toBool = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off', ''].includes(v)) return false;
  return value;
};

/**
 * What the API process trusts and shows at its edge, and how much of the database heavy reads may take
 * (decisions 0027-0029).
 */
export class EdgesEnv {
  /**
   * Which proxies in front of the app may set the client's address through `X-Forwarded-For`: empty
   * (none, the default: the header is ignored), a hop count (`1`: the one proxy in front), or a
   * comma-separated list of addresses or subnets (`10.0.0.5, 172.16.0.0/12`, `loopback`).
   */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @Matches(/^(|\d{1,2}|[0-9A-Za-z.:/_-]+(\s*,\s*[0-9A-Za-z.:/_-]+)*)$/, {
    message:
      'TRUST_PROXY must be empty (no proxy), a hop count such as 1, or a comma-separated list of proxy addresses or subnets',
  })
  TRUST_PROXY?: string;

  /** The API reference at /api/docs; unset: on outside production, off in production. */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean({ message: 'API_DOCS must be true or false' })
  API_DOCS?: boolean;

  /** Connections of the separate pool that exports and other long reads use (never the main pool's). */
  @WholeNumber(1, 50, 'from')
  HEAVY_READ_POOL_SIZE = 2;

  /** Downloads (exports) one member may have open at once in one API process; beyond: 429. */
  @WholeNumber(1, 1000, 'from')
  DOWNLOADS_PER_USER = 16;

  /** Downloads one company's members may have open at once in one API process; beyond: 429. */
  @WholeNumber(1, 1000, 'from')
  DOWNLOADS_PER_COMPANY = 32;

  /** Refused sign-in attempts per account identity (email or Google account) per window. */
  @WholeNumber(1, 1_000_000, 'from')
  RATE_LIMIT_SIGNIN_PER_ACCOUNT = 20;

  /** Invitation acceptances (right or wrong token) per address per window. */
  @WholeNumber(1, 1_000_000, 'from')
  RATE_LIMIT_ACCEPT_INVITE_PER_IP = 100;
}

/** Express's `trust proxy` value for TRUST_PROXY: false (none), a hop count, or a list of addresses. */
export function trustProxySetting(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (v === '') return false;
  if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
  return v.split(',').map((s) => s.trim());
}
