// parse: the server's parse + validate + store of a generated 10 MB CSV, against the same parser's
// (papaparse) raw parse of the same bytes, with the longest event-loop stall while each runs. fast-csv,
// the parser used before, is measured alongside (decision 0011).
import { parseString } from 'fast-csv';
import Papa from 'papaparse';
import {
  MAX_FILE_BYTES,
  decodeCsvBytes,
  detectDelimiter,
  isEmptyRecord,
  normalizeHeader,
  validateRow,
} from '@portal/shipment-rules';
import { backend } from './lib/backend.mjs';
import { companyAdmin, deleteKeys, openEnv } from './lib/env.mjs';
import { generateRows, toCsv } from './lib/data.mjs';
import { median, repeat, time, withStallProbe } from './lib/measure.mjs';

export const name = 'parse';
export const title = 'parse + validate + store of a 10 MB CSV';

function rawParse(text, options = { headers: true }) {
  return new Promise((resolve, reject) => {
    let n = 0;
    parseString(text, options)
      .on('error', reject)
      .on('data', () => (n += 1))
      .on('end', () => resolve(n));
  });
}

export async function run(ctx) {
  const { ingestCsv, ShipmentsService, ShipmentQueueing } = await backend();
  const runs = ctx.runs;
  const maxBytes = ctx.quick ? 2 * 1024 * 1024 : MAX_FILE_BYTES;
  const { rows } = generateRows({ maxBytes, seed: 11 });
  const bytes = Buffer.from(toCsv(rows));
  const sizeLabel = `${(bytes.length / 1024 / 1024).toFixed(1)} MB, ${rows.length.toLocaleString('en-US')} rows`;
  ctx.log(`generated ${sizeLabel}`);

  // (a) reference: papaparse's raw parse of the same bytes in one call, headers on, counting rows.
  const papaRaw = async () =>
    Papa.parse(bytes.toString('utf8'), { header: true, skipEmptyLines: true }).data.length;
  const ref = await repeat(runs, () => withStallProbe(papaRaw));
  if (ref[0].value !== rows.length) {
    throw new Error(`raw parse counted ${ref[0].value} rows, expected ${rows.length}`);
  }
  const refMs = median(ref.map((r) => r.ms));
  const refStall = median(ref.map((r) => r.stallMs));
  // The parser the owner named, for comparison.
  const fastCsv = await repeat(1, () => withStallProbe(() => rawParse(bytes.toString('utf8'))));

  const env = await openEnv('parse', { app: true, env: { WORKER_MODE: 'api' } });
  try {
    const service = env.app.get(ShipmentsService);
    const queueing = env.app.get(ShipmentQueueing);
    const { caller } = await companyAdmin(env, 'parse@bench.test', 'Parse Bench');
    const reset = async () => {
      await env.pool.query(
        'TRUNCATE uploads, shipments, upload_rows, upload_batches, shipment_attempts, shipment_sources CASCADE',
      );
      await deleteKeys(env.redis, `${env.prefix}:shipments:*`);
    };
    // (b) the server path: ingestCsv (decode, detect, parse, validate) + ShipmentsService.store.
    const server = await repeat(
      runs,
      async () => {
        // Two probes back to back, so the longest stall can be attributed to a part.
        const ing = await withStallProbe(() => ingestCsv(bytes, undefined, new Date()));
        const st = await withStallProbe(() =>
          service.store(caller, {
            source: 'UPLOAD',
            name: 'bench.csv',
            rows: ing.value.rows,
            file: {
              size: bytes.length,
              encoding: ing.value.encoding,
              delimiter: ing.value.delimiter,
              mapping: null,
            },
          }),
        );
        return {
          ms: ing.ms + st.ms,
          stallMs: Math.max(ing.stallMs, st.stallMs),
          value: {
            ingestMs: ing.ms,
            storeMs: st.ms,
            ingestStall: ing.stallMs,
            storeStall: st.stallMs,
            ingest: ing.value,
            stored: st.value,
          },
        };
      },
      reset,
      60_000,
    );
    const last = server.at(-1).value;
    ctx.log(
      `server: ${last.ingest.totalRows} rows, ${last.ingest.validRows} valid, ${last.stored.queued} queued`,
    );
    const ms = median(server.map((r) => r.ms));
    const stall = median(server.map((r) => r.stallMs));
    // After the answer, a worker turns the staged rows into shipments: timed once, on the last run's upload.
    const materialized = last.stored.materialized
      ? { ms: 0, stallMs: 0 }
      : await withStallProbe(() => queueing.materialize(last.stored.uploadId));

    // Where the server's time goes: ingestCsv's steps, repeated outside it with the same options.
    const text = decodeCsvBytes(bytes).text;
    // (Breakdown steps are informative: one run each, to keep the whole bench short.)
    const decodeMs = median((await repeat(1, () => time(() => decodeCsvBytes(bytes)))).map((r) => r.ms));
    const delimiter = detectDelimiter(text.slice(0, 64 * 1024));
    const parsed = await repeat(1, () =>
      time(() => Papa.parse(text, { delimiter, skipEmptyLines: false }).data),
    );
    const [head, ...body] = parsed[0].value;
    const keys = head.map((h) => normalizeHeader(h));
    const records = body.map((cells) => Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? ''])));
    const at = new Date();
    const validate = await repeat(1, () =>
      time(() => {
        let valid = 0;
        for (const r of records) if (!isEmptyRecord(r) && validateRow(r, { now: at }).valid) valid += 1;
        return valid;
      }),
    );

    const goalMs = 1500;
    const goalStall = 50;
    return [
      {
        measure: `server parse + validate + store (${sizeLabel})`,
        value: ms,
        unit: 'ms',
        refLabel: 'papaparse raw parse',
        ref: refMs,
        goal: '<= 1.5 s',
        pass: ms <= goalMs,
        note: `${server.length} run${server.length === 1 ? '' : 's'}`,
        samples: server.map((r) => r.ms),
      },
      {
        measure: 'longest event-loop stall during it',
        value: stall,
        unit: 'ms',
        refLabel: 'stall of the raw parse',
        ref: refStall,
        goal: '<= 50 ms',
        pass: stall <= goalStall,
        samples: server.map((r) => r.stallMs),
      },
      {
        info: true,
        measure: '  of which ingestCsv (decode, parse, validate)',
        value: median(server.map((r) => r.value.ingestMs)),
        unit: 'ms',
        refLabel: 'papaparse raw parse',
        ref: refMs,
      },
      {
        info: true,
        measure: '  of which ShipmentsService.store (upload + rows staged)',
        value: median(server.map((r) => r.value.storeMs)),
        unit: 'ms',
      },
      {
        info: true,
        measure: '  then, in a worker: staged rows -> shipments (materialize)',
        value: materialized.ms,
        unit: 'ms',
        note: `longest stall ${Math.round(materialized.stallMs)} ms`,
      },
      {
        info: true,
        measure: '  longest stall inside ingestCsv',
        value: median(server.map((r) => r.value.ingestStall)),
        unit: 'ms',
      },
      {
        info: true,
        measure: '  longest stall inside store',
        value: median(server.map((r) => r.value.storeStall)),
        unit: 'ms',
      },
      {
        info: true,
        measure: '  step: decodeCsvBytes',
        value: decodeMs,
        unit: 'ms',
        refLabel: 'papaparse raw parse',
        ref: refMs,
      },
      {
        info: true,
        measure: '  step: papaparse, rows as arrays (one call)',
        value: median(parsed.map((r) => r.ms)),
        unit: 'ms',
        refLabel: 'papaparse raw parse',
        ref: refMs,
      },
      {
        info: true,
        measure: '  step: validateRow over every record',
        value: median(validate.map((r) => r.ms)),
        unit: 'ms',
        refLabel: 'papaparse raw parse',
        ref: refMs,
      },
      {
        info: true,
        measure: '  other parser: fast-csv raw parse (headers: true)',
        value: fastCsv[0].ms,
        unit: 'ms',
        refLabel: 'papaparse raw parse',
        ref: refMs,
        note: `longest stall ${Math.round(fastCsv[0].stallMs)} ms`,
      },
    ];
  } finally {
    await env.close();
  }
}
