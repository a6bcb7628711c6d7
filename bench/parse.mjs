// parse: the server's parse + validate + store of a generated 10 MB CSV, against fast-csv's raw parse of
// the same bytes, with the longest event-loop stall while each runs.
import { Readable } from 'node:stream';
import { parseStream, parseString } from 'fast-csv';
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

/** The same parser fed in 64 KB chunks, so each parse step is bounded (a possible fix, measured). */
function chunkedParse(text, chunkChars = 64 * 1024) {
  return new Promise((resolve, reject) => {
    let n = 0;
    function* chunks() {
      for (let i = 0; i < text.length; i += chunkChars) yield text.slice(i, i + chunkChars);
    }
    parseStream(Readable.from(chunks(), { objectMode: false }), { headers: true })
      .on('error', reject)
      .on('data', () => (n += 1))
      .on('end', () => resolve(n));
  });
}

/** ingestCsv's options, used to time its steps one by one. */
function productParseOptions(delimiter) {
  return {
    delimiter,
    headers: (raw) => {
      const headers = raw.map((h) => normalizeHeader(h ?? ''));
      return headers.map((h, i) => (h === '' || headers.indexOf(h) !== i ? `__column_${i + 1}` : h));
    },
    ignoreEmpty: false,
    discardUnmappedColumns: true,
    strictColumnHandling: false,
    trim: false,
  };
}

function collect(text, options) {
  return new Promise((resolve, reject) => {
    const records = [];
    parseString(text, options)
      .on('error', reject)
      .on('data', (r) => records.push(r))
      .on('end', () => resolve(records));
  });
}

export async function run(ctx) {
  const { ingestCsv, ShipmentsService } = await backend();
  const runs = ctx.runs;
  const maxBytes = ctx.quick ? 2 * 1024 * 1024 : MAX_FILE_BYTES;
  const { rows } = generateRows({ maxBytes, seed: 11 });
  const bytes = Buffer.from(toCsv(rows));
  const sizeLabel = `${(bytes.length / 1024 / 1024).toFixed(1)} MB, ${rows.length.toLocaleString('en-US')} rows`;
  ctx.log(`generated ${sizeLabel}`);

  // (a) reference: fast-csv's raw parse of the same bytes, headers on, counting rows.
  const ref = await repeat(runs, () => withStallProbe(() => rawParse(bytes.toString('utf8'))));
  if (ref[0].value !== rows.length)
    throw new Error(`raw parse counted ${ref[0].value} rows, expected ${rows.length}`);
  const refMs = median(ref.map((r) => r.ms));
  const refStall = median(ref.map((r) => r.stallMs));

  const env = await openEnv('parse', { app: true, env: { WORKER_MODE: 'api' } });
  try {
    const service = env.app.get(ShipmentsService);
    const { caller } = await companyAdmin(env, 'parse@bench.test', 'Parse Bench');
    const reset = async () => {
      await env.pool.query('TRUNCATE uploads, shipments, upload_rows, shipment_attempts');
      await deleteKeys(env.redis, `${env.prefix}:shipments:*`);
    };
    // (b) the server path: ingestCsv (decode, detect, fast-csv, validate) + ShipmentsService.store.
    const server = await repeat(
      runs,
      async () => {
        // Two probes back to back, so the longest stall can be attributed to a part.
        const ing = await withStallProbe(() => ingestCsv(bytes, undefined, new Date()));
        const st = await withStallProbe(() =>
          service.store(caller, {
            source: 'UPLOAD',
            fileName: 'bench.csv',
            fileSize: bytes.length,
            encoding: ing.value.encoding,
            delimiter: ing.value.delimiter,
            mapping: null,
            rows: ing.value.rows,
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

    // Where the server's time goes: ingestCsv's steps, repeated outside it with the same options.
    const text = decodeCsvBytes(bytes).text;
    // (Breakdown steps are informative: one run each, to keep the whole bench short.)
    const decodeMs = median((await repeat(1, () => time(() => decodeCsvBytes(bytes)))).map((r) => r.ms));
    const delimiter = detectDelimiter(text.slice(0, 64 * 1024));
    const parsed = await repeat(1, () => time(() => collect(text, productParseOptions(delimiter))));
    const records = parsed[0].value;
    const at = new Date();
    const validate = await repeat(1, () =>
      time(() => {
        let valid = 0;
        for (const r of records) if (!isEmptyRecord(r) && validateRow(r, { now: at }).valid) valid += 1;
        return valid;
      }),
    );
    const papa = await repeat(1, () =>
      time(() => Papa.parse(bytes.toString('utf8'), { header: true, skipEmptyLines: true }).data.length),
    );
    const chunked = await repeat(1, () => withStallProbe(() => chunkedParse(bytes.toString('utf8'))));

    const goalMs = 1500;
    const goalStall = 50;
    return [
      {
        measure: `server parse + validate + store (${sizeLabel})`,
        value: ms,
        unit: 'ms',
        refLabel: 'fast-csv raw parse',
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
        refLabel: 'fast-csv raw parse',
        ref: refMs,
      },
      {
        info: true,
        measure: '  of which ShipmentsService.store',
        value: median(server.map((r) => r.value.storeMs)),
        unit: 'ms',
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
        refLabel: 'fast-csv raw parse',
        ref: refMs,
      },
      {
        info: true,
        measure: "  step: fast-csv with ingestCsv's options",
        value: median(parsed.map((r) => r.ms)),
        unit: 'ms',
        refLabel: 'fast-csv raw parse',
        ref: refMs,
      },
      {
        info: true,
        measure: '  step: validateRow over every record',
        value: median(validate.map((r) => r.ms)),
        unit: 'ms',
        refLabel: 'fast-csv raw parse',
        ref: refMs,
      },
      {
        info: true,
        measure: '  other parser: papaparse raw parse (header: true)',
        value: papa[0].ms,
        unit: 'ms',
        refLabel: 'fast-csv raw parse',
        ref: refMs,
      },
      {
        info: true,
        measure: '  stall if fast-csv is fed 64 KB chunks',
        value: median(chunked.map((r) => r.stallMs)),
        unit: 'ms',
        refLabel: 'stall of the raw parse',
        ref: refStall,
        note: `parse time ${Math.round(median(chunked.map((r) => r.ms)))} ms`,
      },
    ];
  } finally {
    await env.close();
  }
}
