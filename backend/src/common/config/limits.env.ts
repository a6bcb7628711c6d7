import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { EdgesEnv } from './edges.env.js';

const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;

const rule = (name: string, max: number) => ({ message: `${name} must be a whole number from 1 to ${max}` });

/**
 * Abuse limits (requests per RATE_LIMIT_WINDOW_SECONDS, counted in Redis so every API process shares
 * them). The defaults are far above what a real team does; tests lower them.
 */
export class LimitsEnv extends EdgesEnv {
  @Transform(toInt)
  @IsInt(rule('RATE_LIMIT_WINDOW_SECONDS', 86400))
  @Min(1, rule('RATE_LIMIT_WINDOW_SECONDS', 86400))
  @Max(86400, rule('RATE_LIMIT_WINDOW_SECONDS', 86400))
  RATE_LIMIT_WINDOW_SECONDS = 600;

  @Transform(toInt)
  @IsInt(rule('RATE_LIMIT_SIGNIN_PER_IP', 1_000_000))
  @Min(1, rule('RATE_LIMIT_SIGNIN_PER_IP', 1_000_000))
  @Max(1_000_000, rule('RATE_LIMIT_SIGNIN_PER_IP', 1_000_000))
  RATE_LIMIT_SIGNIN_PER_IP = 100;

  @Transform(toInt)
  @IsInt(rule('RATE_LIMIT_INVITE_PER_USER', 1_000_000))
  @Min(1, rule('RATE_LIMIT_INVITE_PER_USER', 1_000_000))
  @Max(1_000_000, rule('RATE_LIMIT_INVITE_PER_USER', 1_000_000))
  RATE_LIMIT_INVITE_PER_USER = 50;

  @Transform(toInt)
  @IsInt(rule('RATE_LIMIT_INVITE_PER_IP', 1_000_000))
  @Min(1, rule('RATE_LIMIT_INVITE_PER_IP', 1_000_000))
  @Max(1_000_000, rule('RATE_LIMIT_INVITE_PER_IP', 1_000_000))
  RATE_LIMIT_INVITE_PER_IP = 200;

  @Transform(toInt)
  @IsInt(rule('RATE_LIMIT_UPLOAD_PER_USER', 1_000_000))
  @Min(1, rule('RATE_LIMIT_UPLOAD_PER_USER', 1_000_000))
  @Max(1_000_000, rule('RATE_LIMIT_UPLOAD_PER_USER', 1_000_000))
  RATE_LIMIT_UPLOAD_PER_USER = 100;

  @Transform(toInt)
  @IsInt(rule('RATE_LIMIT_UPLOAD_PER_IP', 1_000_000))
  @Min(1, rule('RATE_LIMIT_UPLOAD_PER_IP', 1_000_000))
  @Max(1_000_000, rule('RATE_LIMIT_UPLOAD_PER_IP', 1_000_000))
  RATE_LIMIT_UPLOAD_PER_IP = 400;

  @Transform(toInt)
  @IsInt(rule('RATE_LIMIT_RETRY_PER_USER', 1_000_000))
  @Min(1, rule('RATE_LIMIT_RETRY_PER_USER', 1_000_000))
  @Max(1_000_000, rule('RATE_LIMIT_RETRY_PER_USER', 1_000_000))
  RATE_LIMIT_RETRY_PER_USER = 500;

  @Transform(toInt)
  @IsInt(rule('RATE_LIMIT_RETRY_PER_IP', 1_000_000))
  @Min(1, rule('RATE_LIMIT_RETRY_PER_IP', 1_000_000))
  @Max(1_000_000, rule('RATE_LIMIT_RETRY_PER_IP', 1_000_000))
  RATE_LIMIT_RETRY_PER_IP = 2000;
}
