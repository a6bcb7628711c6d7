#!/usr/bin/env node
// `npm test`: the unit tier (`npm run test:unit`, nothing running, under a minute; a failure there stops
// everything), the build of every workspace (nx, cached), then two lanes side by side: the backend
// suite (jest; bound by waiting on timers, Postgres and Redis: about two thirds of one core of its own
// on this 2-core machine) and, next to it, the lint and the processor-bound suites (shared rules,
// sandboxes, frontend) one at a time; then the browser tests alone (decision 0056). The output is passed
// through as it comes, a line at a time; when something fails, the failing tests' names are printed again
// at the very end, so the last lines of a long CI log say what failed (nx prints each project's output in
// one block when it ends, and a backend failure would otherwise sit minutes above the end).
import { spawn } from 'node:child_process';

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

const NX = ['nx', 'run-many', '--output-style=static'];
const TESTS = [...NX, '-t', 'test', '--parallel=1', '--excludeTaskDependencies'];

/** Runs one step; on failure prints what failed and exits. */
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

const serial = [
  ['npm', ['run', 'test:unit']],
  ['npx', [...NX, '-t', 'build']],
];
const failed = await lane(serial);
if (failed) fail([failed]);
const lanes = await Promise.all([
  lane([['npx', [...TESTS, '--projects=@portal/backend']]]),
  lane([
    ['npm', ['run', 'lint']],
    ['npx', [...TESTS, '--exclude=@portal/backend,@portal/e2e']],
  ]),
]);
if (lanes.some(Boolean)) fail(lanes.filter(Boolean));
const browser = await step(['npx', [...TESTS, '--projects=@portal/e2e']]);
if (browser) fail([browser]);
