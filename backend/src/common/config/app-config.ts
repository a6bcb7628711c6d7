import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { queuePrefixFor } from '../queue/queue-prefix.js';
import { validateEnv, type EnvSchema } from './env.schema.js';
import { trustProxySetting } from './edges.env.js';
import { poolSizeFor } from './pool-size.js';

export const APP_CONFIG = Symbol('APP_CONFIG');

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string;
  /** Postgres connections this process may open (TypeORM pool). */
  dbPoolSize: number;
  redisUrl: string;
  queuePrefix: string;
  workerMode: 'api' | 'worker' | 'all';
  runApi: boolean;
  runWorker: boolean;
  log: { level: string; pretty: boolean };
  shutdownTimeoutMs: number;
  frontendDist: string | null;
  sessionSecret: string;
  encryptionKey: Buffer;
  localStateDir: string;
  auth: {
    google: {
      clientId: string;
      clientSecret: string;
      authUrl: string;
      tokenUrl: string;
      userInfoUrl: string;
      /** Where an access token's audience is checked (Google's tokeninfo). */
      tokenInfoUrl: string;
      /** Keys and issuer that ID tokens are verified against. */
      jwksUrl: string;
      issuers: string[];
    } | null;
    devLogin: boolean;
    adminEmails: string[];
    sessionIdleMs: number;
    sessionAbsoluteMs: number;
  };
  invitationTtlMs: number;
  mail: { smtpUrl: string | null; from: string };
  marketplace: {
    /** Null until the boot step fills it: no URL configured means the built-in sandbox is used. */
    apiBaseUrl: string | null;
    oauthBaseUrl: string | null;
    applicationId: string | null;
    applicationSecret: string | null;
    timeoutMs: number;
    requestsPerSecond: number;
    /** Sent with every Faire call; names the product and a contact URL (Faire's CDN blocks anonymous clients). */
    userAgent: string;
    /** Link to an order's page on the marketplace; `{orderId}` is replaced. */
    orderUrlTemplate: string;
    sandbox: { port: number; host: string } | null;
  };
  shipments: {
    processWaitMs: number;
    /** Uploads with at most this many valid rows become shipments within the request; bigger ones in the background. */
    inlineRows: number;
    workerConcurrency: number;
    jobsPerAccount: number;
    lockMs: number;
    recoveryAfterMs: number;
    recoveryIntervalMs: number;
    /** Transient Faire faults are tried again for this long from the first one (decision 0037). */
    retryWindowMs: number;
    /** The first wait after a transient fault; it doubles per fault up to retryMaxDelayMs. */
    retryBaseMs: number;
    retryMaxDelayMs: number;
    /**
     * How old a brand's order states read in bulk may be and still stand for a read of the order before a
     * create (decision 0040); 0: every order is read on its own first.
     */
    snapshotWindowMs: number;
  };
  /** Sources of shipments beyond files (decisions 0033-0036). */
  sources: {
    /** ShipStation's API origin; the ShipStation sandbox's when SHIPSTATION_API_BASE_URL is unset. */
    shipstationBaseUrl: string;
    /** Whether that is the sandbox `npm start` runs (no URL configured). */
    shipstationSandbox: boolean;
    shipstationTimeoutMs: number;
    graceMs: number;
    pollIntervalMs: number;
    tickMs: number;
    /** Lock of a running source job (poll, release): a dead worker's job is taken up once it lapses. */
    lockMs: number;
  };
  /** The mail-in receiver (decision 0069). */
  inbound: {
    /** The SMTP port (0: any free port, read back from the receiver). */
    smtpPort: number;
    /** The domain of the companies' addresses, `shipments+<token>@<domain>`. */
    mailDomain: string;
    /** Certificate and key files: STARTTLS is offered when both are set. */
    tlsCertFile: string | null;
    tlsKeyFile: string | null;
    /** How long the reply to a sender (and an SFTP error file) waits for the rows to reach Faire. */
    replyWaitMs: number;
    /** Messages one company address takes an hour; more are refused for now (452). */
    messagesPerHour: number;
    /** Connections one client address opens a minute; more are refused (421). */
    connectionsPerMinute: number;
    /** The SFTP drop (decision 0070): its port (0: any free port), host key, shown host and port. */
    sftpPort: number;
    sftpHostKey: string | null;
    sftpHost: string;
    sftpPublicPort: number;
    sftpTickMs: number;
  };
  /** Outbound webhooks (decision 0068). */
  webhooks: {
    /** Endpoints on private, loopback or link-local addresses, and plain http, allowed (never in production). */
    allowPrivate: boolean;
    /** How often the fleet scans for new events and queues the deliveries due. */
    tickMs: number;
    /** The most one delivery may take, answer included. */
    timeoutMs: number;
  };
  /** The Shopify connector (decisions 0047-0049). */
  shopify: {
    /** One origin for every shop (the sandbox, or SHOPIFY_API_BASE_URL); null: each shop's own https origin. */
    apiBaseUrl: string | null;
    /** Whether that is the sandbox `npm start` runs (no URL configured). */
    sandbox: boolean;
    apiVersion: string;
    /** The app's credentials; null in production until configured (connecting is then refused). */
    clientId: string | null;
    clientSecret: string | null;
    timeoutMs: number;
  };
  /** Abuse limits: requests per window, per IP and per signed-in user (null: not limited that way). */
  rateLimits: {
    windowMs: number;
    /** perIp counts refused attempts only; perAccount counts attempts naming one account (decision 0029). */
    signIn: { perIp: number; perUser: null; perAccount: number };
    invite: { perIp: number; perUser: number };
    acceptInvite: { perIp: number; perUser: null };
    upload: { perIp: number; perUser: number };
    retry: { perIp: number; perUser: number };
    /** The ShipStation store endpoint (decision 0071): per calling address and per store. */
    store: { perIp: number; perUser: null; perStore: number };
  };
  /** The API process's edge (decisions 0027-0029). */
  edges: {
    /** Express `trust proxy`: false (X-Forwarded-For ignored), a hop count or proxy addresses. */
    trustProxy: false | number | string[];
    apiDocs: boolean;
    heavyReadPoolSize: number;
    downloadsPerUser: number;
    downloadsPerCompany: number;
  };
  /** Whether PUBLIC_URL was given explicitly (otherwise links follow the request's host). */
  publicUrlExplicit: boolean;
  /** Warnings collected while loading, logged once the logger exists. */
  warnings: string[];
}

