#!/usr/bin/env node
// `npm run test:unit`: the tests that need nothing running (no Postgres, Redis, browser or Faire
// sandbox), in well under a minute: the backend's unit specs (backend/jest.unit.config.js: the `*.spec.ts`
// under backend/src and backend/test/unit, on the fakes of backend/test/fakes), the shared rules'
// tests but their exhaustive sweeps, and the frontend's tests of plain modules (`*.test.ts`; the screens' `*.test.tsx` stay in the
// frontend's own suite). `npm test` runs this first and stops when it fails.
//
// The three runners run side by side; each one's output is printed in one block when it ends. The shared
// rules are read from their source (backend/jest.unit.config.js, frontend/vite.config.ts), not their
// build, so the tier needs no build and a build beside it cannot pull dist/ from under it; each runner is
// the checkout's own binary, never one npx would fetch (decision 0061).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { bin, pureFrontendTests, ROOT, RULES_SWEEPS } from './lib/test-tiers.mjs';

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

const started = Date.now();
const results = await Promise.all([
  run('backend unit (jest)', bin('jest'), ['-c', 'jest.unit.config.js', '--maxWorkers=2'], 'backend', {
    NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning',
  }),
  run(
    'shared rules (vitest)',
    bin('vitest'),
    ['run', '--no-isolate', ...RULES_SWEEPS.flatMap((f) => ['--exclude', f])],
    'libs/shipment-rules',
  ),
  run('frontend modules (vitest)', bin('vitest'), ['run', ...pureFrontendTests()], 'frontend'),
]);
const took = Math.round((Date.now() - started) / 1000);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length) {
  process.stderr.write(`\nUnit tier failed (${took} s): ${failed.join(', ')}\n`);
  process.exit(1);
}
process.stdout.write(`\nUnit tier passed in ${took} s.\n`);
