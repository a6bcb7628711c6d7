#!/usr/bin/env node
// `npm run test:unit`: the tests that need nothing running (no Postgres, Redis, browser or Faire
// sandbox), in well under a minute: the backend's unit specs (backend/jest.unit.config.js: the `*.spec.ts`
// under backend/src and backend/test/unit, on the fakes of backend/test/fakes), the shared rules'
// tests but their exhaustive sweeps, and the frontend's tests of plain modules (`*.test.ts`; the screens' `*.test.tsx` stay in the
// frontend's own suite). `npm test` runs this first and stops when it fails.
//
// The shared rules are built first (the backend and the frontend import their build). The three runners
// then run side by side; each one's output is printed in one block when it ends.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pureFrontendTests, ROOT, RULES_SWEEPS } from './lib/test-tiers.mjs';

function run(name, command, args, cwd, extraEnv = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const chunks = [];
    const child = spawn(command, args, {
      cwd: join(ROOT, cwd),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...extraEnv },
    });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      const took = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`\n── ${name} ─ ${ok ? 'passed' : 'FAILED'} in ${took} s\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve({ name, ok: ok && !signal });
    });
  });
}

/** The shared rules' build is missing, or older than one of their sources. */
function rulesBuildStale() {
  const built = join(ROOT, 'libs/shipment-rules/dist/index.js');
  let builtAt;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    return true;
  }
  const newest = (dir) =>
    Math.max(
      0,
      ...readdirSync(dir).map((name) => {
        const path = join(dir, name);
        const st = statSync(path);
        return st.isDirectory() ? newest(path) : st.mtimeMs;
      }),
    );
  return newest(join(ROOT, 'libs/shipment-rules/src')) > builtAt;
}

const started = Date.now();
// `npm test` builds them first and says so: the unit tier then runs beside the other builds, which read
// the rules' build, so it must not write it meanwhile.
const build =
  process.env.SHARED_RULES_BUILT !== '1' && rulesBuildStale()
    ? await run('shared rules build', 'npx', ['tsc', '-p', 'tsconfig.build.json'], 'libs/shipment-rules')
    : { name: 'shared rules build', ok: true };
const results = build.ok
  ? await Promise.all([
      run('backend unit (jest)', 'npx', ['jest', '-c', 'jest.unit.config.js', '--maxWorkers=2'], 'backend', {
        NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning',
      }),
      run(
        'shared rules (vitest)',
        'npx',
        ['vitest', 'run', '--no-isolate', ...RULES_SWEEPS.flatMap((f) => ['--exclude', f])],
        'libs/shipment-rules',
      ),
      run('frontend modules (vitest)', 'npx', ['vitest', 'run', ...pureFrontendTests()], 'frontend'),
    ])
  : [];
const took = Math.round((Date.now() - started) / 1000);
const failed = [build, ...results].filter((r) => !r.ok).map((r) => r.name);
if (failed.length) {
  process.stderr.write(`\nUnit tier failed (${took} s): ${failed.join(', ')}\n`);
  process.exit(1);
}
process.stdout.write(`\nUnit tier passed in ${took} s.\n`);
