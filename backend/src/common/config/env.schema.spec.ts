import { readFileSync } from 'node:fs';
import { ConfigError, EnvSchema, validateEnv } from './env.schema.js';
import { loadConfig } from './app-config.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    validateEnv(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('environment validation', () => {
  it.each([
    ['PORT', '0', 'PORT must be a whole number between 1 and 65535'],
    ['SHUTDOWN_TIMEOUT_MS', 'soon', 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds (0-120000)'],
    ['SHIPMENT_WORKER_CONCURRENCY', '65', 'SHIPMENT_WORKER_CONCURRENCY must be a whole number (1-64)'],
    ['DOWNLOADS_PER_USER', '-1', 'DOWNLOADS_PER_USER must be a whole number from 1 to 1000'],
    ['RATE_LIMIT_RETRY_PER_IP', '1.5', 'RATE_LIMIT_RETRY_PER_IP must be a whole number from 1 to 1000000'],
  ])('refuses %s=%s with one line naming its bounds, declared once', (name, value, message) => {
    expect(errorOf({ [name]: value }).message).toBe(`Invalid configuration: ${message} (got "${value}")`);
  });

  it('reads a whole-number setting with spaces around it, and keeps its default when unset', () => {
    expect(validateEnv({ SOURCE_TICK_MS: ' 2000 ' }).SOURCE_TICK_MS).toBe(2000);
    expect(validateEnv({}).SOURCE_TICK_MS).toBe(15_000);
  });

  it('applies the documented defaults to an empty environment', () => {
    const env = validateEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/shipments');
    expect(env.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(env.WORKER_MODE).toBe('all');
  });

  it('sends a User-Agent naming the product and this deployment, unless FAIRE_USER_AGENT sets one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ua-'));
    const base = { PUBLIC_URL: 'https://ship.example.com', LOCAL_STATE_DIR: dir };
    expect(loadConfig(base).marketplace.userAgent).toBe(
      'FaireShipmentManager/1.0 (+https://ship.example.com)',
    );
    expect(
      loadConfig({ ...base, FAIRE_USER_AGENT: 'Acme/2.0 (+https://acme.test)' }).marketplace.userAgent,
    ).toBe('Acme/2.0 (+https://acme.test)');
    expect(errorOf({ FAIRE_USER_AGENT: 'bad\u0001agent' }).message).toMatch(/FAIRE_USER_AGENT/);
  });

  it('treats empty values as unset', () => {
    expect(validateEnv({ PORT: '', WORKER_MODE: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be a whole number/],
    ['DATABASE_URL', 'mysql://x/y', /DATABASE_URL must look like postgres:/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL must look like redis:/],
    ['WORKER_MODE', 'both', /WORKER_MODE must be one of api, worker, all/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['SERVE_FRONTEND', 'maybe', /SERVE_FRONTEND must be true or false/],
    ['PUBLIC_URL', 'https://x.example.com/path/', /PUBLIC_URL must be an origin/],
    ['APP_ENCRYPTION_KEY', 'short', /APP_ENCRYPTION_KEY must be 32 bytes/],
  ])('rejects %s=%s with one line naming it', (name, value, message) => {
    const err = errorOf({ [name]: value });
    expect(err.variable).toBe(name);
    expect(err.message).toMatch(message);
    expect(err.message).not.toContain('\n');
  });

  it('never echoes a secret value back', () => {
    const err = errorOf({ APP_ENCRYPTION_KEY: 'my-secret-value' });
    expect(err.message).not.toContain('my-secret-value');
  });

  it('requires both secrets in production', () => {
    expect(errorOf({ NODE_ENV: 'production' }).variable).toBe('SESSION_SECRET');
    expect(errorOf({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).variable).toBe(
      'APP_ENCRYPTION_KEY',
    );
  });

  it.each([
    [{}, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://ship.example.com' }, 'FAIRE_API_BASE_URL'],
    [
      { PUBLIC_URL: 'https://ship.example.com', FAIRE_OAUTH_BASE_URL: 'https://www.faire.com' },
      'FAIRE_API_BASE_URL',
    ],
  ])('production refuses to boot without %j: names %s', (extra, variable) => {
    const secrets = { SESSION_SECRET: 'x'.repeat(40), APP_ENCRYPTION_KEY: 'a'.repeat(64) };
    const err = errorOf({ NODE_ENV: 'production', ...secrets, ...extra });
    expect(err.variable).toBe(variable);
    expect(err.message).toMatch(new RegExp(`^Invalid configuration: ${variable} is required when`));
  });

  it('boots in production with a public URL and real Faire URLs, and then starts no sandbox', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      APP_ENCRYPTION_KEY: 'a'.repeat(64),
      PUBLIC_URL: 'https://ship.example.com',
      FAIRE_API_BASE_URL: 'https://www.faire.com/external-api/v2',
      FAIRE_OAUTH_BASE_URL: 'https://www.faire.com',
    });
    expect(config.marketplace.sandbox).toBeNull();
    expect(config.publicUrlExplicit).toBe(true);
    expect(config.webhooks.allowPrivate).toBe(false);
  });

  it('never lets production send webhooks to private addresses', () => {
    const err = errorOf({ NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE: 'true' });
    expect(err.variable).toBe('WEBHOOKS_ALLOW_PRIVATE');
    expect(validateEnv({ WEBHOOKS_ALLOW_PRIVATE: 'true' }).WEBHOOKS_ALLOW_PRIVATE).toBe(true);
    expect(validateEnv({}).WEBHOOKS_ALLOW_PRIVATE).toBeUndefined();
  });

  it('lists every variable in .env.example', () => {
    const example = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', '.env.example'), 'utf8');
    const listed = new Set(example.split('\n').map((l) => /^([A-Z0-9_]+)=/.exec(l)?.[1]));
    expect(Object.keys(new EnvSchema()).filter((k) => !listed.has(k))).toEqual([]);
  });

  it('derives api/worker roles from WORKER_MODE', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    expect(loadConfig({ WORKER_MODE: 'api', LOCAL_STATE_DIR: dir })).toMatchObject({
      runApi: true,
      runWorker: false,
    });
    expect(loadConfig({ WORKER_MODE: 'worker', LOCAL_STATE_DIR: dir })).toMatchObject({
      runApi: false,
      runWorker: true,
    });
    expect(loadConfig({ LOCAL_STATE_DIR: dir })).toMatchObject({ runApi: true, runWorker: true });
  });

  it('keeps development keys stable across restarts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const a = loadConfig({ LOCAL_STATE_DIR: dir });
    const b = loadConfig({ LOCAL_STATE_DIR: dir });
    expect(a.encryptionKey.length).toBe(32);
    expect(a.encryptionKey.equals(b.encryptionKey)).toBe(true);
    expect(a.sessionSecret).toBe(b.sessionSecret);
  });
});
