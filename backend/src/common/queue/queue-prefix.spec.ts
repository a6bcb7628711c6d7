import { loadConfig } from '../config/index.js';
import { queuePrefixFor } from './queue-prefix.js';

describe('default queue prefix', () => {
  it('differs by database name, host and port, and is stable for one database', () => {
    const base = queuePrefixFor('postgres://u:p@db.example.com:5432/shipments');
    expect(base).toBe(queuePrefixFor('postgres://other:secret@DB.example.com/shipments?sslmode=require'));
    expect(queuePrefixFor('postgres://u@db.example.com:5432/shipments_staging')).not.toBe(base);
    expect(queuePrefixFor('postgres://u@db2.example.com:5432/shipments')).not.toBe(base);
    expect(queuePrefixFor('postgres://u@db.example.com:6432/shipments')).not.toBe(base);
  });

  it('is a valid Redis key prefix that names the database and no credential', () => {
    const prefix = queuePrefixFor('postgres://admin:hunter2@10.0.0.5:5432/shipments');
    expect(prefix).toMatch(/^portal-shipments-[0-9a-f]{10}$/);
    expect(prefix).not.toContain('hunter2');
  });

  it('is what the config uses unless QUEUE_PREFIX is set', () => {
    const databaseUrl = 'postgres://postgres@127.0.0.1:5432/prefix_check';
    expect(loadConfig({ DATABASE_URL: databaseUrl, LOCAL_STATE_DIR: '/tmp/portal-prefix' }).queuePrefix).toBe(
      queuePrefixFor(databaseUrl),
    );
    expect(
      loadConfig({ DATABASE_URL: databaseUrl, QUEUE_PREFIX: 'shared', LOCAL_STATE_DIR: '/tmp/portal-prefix' })
        .queuePrefix,
    ).toBe('shared');
  });
});
