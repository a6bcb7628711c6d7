#!/usr/bin/env node
// `npm test`: every test suite, side by side where they can be (decisions 0056-0058, 0061; its time on
// this 2-core machine from a fresh clone is the one figure in decision 0061).
//   1. side by side: the unit tier (`npm run test:unit`: nothing running, under a minute; it reads the
//      shared rules from their source) and the build of every workspace (nx, the shared rules first); a
//      failure of either stops everything;
//   2. three lanes side by side: the backend's integration, fault and kill suites (jest: mostly waiting
//      on timers, Postgres and Redis), the browser tests (mostly waiting on the product and chromium),
//      and the lint followed by the processor-bound suites (the frontend's screens, the shared rules'
//      sweeps, the three sandboxes) one at a time. What the unit tier ran is not run again.
// The output is passed through as it comes, a line at a time; when something fails, the failing tests'
// names are printed again at the very end, so the last lines of a long CI log say what failed.
import { spawn } from 'node:child_process';
import { BACKEND_UNIT_PATHS, bin, RULES_SWEEPS } from './lib/test-tiers.mjs';

const FAILURE_LINE = [
  /^\s*● .+ › .+/, // jest: a failing test's title
  /^\s*FAIL\s+\S+/, // jest / vitest: a failing file
  /^\s*(?:×|✕)\s+.+/, // vitest / jest: a failing test in the list
  /^\s*not ok \d+ - .+/, // node --test (TAP)
  /Failed tasks:|^\s*- @portal\/\S+/, // nx's summary
];

function run(command, args) {
  return new Promise((resolve) => {
    const lines = [];
    let pending = '';
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env: process.env });
    const collect = (chunk, out) => {
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      // Whole lines only: two lanes write to the same terminal.
      if (parts.length) out.write(`${parts.join('\n')}\n`);
      for (const line of parts) {
        // eslint-disable-next-line no-control-regex
        const plain = line.replace(/\u001b\[[0-9;]*m/g, '');
        if (FAILURE_LINE.some((re) => re.test(plain))) lines.push(plain.trimEnd());
      }
    };
    child.stdout.on('data', (c) => collect(c, process.stdout));
    child.stderr.on('data', (c) => collect(c, process.stderr));
    child.on('close', (code, signal) => {
      if (pending) process.stdout.write(`${pending}\n`);
      resolve({ code: code ?? (signal ? 1 : 0), lines });
    });
  });
}

const NX = ['run-many', '--output-style=static'];
const npmTest = (workspace, ...args) => ['npm', ['test', `--workspace=${workspace}`, '--', ...args]];
/** The same at a lower priority: it runs on what the other lanes leave. */
const niceTest = (workspace, ...args) => ['nice', ['-n', '10', ...npmTest(workspace, ...args).flat()]];

/** Runs one step; on failure returns what failed. */
async function step([command, args]) {
  const started = Date.now();
  const { code, lines } = await run(command, args);
  const took = Math.round((Date.now() - started) / 1000);
  const name = [command, ...args].join(' ');
  if (code !== 0) return { name, code, took, lines };
  process.stdout.write(`\n\`${name}\` passed in ${took} s.\n`);
  return null;
}

function fail(failures) {
  for (const { name, code, took, lines } of failures) {
    const unique = [...new Set(lines)];
    process.stderr.write(`\n\`${name}\` failed (exit ${code}, ${took} s).\n`);
    if (unique.length) process.stderr.write(`What failed:\n${unique.map((l) => `  ${l}`).join('\n')}\n`);
  }
  process.exit(failures[0].code);
}

/** Steps one after another; stops at the first failure. */
async function lane(steps) {
  for (const s of steps) {
    const failed = await step(s);
    if (failed) return failed;
  }
  return null;
}

/** Lanes side by side; stops everything when one fails. */
async function together(lanes) {
  const failed = (await Promise.all(lanes.map(lane))).filter(Boolean);
  if (failed.length) fail(failed);
}

const started = Date.now();
await together([[['npm', ['run', 'test:unit']]], [[bin('nx'), [...NX, '-t', 'build']]]]);
await together([
  [npmTest('@portal/backend', ...BACKEND_UNIT_PATHS.flatMap((p) => ['--testPathIgnorePatterns', p]))],
  [npmTest('@portal/e2e')],
  // Pure processor work, given what the two lanes above leave (nice 10): they wait on timers, the
  // product and chromium most of the time, and their timing checks run as if alone.
  [
    // Waits for a hang, not a speed check: at nice 10 a screen may get a tenth of a processor.
    ['env', ['SCREEN_WAIT_MS=30000', ...niceTest('@portal/frontend', '.test.tsx').flat()]],
    niceTest('@portal/shipment-rules', ...RULES_SWEEPS),
    niceTest('@portal/faire-sandbox'),
    niceTest('@portal/shipstation-sandbox'),
    niceTest('@portal/shopify-sandbox'),
  ],
]);
process.stdout.write(`\nEvery suite passed in ${Math.round((Date.now() - started) / 1000)} s.\n`);
