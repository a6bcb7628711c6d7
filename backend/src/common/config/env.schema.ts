import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  validateSync,
} from 'class-validator';
import { InboundEnv } from './inbound.env.js';
import { WholeNumber } from './whole-number.js';

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
export class EnvSchema extends InboundEnv {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @WholeNumber(1, 65535, 'between')
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

  /** Default: derived from DATABASE_URL (host, port, name), so installs sharing a Redis stay apart. */
  @IsOptional()
  @Transform(trim)
  @Matches(/^[A-Za-z0-9_-]{1,40}$/, { message: 'QUEUE_PREFIX must be 1-40 letters, digits, _ or -' })
  QUEUE_PREFIX?: string;

  @IsIn(['api', 'worker', 'all'], { message: 'WORKER_MODE must be one of api, worker, all' })
  WORKER_MODE: 'api' | 'worker' | 'all' = 'all';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL = 'info';

  @IsIn(['json', 'pretty'], { message: 'LOG_FORMAT must be json or pretty' })
  LOG_FORMAT: 'json' | 'pretty' = 'json';

  @WholeNumber(0, 120_000, 'milliseconds')
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

  // --- Sign-in and sessions ---
  @IsOptional()
  @Transform(trim)
  @IsString()
  GOOGLE_CLIENT_ID?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  GOOGLE_CLIENT_SECRET?: string;

  @Transform(trim)
  @Matches(/^https?:\/\/\S+$/, { message: 'GOOGLE_AUTH_URL must be an http(s) URL' })
  GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

  @Transform(trim)
  @Matches(/^https?:\/\/\S+$/, { message: 'GOOGLE_TOKEN_URL must be an http(s) URL' })
  GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

  @Transform(trim)
  @Matches(/^https?:\/\/\S+$/, { message: 'GOOGLE_USERINFO_URL must be an http(s) URL' })
  GOOGLE_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo';

  @Transform(trim)
  @Matches(/^https?:\/\/\S+$/, { message: 'GOOGLE_TOKENINFO_URL must be an http(s) URL' })
  GOOGLE_TOKENINFO_URL = 'https://oauth2.googleapis.com/tokeninfo';

  @Transform(trim)
  @Matches(/^https?:\/\/\S+$/, { message: 'GOOGLE_JWKS_URL must be an http(s) URL' })
  GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

  @Transform(trim)
  @Matches(/^\S+$/, {
    message: 'GOOGLE_ISSUER must be the issuer of ID tokens, e.g. https://accounts.google.com',
  })
  GOOGLE_ISSUER = 'https://accounts.google.com';

  @IsOptional()
  @Transform(toBool)
  @IsBoolean({ message: 'AUTH_DEV_LOGIN must be true or false' })
  AUTH_DEV_LOGIN?: boolean;

  @Transform(trim)
  @Matches(/^$|^[^\s,@]+@[^\s,@]+(,\s*[^\s,@]+@[^\s,@]+)*$/, {
    message: 'ADMIN_EMAILS must be a comma-separated list of email addresses',
  })
  ADMIN_EMAILS = '';

  @WholeNumber(1, 1440, 'minutes')
  SESSION_IDLE_MINUTES = 30;

  @WholeNumber(1, 720, 'hours')
  SESSION_ABSOLUTE_HOURS = 12;

  // --- Invitations and mail ---
  @WholeNumber(1, 720, 'hours')
  INVITATION_TTL_HOURS = 72;

  @IsOptional()
  @Transform(trim)
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must look like smtp://user:pass@host:587' })
  SMTP_URL?: string;

  @Transform(trim)
  @IsString()
  MAIL_FROM = 'Faire Shipment Manager <no-reply@localhost>';

  // --- Faire ---
  @IsOptional()
  @Transform(trim)
  @Matches(/^https?:\/\/\S+[^/]$/, {
    message:
      'FAIRE_API_BASE_URL must be an http(s) URL without a trailing slash, e.g. https://www.faire.com/external-api/v2',
  })
  FAIRE_API_BASE_URL?: string;

  @IsOptional()
  @Transform(trim)
  @Matches(/^https?:\/\/\S+[^/]$/, {
    message:
      'FAIRE_OAUTH_BASE_URL must be an http(s) URL without a trailing slash, e.g. https://www.faire.com',
  })
  FAIRE_OAUTH_BASE_URL?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  FAIRE_APPLICATION_ID?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  FAIRE_APPLICATION_SECRET?: string;

