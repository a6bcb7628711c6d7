import Sequencer from '@jest/test-sequencer';

/**
 * The spec files that take longest (each one to three minutes: worker processes killed and restarted,
 * real waits for recovery and schedules) start first, so the jest workers end together instead of
 * one running a long file alone at the end. Jest's own order (its timing cache, else file size) decides
 * the rest; on a clean CI machine it has no cache, and these files are small. Keep the list short.
 */
const SLOWEST = [
  'shipments-storm.e2e-spec.ts',
  'exports.e2e-spec.ts',
  'shipments-crash-again.e2e-spec.ts',
  'shipments-reliability.e2e-spec.ts',
  'shipments-crash.e2e-spec.ts',
  // 83 s and 64 s in the last CI run, where they started late and ended the backend lane.
  'sources-recheck-crash.e2e-spec.ts',
  'sources-crash.e2e-spec.ts',
  'fuzz-routes.e2e-spec.ts',
  'shipments-recovery-bound.e2e-spec.ts',
  'schedules-fleet.e2e-spec.ts',
  'shipments-patience.e2e-spec.ts',
  'shipments-crash-takeover.e2e-spec.ts',
  'account-permits-handover.e2e-spec.ts',
  'digest-workers.e2e-spec.ts',
];

const rank = (path) => {
  const i = SLOWEST.findIndex((name) => path.endsWith(`/${name}`));
  return i === -1 ? SLOWEST.length : i;
};

export default class SlowFirstSequencer extends Sequencer {
  async sort(tests) {
    const base = await super.sort(tests);
    return [...base].sort((a, b) => rank(a.path) - rank(b.path));
  }
}