/** The Shopify sandbox's demo app (development and tests only; never used in production). */
export const SHOPIFY_DEMO_CLIENT = {
  id: 'sbx_shopify_client_id',
  secret: 'sbx_shopify_client_secret',
} as const;

const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');

/** Reads and validates the environment once. Throws ConfigError (one line naming the variable). */
export function loadConfig(raw: Record<string, string | undefined> = process.env): AppConfig {
  const env = validateEnv(raw);
  const warnings: string[] = [];
  const secrets = resolveSecrets(env, warnings);
  const frontendDist = env.SERVE_FRONTEND
    ? resolvePath(env.FRONTEND_DIST ?? join(repoRoot, 'frontend', 'dist'))
    : null;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    databaseUrl: env.DATABASE_URL,
    dbPoolSize: poolSizeFor(env),
    redisUrl: env.REDIS_URL,
    queuePrefix: env.QUEUE_PREFIX ?? queuePrefixFor(env.DATABASE_URL),
    workerMode: env.WORKER_MODE,
    runApi: env.WORKER_MODE !== 'worker',
    runWorker: env.WORKER_MODE !== 'api',
    log: { level: env.LOG_LEVEL, pretty: env.LOG_FORMAT === 'pretty' },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    frontendDist,
    sessionSecret: secrets.sessionSecret,
    encryptionKey: secrets.encryptionKey,
    localStateDir: resolvePath(env.LOCAL_STATE_DIR),
    auth: {
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              authUrl: env.GOOGLE_AUTH_URL,
              tokenUrl: env.GOOGLE_TOKEN_URL,
              userInfoUrl: env.GOOGLE_USERINFO_URL,
              tokenInfoUrl: env.GOOGLE_TOKENINFO_URL,
              jwksUrl: env.GOOGLE_JWKS_URL,
              // Google writes its issuer with and without the scheme.
              issuers:
                env.GOOGLE_ISSUER === 'https://accounts.google.com'
                  ? ['https://accounts.google.com', 'accounts.google.com']
                  : [env.GOOGLE_ISSUER],
            }
          : null,
      // Dev sign-in: on when asked, and by default in development when no Google client is configured.
      devLogin: env.AUTH_DEV_LOGIN ?? (env.NODE_ENV !== 'production' && !env.GOOGLE_CLIENT_ID),
      adminEmails: env.ADMIN_EMAILS.split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
      sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
      sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    invitationTtlMs: env.INVITATION_TTL_HOURS * 3_600_000,
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM },
    publicUrlExplicit: !!env.PUBLIC_URL,
    rateLimits: {
      windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
      signIn: {
        perIp: env.RATE_LIMIT_SIGNIN_PER_IP,
        perUser: null,
        perAccount: env.RATE_LIMIT_SIGNIN_PER_ACCOUNT,
      },
      invite: { perIp: env.RATE_LIMIT_INVITE_PER_IP, perUser: env.RATE_LIMIT_INVITE_PER_USER },
      acceptInvite: { perIp: env.RATE_LIMIT_ACCEPT_INVITE_PER_IP, perUser: null },
      upload: { perIp: env.RATE_LIMIT_UPLOAD_PER_IP, perUser: env.RATE_LIMIT_UPLOAD_PER_USER },
      retry: { perIp: env.RATE_LIMIT_RETRY_PER_IP, perUser: env.RATE_LIMIT_RETRY_PER_USER },
      store: {
        perIp: env.RATE_LIMIT_STORE_PER_IP,
        perUser: null,
        perStore: env.RATE_LIMIT_STORE_PER_STORE,
      },
    },
    edges: {
      trustProxy: trustProxySetting(env.TRUST_PROXY),
      apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
      heavyReadPoolSize: env.HEAVY_READ_POOL_SIZE,
      downloadsPerUser: env.DOWNLOADS_PER_USER,
      downloadsPerCompany: env.DOWNLOADS_PER_COMPANY,
    },
    shipments: {
      processWaitMs: env.SHIPMENT_PROCESS_WAIT_MS,
      inlineRows: env.SHIPMENT_INLINE_ROWS,
      workerConcurrency: env.SHIPMENT_WORKER_CONCURRENCY,
      lockMs: env.SHIPMENT_LOCK_MS,
      jobsPerAccount: env.SHIPMENT_JOBS_PER_ACCOUNT,
      recoveryAfterMs: env.SHIPMENT_RECOVERY_AFTER_MS,
      recoveryIntervalMs: env.SHIPMENT_RECOVERY_INTERVAL_MS,
      retryWindowMs: env.SHIPMENT_RETRY_WINDOW_MS,
      retryBaseMs: env.SHIPMENT_RETRY_BASE_MS,
      retryMaxDelayMs: env.SHIPMENT_RETRY_MAX_DELAY_MS,
      snapshotWindowMs: env.SHIPMENT_SNAPSHOT_WINDOW_MS,
    },
    sources: {
      // Production without a URL talks to ShipStation itself; anywhere else to the sandbox `npm start` runs.
      shipstationBaseUrl:
        env.SHIPSTATION_API_BASE_URL ??
        (env.NODE_ENV === 'production'
          ? 'https://ssapi.shipstation.com'
          : `http://localhost:${env.SHIPSTATION_SANDBOX_PORT}`),
      shipstationSandbox: !env.SHIPSTATION_API_BASE_URL && env.NODE_ENV !== 'production',
      shipstationTimeoutMs: env.SHIPSTATION_TIMEOUT_MS,
      graceMs: env.SOURCE_GRACE_MS,
      pollIntervalMs: env.SOURCE_POLL_INTERVAL_MS,
      tickMs: env.SOURCE_TICK_MS,
      lockMs: env.SOURCE_LOCK_MS,
    },
    inbound: {
      smtpPort: env.INBOUND_SMTP_PORT,
      mailDomain: env.INBOUND_MAIL_DOMAIN.toLowerCase(),
      tlsCertFile: env.INBOUND_SMTP_TLS_CERT || null,
      tlsKeyFile: env.INBOUND_SMTP_TLS_KEY || null,
      replyWaitMs: env.INBOUND_REPLY_WAIT_MS,
      messagesPerHour: env.INBOUND_MESSAGES_PER_HOUR,
      connectionsPerMinute: env.INBOUND_CONNECTIONS_PER_MINUTE,
      sftpPort: env.INBOUND_SFTP_PORT,
      sftpHostKey: env.INBOUND_SFTP_HOST_KEY?.replace(/\\n/g, '\n') || null,
      sftpHost: env.INBOUND_SFTP_HOST || new URL(env.PUBLIC_URL ?? 'http://localhost').hostname,
      sftpPublicPort: env.INBOUND_SFTP_PUBLIC_PORT ?? (env.INBOUND_SFTP_PORT || 2222),
      sftpTickMs: env.INBOUND_SFTP_TICK_MS,
    },
    webhooks: {
      allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE ?? false,
      tickMs: env.WEBHOOK_TICK_MS,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    },
    shopify: {
      apiBaseUrl:
        env.SHOPIFY_API_BASE_URL ??
        (env.NODE_ENV === 'production' ? null : `http://localhost:${env.SHOPIFY_SANDBOX_PORT}`),
      sandbox: !env.SHOPIFY_API_BASE_URL && env.NODE_ENV !== 'production',
      apiVersion: env.SHOPIFY_API_VERSION,
      // The sandbox's demo app outside production only; production needs the real app's pair.
      clientId: env.SHOPIFY_CLIENT_ID ?? (env.NODE_ENV === 'production' ? null : SHOPIFY_DEMO_CLIENT.id),
      clientSecret:
        env.SHOPIFY_CLIENT_SECRET ?? (env.NODE_ENV === 'production' ? null : SHOPIFY_DEMO_CLIENT.secret),
      timeoutMs: env.SHOPIFY_TIMEOUT_MS,
    },
    marketplace: {
      apiBaseUrl: env.FAIRE_API_BASE_URL ?? null,
      oauthBaseUrl: env.FAIRE_OAUTH_BASE_URL ?? null,
      applicationId: env.FAIRE_APPLICATION_ID ?? null,
      applicationSecret: env.FAIRE_APPLICATION_SECRET ?? null,
      timeoutMs: env.FAIRE_TIMEOUT_MS,
      userAgent:
        env.FAIRE_USER_AGENT ?? defaultFaireUserAgent(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
      orderUrlTemplate: env.FAIRE_ORDER_URL_TEMPLATE ?? 'https://www.faire.com/brand-portal/orders/{orderId}',
      // Faire publishes no limit; about 1 write/s per brand is the cautious figure integrators report.
      requestsPerSecond: env.FAIRE_REQUESTS_PER_SECOND ?? (env.FAIRE_API_BASE_URL ? 2 : 10),
      sandbox: env.FAIRE_API_BASE_URL ? null : { port: env.SANDBOX_PORT, host: env.SANDBOX_HOST },
    },
    warnings,
  };
}