  @IsOptional()
  @Transform(trim)
  @Matches(/^https?:\/\/\S*\{orderId\}\S*$/, {
    message: 'FAIRE_ORDER_URL_TEMPLATE must be an http(s) URL containing {orderId}',
  })
  FAIRE_ORDER_URL_TEMPLATE?: string;

  @WholeNumber(1000, 120_000, 'milliseconds')
  FAIRE_TIMEOUT_MS = 15000;

  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() !== '' ? Number(value) : value,
  )
  @IsNumber({}, { message: 'FAIRE_REQUESTS_PER_SECOND must be a number between 0.1 and 100' })
  @Min(0.1, { message: 'FAIRE_REQUESTS_PER_SECOND must be a number between 0.1 and 100' })
  @Max(100, { message: 'FAIRE_REQUESTS_PER_SECOND must be a number between 0.1 and 100' })
  FAIRE_REQUESTS_PER_SECOND?: number;

  @IsOptional()
  @Transform(trim)
  @Matches(/^[\x21-\x7e][\x20-\x7e]{0,254}$/, {
    message:
      'FAIRE_USER_AGENT must be 1-255 printable ASCII characters, e.g. ShipmentPortal/1.0 (+https://example.com)',
  })
  FAIRE_USER_AGENT?: string;

  // --- Shipment processing ---
  @WholeNumber(0, 120_000, 'milliseconds')
  SHIPMENT_PROCESS_WAIT_MS = 25000;

  @WholeNumber(0, 100_000, 'rows')
  SHIPMENT_INLINE_ROWS = 2000;

  @WholeNumber(1, 64, 'range')
  SHIPMENT_WORKER_CONCURRENCY = 8;

  /** Postgres connections per process. Default: enough for the worker's concurrency (see pool-size.ts). */
  @IsOptional()
  @WholeNumber(2, 500, 'connections')
  DB_POOL_SIZE?: number;

  @WholeNumber(1, 64, 'range')
  SHIPMENT_JOBS_PER_ACCOUNT = 2;

  @WholeNumber(1000, 600_000, 'milliseconds')
  SHIPMENT_LOCK_MS = 30000;

  @WholeNumber(1000, 86_400_000, 'milliseconds')
  SHIPMENT_RECOVERY_AFTER_MS = 600000;

  @WholeNumber(1000, 3_600_000, 'milliseconds')
  SHIPMENT_RECOVERY_INTERVAL_MS = 60000;

  @WholeNumber(1, 65535, 'between')
  SANDBOX_PORT = 4010;

  @Transform(trim)
  @IsString()
  SANDBOX_HOST = '127.0.0.1';
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
    const first = errors.sort((a, b) => known.indexOf(a.property) - known.indexOf(b.property))[0]!;
    const messages = Object.values(first.constraints ?? {});
    const shown = input[first.property];
    const got = shown === undefined ? '' : ` (got "${looksSecret(first.property) ? '***' : shown}")`;
    throw new ConfigError(
      first.property,
      `Invalid configuration: ${messages[0] ?? `${first.property} is invalid`}${got}`,
    );
  }
  if (instance.NODE_ENV === 'production' && instance.AUTH_DEV_LOGIN) {
    throw new ConfigError(
      'AUTH_DEV_LOGIN',
      'Invalid configuration: AUTH_DEV_LOGIN cannot be enabled when NODE_ENV=production',
    );
  }
  if (instance.NODE_ENV === 'production' && instance.WEBHOOKS_ALLOW_PRIVATE) {
    throw new ConfigError(
      'WEBHOOKS_ALLOW_PRIVATE',
      'Invalid configuration: WEBHOOKS_ALLOW_PRIVATE cannot be enabled when NODE_ENV=production',
    );
  }
  if (instance.GOOGLE_CLIENT_ID && !instance.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError(
      'GOOGLE_CLIENT_SECRET',
      'Invalid configuration: GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set',
    );
  }
  if (!!instance.FAIRE_API_BASE_URL !== !!instance.FAIRE_OAUTH_BASE_URL) {
    const missing = instance.FAIRE_API_BASE_URL ? 'FAIRE_OAUTH_BASE_URL' : 'FAIRE_API_BASE_URL';
    throw new ConfigError(
      missing,
      `Invalid configuration: ${missing} is required when the other Faire base URL is set`,
    );
  }
  if (instance.NODE_ENV === 'production') {
    // Closed by default: no generated secrets, no links that follow the Host header, no built-in sandbox.
    for (const name of [
      'SESSION_SECRET',
      'APP_ENCRYPTION_KEY',
      'PUBLIC_URL',
      'FAIRE_API_BASE_URL',
    ] as const) {
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
