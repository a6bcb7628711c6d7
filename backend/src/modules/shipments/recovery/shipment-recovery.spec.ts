import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../common/config/index.js';
import { lostAfter, recoveryBoundMs } from './shipment-recovery.service.js';

const dir = mkdtempSync(join(tmpdir(), 'portal-recovery-'));
const load = (env: Record<string, string> = {}) => loadConfig({ LOCAL_STATE_DIR: dir, ...env });

describe('recovery timings', () => {
  it('bring every row back within two minutes of a crash with the defaults', () => {
    expect(lostAfter(load())).toBe(30_000);
    expect(recoveryBoundMs(load())).toBe(90_000);
    expect(recoveryBoundMs(load())).toBeLessThanOrEqual(120_000);
  });

  it('follow the configured timings', () => {
    const fast = load({
      SHIPMENT_LOCK_MS: '2000',
      SHIPMENT_RECOVERY_AFTER_MS: '5000',
      SHIPMENT_RECOVERY_INTERVAL_MS: '2000',
    });
    expect(lostAfter(fast)).toBe(5000);
    expect(recoveryBoundMs(fast)).toBe(7000);
    expect(recoveryBoundMs(load({ SHIPMENT_LOCK_MS: '90000' }))).toBe(180_000);
  });
});