function resolvePath(p: string): string {
  return isAbsolute(p) ? p : resolve(process.cwd(), p);
}

function decodeKey(value: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
}

/**
 * Production requires both secrets from the environment (checked in validateEnv). In development a
 * local key file is created once so that sessions and stored tokens survive restarts.
 */
function resolveSecrets(
  env: EnvSchema,
  warnings: string[],
): { sessionSecret: string; encryptionKey: Buffer } {
  if (env.SESSION_SECRET && env.APP_ENCRYPTION_KEY) {
    return { sessionSecret: env.SESSION_SECRET, encryptionKey: decodeKey(env.APP_ENCRYPTION_KEY) };
  }
  const file = join(resolvePath(env.LOCAL_STATE_DIR), 'secrets.json');
  let stored: { sessionSecret?: string; encryptionKey?: string } = {};
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  }
  if (!stored.sessionSecret || !stored.encryptionKey) {
    stored = {
      sessionSecret: stored.sessionSecret ?? randomBytes(32).toString('hex'),
      encryptionKey: stored.encryptionKey ?? randomBytes(32).toString('hex'),
    };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  warnings.push(
    `SESSION_SECRET/APP_ENCRYPTION_KEY not set: using development keys from ${file}. Set both in production.`,
  );
  return {
    sessionSecret: env.SESSION_SECRET ?? stored.sessionSecret ?? '',
    encryptionKey: decodeKey(env.APP_ENCRYPTION_KEY ?? stored.encryptionKey ?? ''),
  };
}

/** Names the product and where to reach its operators (this deployment's address); FAIRE_USER_AGENT overrides. */
export function defaultFaireUserAgent(publicUrl: string): string {
  return `FaireShipmentManager/1.0 (+${publicUrl})`;
}

/**
 * Makes the loaded configuration read-only (deeply; the key Buffer aside) and returns it. Boot steps
 * fill it in first (the sandbox's URLs); once Nest has it, nothing may change it: values that change at
 * run time (settings saved in the admin panel) live in their own services.
 */
export function freezeConfig(config: AppConfig): AppConfig {
  const freeze = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || Object.isFrozen(value)) {
      return;
    }
    for (const child of Object.values(value)) freeze(child);
    Object.freeze(value);
  };
  freeze(config);
  return config;
}
