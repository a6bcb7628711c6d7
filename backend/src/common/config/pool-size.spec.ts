import { ConfigError } from './env.schema.js';
import { loadConfig } from './app-config.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'portal-pool-'));
const load = (env: Record<string, string>) => loadConfig({ LOCAL_STATE_DIR: dir, ...env });

describe('database pool size', () => {
  it('follows the worker concurrency when not set', () => {
    expect(load({}).dbPoolSize).toBe(12); // 8 jobs + 4
    expect(load({ SHIPMENT_WORKER_CONCURRENCY: '2' }).dbPoolSize).toBe(10);
    expect(load({ SHIPMENT_WORKER_CONCURRENCY: '64' }).dbPoolSize).toBe(68);
    expect(load({ WORKER_MODE: 'api', SHIPMENT_WORKER_CONCURRENCY: '64' }).dbPoolSize).toBe(10);
  });

  it('takes DB_POOL_SIZE when it is enough', () => {
    expect(load({ DB_POOL_SIZE: '30', SHIPMENT_WORKER_CONCURRENCY: '26' }).dbPoolSize).toBe(30);
    expect(
      load({ DB_POOL_SIZE: '3', WORKER_MODE: 'api', SHIPMENT_WORKER_CONCURRENCY: '64' }).dbPoolSize,
    ).toBe(3);
  });

  it.each([
    ['worker', '64', '20'],
    ['all', '16', '19'],
  ])(
    'refuses WORKER_MODE=%s with concurrency %s and a pool of %s, in one line naming both',
    (mode, jobs, pool) => {
      let error: unknown;
      try {
        load({ WORKER_MODE: mode, SHIPMENT_WORKER_CONCURRENCY: jobs, DB_POOL_SIZE: pool });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect((error as ConfigError).variable).toBe('DB_POOL_SIZE');
      expect(message).toContain(`DB_POOL_SIZE=${pool} is too small for SHIPMENT_WORKER_CONCURRENCY=${jobs}`);
      expect(message).toContain(`at least ${Number(jobs) + 4} connections`);
      expect(message).not.toContain('\n');
    },
  );

  it.each(['1', '501', 'ten'])('rejects DB_POOL_SIZE=%s', (value) => {
    expect(() => load({ DB_POOL_SIZE: value })).toThrow(/DB_POOL_SIZE must be a whole number of connections/);
  });
});
