import type { ColumnMapping } from '@portal/shipment-rules';
import { parseCsvForReview, type ParseOptions } from './csvParse';
import type { ParseRequest, ParseResponse } from './parseProtocol';
import type { ParseResult } from './types';

let nextRequestId = 1;

/** How the company's files are read: the brand's currency, its remembered date order and locale. */
export type FileReading = Pick<ParseOptions, 'currency' | 'dateOrder'>;

async function parseOnMainThread(
  file: Blob,
  mapping?: ColumnMapping,
  reading: FileReading = {},
): Promise<ParseResult> {
  const buffer = await file.arrayBuffer();
  return parseCsvForReview(new Uint8Array(buffer), { mapping, ...reading });
}

/**
 * Parses and validates a CSV file in a Web Worker, so a 10MB file does not freeze the tab. Without
 * `Worker` (tests, old browsers), or if the worker script cannot start, the file is parsed here instead.
 */
export function parseCsvFile(
  file: Blob,
  mapping?: ColumnMapping,
  reading: FileReading = {},
): Promise<ParseResult> {
  if (typeof Worker === 'undefined') return parseOnMainThread(file, mapping, reading);
  return new Promise<ParseResult>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./csvParse.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      parseOnMainThread(file, mapping, reading).then(resolve, reject);
      return;
    }
    const id = nextRequestId++;
    worker.onmessage = (event: MessageEvent<ParseResponse>) => {
      const answer = event.data;
      if (answer.id !== id) return;
      worker.terminate();
      if (answer.ok) resolve(answer.result);
      else reject(new Error(answer.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      parseOnMainThread(file, mapping, reading).then(resolve, reject);
    };
    worker.postMessage({ id, file, mapping, ...reading } satisfies ParseRequest);
  });
}
