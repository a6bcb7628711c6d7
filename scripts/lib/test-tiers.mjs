// What the unit tier runs, named once: `npm run test:unit` runs these, and `npm test`, which runs the
// unit tier first, leaves them out of the suites it runs after (decision 0057).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The checkout's own binary of a tool (`node_modules/.bin`), never one `npx` would download when it is
 * missing (on a checkout without it, `npx tsc` once fetched an unrelated package named tsc).
 */
export function bin(name) {
  const path = join(ROOT, 'node_modules', '.bin', name);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm install\` first`);
  return path;
}

/**
 * The shared rules' exhaustive and property sweeps (every tracking format's spellings and near misses,
 * thousands of random records): half a minute of CPU on their own, so they run with the whole suite
 * (`npm test`), not in the unit tier. Paths relative to libs/shipment-rules.
 */
export const RULES_SWEEPS = [
  'test/tracking-detection.test.ts',
  'test/validate-row-equivalence.test.ts',
  'test/property.test.ts',
];

/** The frontend's test files of plain modules (`*.test.ts`, no screen rendered), relative to frontend/. */
export function pureFrontendTests(dir = join(ROOT, 'frontend/src')) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pureFrontendTests(path);
    return name.endsWith('.test.ts') ? [relative(join(ROOT, 'frontend'), path)] : [];
  });
}

/** The backend's unit specs (backend/jest.unit.config.js: `*.spec.ts` under src/ and test/unit/). */
export const BACKEND_UNIT_PATHS = ['<rootDir>/src/', '<rootDir>/test/unit/'];
