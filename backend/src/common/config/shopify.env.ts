import { Transform } from 'class-transformer';
import { IsOptional, Matches } from 'class-validator';
import { RetryEnv } from './retry.env.js';
import { WholeNumber } from './whole-number.js';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/**
 * The Shopify connector (decisions 0047-0049): the API version it speaks, where Shopify is (unset: each
 * shop's own `https://<shop>.myshopify.com` in production, the Shopify sandbox `npm start` runs on
 * SHOPIFY_SANDBOX_PORT anywhere else), and the app's client id and secret (sandbox demo values outside
 * production only).
 */
export class ShopifyEnv extends RetryEnv {
  @IsOptional()
  @Transform(trim)
  @Matches(/^https?:\/\/\S+[^/]$/, {
    message:
      'SHOPIFY_API_BASE_URL must be an http(s) URL without a trailing slash, e.g. http://localhost:4030',
  })
  SHOPIFY_API_BASE_URL?: string;

  @WholeNumber(1, 65535, 'between')
  SHOPIFY_SANDBOX_PORT = 4030;

  @Transform(trim)
  @Matches(/^\d{4}-(01|04|07|10)$/, {
    message: 'SHOPIFY_API_VERSION must be a dated Shopify API version such as 2026-10',
  })
  SHOPIFY_API_VERSION = '2026-10';

  @IsOptional()
  @Transform(trim)
  @Matches(/^[\x21-\x7E]{1,200}$/, { message: 'SHOPIFY_CLIENT_ID must be the app client id (no spaces)' })
  SHOPIFY_CLIENT_ID?: string;

  @IsOptional()
  @Transform(trim)
  @Matches(/^[\x21-\x7E]{1,200}$/, {
    message: 'SHOPIFY_CLIENT_SECRET must be the app client secret (no spaces)',
  })
  SHOPIFY_CLIENT_SECRET?: string;

  @WholeNumber(100, 120_000, 'milliseconds')
  SHOPIFY_TIMEOUT_MS = 15000;
}
