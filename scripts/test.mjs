#!/usr/bin/env node
// `npm test`: the unit tier (`npm run test:unit`, nothing running, under a minute; a failure there stops
// everything), the lint, then every workspace's tests through nx, one project at a time. The output is
// passed through as it comes; when something fails, the failing tests' names are printed again at the
// very end, so the last lines of a long CI log say what failed (nx prints each project's output in one
// block when it ends, and a backend failure would otherwise sit minutes above the end).
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
      out.write(chunk);
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        // eslint-disable-next-line no-control-regex
        const plain = line.replace(/\u001b\[[0-9;]*m/g, '');
        if (FAILURE_LINE.some((re) => re.test(plain))) lines.push(plain.trimEnd());
      }
    };
    child.stdout.on('data', (c) => collect(c, process.stdout));
    child.stderr.on('data', (c) => collect(c, process.stderr));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), lines }));
  });
}

const steps = [
  ['npm', ['run', 'test:unit']],
  ['npm', ['run', 'lint']],
  ['npx', ['nx', 'run-many', '-t', 'test', '--parallel=1', '--output-style=static']],
];
for (const [command, args] of steps) {
  const started = Date.now();
  const { code, lines } = await run(command, args);
  const took = Math.round((Date.now() - started) / 1000);
  if (code !== 0) {
    const unique = [...new Set(lines)];
    process.stderr.write(`\n\`${[command, ...args].join(' ')}\` failed (exit ${code}, ${took} s).\n`);
    if (unique.length) process.stderr.write(`What failed:\n${unique.map((l) => `  ${l}`).join('\n')}\n`);
    process.exit(code);
  }
  process.stdout.write(`\n\`${[command, ...args].join(' ')}\` passed in ${took} s.\n`);
}
