// Hostile uploads through the server's ingest (decode, line check, delimiter, papaparse in slices,
// header handling, validation), then a few of them through the whole upload (ShipmentsService.upload:
// ingest, staging in Postgres, the answer's preview; own database, no worker), with the longest
// event-loop stall while each runs. Not part of `npm run bench` and asserts nothing: a measurement to
// read (issue 11, decision 0012).
//
//   npm run build -w @portal/shipment-rules -w @portal/faire-sandbox -w @portal/backend
//   node bench/hostile-ingest.mjs
import { MAX_FILE_BYTES, suggestMapping } from '@portal/shipment-rules';
import { backend } from './lib/backend.mjs';
import { companyAdmin, openEnv } from './lib/env.mjs';
import { withStallProbe as wallProbe } from './lib/measure.mjs';

/**
 * `withStallProbe`, plus the most CPU time the process used between two 5 ms ticks (`cpuStallMs`):
 * on a machine shared with other builds, a tick's lateness also counts the time other processes had
 * the CPU; the CPU used in between is what this process spent without giving other requests a turn
 * (an upper bound: GC helper threads count too).
 */
async function withStallProbe(fn) {
  let last = process.cpuUsage();
  let cpuStallMs = 0;
  const timer = setInterval(() => {
    const used = process.cpuUsage(last);
    last = process.cpuUsage();
    cpuStallMs = Math.max(cpuStallMs, (used.user + used.system) / 1000);
  }, 5);
  try {
    const run = await wallProbe(fn);
    return { ...run, cpuStallMs };
  } finally {
    clearInterval(timer);
  }
}

const HEADER = 'order_id,tracking_number,carrier,ship_date,shipping_cost';
const ROW = 'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50';

/** `line(i)` repeated until the text is about `bytes` long. */
function fill(head, line, bytes = MAX_FILE_BYTES - 1024) {
  const parts = [head];
  let size = head.length;
  for (let i = 0; size < bytes; i++) {
    const l = line(i);
    parts.push(l);
    size += l.length + 1;
  }
  return parts.join('\n');
}

const columns = (n) => Array.from({ length: n }, (_, i) => `c${i}`).join(',');

const CASES = [
  ['100,000-column header (0.7 MB)', () => `${columns(100_000)}\n${ROW}\n`],
  ['1,000,000-column header (7.9 MB)', () => `${columns(1_000_000)}\n${ROW}\n`],
  ['one 10 MB cell, no line break', () => `${HEADER}\n"${'x'.repeat(MAX_FILE_BYTES - 100)}`],
  ['an unclosed quote, then 10 MB of short lines', () => fill(`${HEADER}\n"bo_abc`, (i) => `line ${i}`)],
  [
    'lines of 32,000 characters (at the limit), every row invalid',
    () => fill(HEADER, (i) => `bo_x${i},${'9'.repeat(31_900)},UPS,2026-11-20,1`),
  ],
  ['10 MB of blank lines', () => `${HEADER}\n${'\n'.repeat(MAX_FILE_BYTES - 100)}`],
  [
    'NUL in every tracking number (~190k rows)',
    () => fill(HEADER, (i) => `bo_abc${String(i).padStart(6, '0')},1Z999\u0000AA1${i},UPS,2026-11-20,1`),
  ],
  [
    '100 columns of 256 characters (at the limits)',
    () => {
      const head = `${HEADER},${Array.from({ length: 95 }, (_, i) => `extra${i}`).join(',')}`;
      const extra = Array.from({ length: 95 }, () => 'e'.repeat(256)).join(',');
      return fill(
        head,
        (i) => `bo_abc${String(i).padStart(6, '0')},1Z999AA10123456784,UPS,2026-11-20,1,${extra}`,
      );
    },
  ],
  [
    'plain valid rows (~190k)',
    () =>
      fill(
        HEADER,
        (i) => `bo_abc${String(i).padStart(6, '0')},1Z999AA1${String(i).padStart(9, '0')},UPS,2026-11-20,1`,
      ),
  ],
];

const { ingestCsv } = await backend();
const results = [];
for (const [name, make] of CASES) {
  const text = make();
  const bytes = Buffer.from(text, 'utf8');
  const run = await withStallProbe(() =>
    ingestCsv(bytes, undefined, new Date()).then(
      (r) => `${r.validRows} valid, ${r.invalidRows} invalid`,
      (err) => `refused: ${err.message}`,
    ),
  );
  results.push({
    case: name,
    MB: +(bytes.length / 1024 / 1024).toFixed(1),
    ms: Math.round(run.ms),
    stallMs: Math.round(run.stallMs),
    cpuStallMs: Math.round(run.cpuStallMs),
    outcome: run.value.slice(0, 90),
  });
}
// 100 columns of short cells with a column mapping: every row's record is mapped (applyColumnMapping).
{
  const head = `order,${HEADER.split(',').slice(1).join(',')},${Array.from({ length: 95 }, (_, i) => `x${i}`).join(',')}`;
  const extra = Array.from({ length: 95 }, (_, i) => String(i)).join(',');
  const bytes = Buffer.from(
    fill(
      head,
      (i) =>
        `bo_abc${String(i).padStart(6, '0')},1Z999AA1${String(i).padStart(9, '0')},UPS,2026-11-20,1,${extra}`,
    ),
  );
  const run = await withStallProbe(() => ingestCsv(bytes, { order: 'order_id' }, new Date()));
  results.push({
    case: '100 short columns, mapped',
    MB: +(bytes.length / 1024 / 1024).toFixed(1),
    ms: Math.round(run.ms),
    stallMs: Math.round(run.stallMs),
    cpuStallMs: Math.round(run.cpuStallMs),
    outcome: `${run.value.validRows} valid, ${run.value.invalidRows} invalid`,
  });
}

// The whole upload for the cases that are not refused, as the request runs it.
const { ShipmentsService } = await backend();
const env = await openEnv('hostile', { app: true, env: { WORKER_MODE: 'api' } });
try {
  const service = env.app.get(ShipmentsService);
  const { caller } = await companyAdmin(env, 'hostile@bench.test', 'Hostile Bench');
  for (const index of [4, 6, 8]) {
    const [name, make] = CASES[index];
    const buffer = Buffer.from(make(), 'utf8');
    const run = await withStallProbe(() =>
      service.upload(caller, { originalname: 'hostile.csv', size: buffer.length, buffer }),
    );
    results.push({
      case: `upload(): ${name}`,
      MB: +(buffer.length / 1024 / 1024).toFixed(1),
      ms: Math.round(run.ms),
      stallMs: Math.round(run.stallMs),
      cpuStallMs: Math.round(run.cpuStallMs),
      outcome: `${run.value.validRows} valid, ${run.value.invalidRows} invalid, answer ${JSON.stringify(run.value).length} chars`,
    });
  }
} finally {
  await env.close();
}

// The mapping dialog's suggestion on the widest header a file may have (browser side, same library).
const wide = Array.from({ length: 100 }, (_, i) => `column ${i} ${'w'.repeat(240)}`);
const suggest = await withStallProbe(async () => suggestMapping(wide));
results.push({
  case: 'suggestMapping, 100 headers of 250 chars',
  MB: 0,
  ms: Math.round(suggest.ms),
  stallMs: Math.round(suggest.stallMs),
  cpuStallMs: Math.round(suggest.cpuStallMs),
  outcome: '',
});
console.table(results);
