#!/usr/bin/env node
// Runs the benchmarks and prints one table. Usage:
//   npm run bench                       every benchmark, the issue's sizes
//   npm run bench -- parse history      only these
//   npm run bench -- --quick            smaller sizes, one run each
//   npm run bench -- --runs=5           repeat each timed measurement 5 times (median reported)
// Each benchmark gets its own fresh database (bench_<name>_<random>, dropped at the end) and its own
// Redis key prefix (deleted at the end). Needs Postgres and Redis on 127.0.0.1 and a built backend.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/backend.mjs';
import { openEnvs } from './lib/env.mjs';
import { fmtBytes, fmtMs, fmtRatio } from './lib/measure.mjs';
import * as parse from './parse.mjs';
import * as store from './store.mjs';
import * as enqueue from './enqueue.mjs';
import * as throughput from './throughput.mjs';
import * as history from './history.mjs';
import * as web from './web.mjs';
import * as fleet from './fleet.mjs';
import * as orders from './orders.mjs';
import * as storm from './storm.mjs';
import * as sources from './sources.mjs';
import * as exportsBench from './exports.mjs';
import * as api from './api.mjs';

const BENCHES = [
  parse,
  store,
  enqueue,
  throughput,
  history,
  orders,
  web,
  fleet,
  storm,
  sources,
  exportsBench,
  api,
];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const runsArg = args.find((a) => a.startsWith('--runs='));
const runs = runsArg ? Math.max(1, Math.min(20, Number(runsArg.slice(7)) || 1)) : quick ? 1 : 3;
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((w) => !BENCHES.some((b) => b.name === w));
if (unknown.length) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}
const selected = wanted.length ? BENCHES.filter((b) => wanted.includes(b.name)) : BENCHES;

async function closeAll() {
  for (const env of [...openEnvs]) await env.close();
}

let interrupted = false;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n${sig}: cleaning up (databases, Redis keys, sandboxes)...`);
    closeAll().finally(() => process.exit(130));
  });
}

function fmtValue(v, unit) {
  if (v === undefined || v === null) return '-';
  switch (unit) {
    case 'ms':
      return fmtMs(v);
    case 'bytes':
      return fmtBytes(v);
    case '%':
      return `${v.toFixed(1)}%`;
    case 'req/s':
      return `${v.toFixed(2)} req/s`;
    case '/s':
      return `${v.toFixed(2)}/s`;
    default:
      return `${typeof v === 'number' ? +v.toFixed(2) : v}${unit ? ` ${unit}` : ''}`;
  }
}

function renderTable(results) {
  const head = ['Benchmark', 'Measure', 'Result', 'Reference', 'Ratio', 'Goal', 'Status'];
  const lines = [];
  for (const r of results) {
    const ratio = r.ratio ?? (r.ref !== undefined && r.ref > 0 ? r.value / r.ref : undefined);
    lines.push([
      r.bench,
      r.measure,
      r.error ? `ERROR: ${r.error}` : fmtValue(r.value, r.unit) + (r.note ? ` (${r.note})` : ''),
      r.refLabel
        ? `${r.refLabel}${r.ref !== undefined ? ` ${fmtValue(r.ref, r.refUnit ?? r.unit)}` : ''}`
        : '-',
      ratio === undefined ? '-' : (r.ratioText ?? fmtRatio(ratio)),
      r.goal ?? '',
      r.error ? 'ERROR' : r.info ? '' : r.pass === undefined ? '' : r.pass ? 'PASS' : 'MISS',
    ]);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const row = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ');
  return [row(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(row)].join('\n');
}

const started = Date.now();
const results = [];
console.log(
  `Benchmarks: ${selected.map((b) => b.name).join(', ')}${quick ? ' (quick sizes)' : ''}; ${runs} run(s) per measurement, median reported`,
);
for (const bench of selected) {
  if (interrupted) break;
  const t0 = Date.now();
  console.log(`\n== ${bench.name}: ${bench.title}`);
  const ctx = {
    quick,
    runs,
    log: (m) => console.log(`   ${m}`),
  };
  try {
    const rows = await bench.run(ctx);
    for (const r of rows) results.push({ bench: bench.name, ...r });
  } catch (err) {
    console.error(err?.stack ?? err);
    results.push({
      bench: bench.name,
      measure: '(benchmark failed)',
      error: String(err?.message ?? err).slice(0, 120),
    });
  } finally {
    await closeAll();
  }
  console.log(`   done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const total = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\nResults (${new Date().toISOString()}, ${total} s, node ${process.version}):\n`);
console.log(renderTable(results));
const goals = results.filter((r) => !r.info && (r.pass !== undefined || r.error));
const missed = goals.filter((r) => r.error || !r.pass);
console.log(
  `\n${goals.length - missed.length}/${goals.length} goals met${missed.length ? `; missed: ${missed.map((m) => `${m.bench}/${m.measure.trim()}`).join('; ')}` : ''}`,
);

try {
  const dir = join(ROOT, 'bench', '.tmp');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `results-${wanted.length ? wanted.join('-') : 'all'}${quick ? '-quick' : ''}.json`),
    JSON.stringify({ at: new Date().toISOString(), quick, runs, results }, null, 2),
  );
} catch {
  // The table above is the result; the JSON copy is a convenience.
}
process.exitCode = results.some((r) => r.error) ? 1 : 0;
// Everything is closed by now; a handle left open by a library must not keep the process alive.
setTimeout(() => process.exit(), 3000).unref();
