import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  validateSync,
} from 'class-validator';

const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
const toBool = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off', ''].includes(v)) return false;
  return value;
};
const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/**
 * Every environment variable the product reads, with its rule. `.env.example` documents each one.
 * Nothing outside the config module reads `process.env`.
 */
export class EnvSchema {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt({ message: 'PORT must be a whole number between 1 and 65535' })
  @Min(1, { message: 'PORT must be a whole number between 1 and 65535' })
  @Max(65535, { message: 'PORT must be a whole number between 1 and 65535' })
  PORT = 3000;

  @Transform(trim)
  @IsString()
  HOST = '127.0.0.1';

  @IsOptional()
  @Transform(trim)
  @Matches(/^https?:\/\/[^\s/]+(:\d+)?$/, {
    message: 'PUBLIC_URL must be an origin such as https://portal.example.com (no path, no trailing slash)',
  })
  PUBLIC_URL?: string;

  @Transform(trim)
  @Matches(/^postgres(ql)?:\/\/\S+\/[A-Za-z0-9_]+(\?\S*)?$/, {
    message: 'DATABASE_URL must look like postgres://user@host:5432/database',
  })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/shipments';

  @Transform(trim)
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must look like redis://host:6379' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  @Transform(trim)
  @Matches(/^[A-Za-z0-9_-]{1,40}$/, { message: 'QUEUE_PREFIX must be 1-40 letters, digits, _ or -' })
  QUEUE_PREFIX = 'portal';

  @IsIn(['api', 'worker', 'all'], { message: 'WORKER_MODE must be one of api, worker, all' })
  WORKER_MODE: 'api' | 'worker' | 'all' = 'all';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL = 'info';

  @IsIn(['json', 'pretty'], { message: 'LOG_FORMAT must be json or pretty' })
  LOG_FORMAT: 'json' | 'pretty' = 'json';

  @Transform(toInt)
  @IsInt({ message: 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds (0-120000)' })
  @Min(0, { message: 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds (0-120000)' })
  @Max(120000, { message: 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds (0-120000)' })
  SHUTDOWN_TIMEOUT_MS = 10000;

  @Transform(toBool)
  @IsBoolean({ message: 'SERVE_FRONTEND must be true or false' })
  SERVE_FRONTEND = true;

  @IsOptional()
  @Transform(trim)
  @IsString()
  FRONTEND_DIST?: string;

  @IsOptional()
  @Transform(trim)
  @Matches(/^.{32,}$/, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET?: string;

  @IsOptional()
  @Transform(trim)
  @Matches(/^[A-Za-z0-9+/]{43}=$|^[0-9a-fA-F]{64}$/, {
    message: 'APP_ENCRYPTION_KEY must be 32 bytes as 64 hex characters or base64 (openssl rand -hex 32)',
  })
  APP_ENCRYPTION_KEY?: string;

  @Transform(trim)
  @IsString()
  LOCAL_STATE_DIR = '.local';
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Validates the raw environment; throws a ConfigError whose message is one line naming the variable. */
export function validateEnv(raw: Record<string, string | undefined>): EnvSchema {
  const known = Object.keys(new EnvSchema());
  const input: Record<string, string> = {};
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    // An empty value means "not set" so that `.env.example` can list every variable blank.
    if (value !== undefined && value !== '') input[key] = value;
  }
  const instance = plainToInstance(EnvSchema, input, { exposeDefaultValues: true });
  const errors = validateSync(instance, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    const first = errors.sort((a, b) => known.indexOf(a.property) - known.indexOf(b.property))[0];
    const messages = Object.values(first.constraints ?? {});
    const shown = input[first.property];
    const got = shown === undefined ? '' : ` (got "${looksSecret(first.property) ? '***' : shown}")`;
    throw new ConfigError(
      first.property,
      `Invalid configuration: ${messages[0] ?? `${first.property} is invalid`}${got}`,
    );
  }
  if (instance.NODE_ENV === 'production') {
    for (const name of ['SESSION_SECRET', 'APP_ENCRYPTION_KEY'] as const) {
      if (!instance[name]) {
        throw new ConfigError(name, `Invalid configuration: ${name} is required when NODE_ENV=production`);
      }
    }
  }
  return instance;
}

function looksSecret(name: string): boolean {
  return /SECRET|KEY|TOKEN|PASSWORD/.test(name);
}
