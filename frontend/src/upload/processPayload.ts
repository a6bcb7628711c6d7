import {
  normalizeCarrier,
  normalizeOrderId,
  normalizeTrackingNumber,
  parseShipDate,
  parseShippingCost,
  UPLOAD_LIMITS,
} from '@portal/shipment-rules';
import type {
  ParseResult,
  ProcessInput,
  ProcessInvalidRow,
  ProcessItem,
  ProcessResultItem,
  ReviewRow,
} from './types';

/** Most rows `POST /api/shipments/process` accepts in one call. */
export const PROCESS_MAX_ROWS = 5000;

/** The ship date to send: `shipDate` when present, else `ship_date` converted to ISO. */
export function shipDateIso(row: Pick<ReviewRow, 'shipDate' | 'ship_date'>): string | undefined {
  if (row.shipDate) return row.shipDate;
  const parsed = parseShipDate(row.ship_date);
  if (parsed.ok) return parsed.iso;
  const t = Date.parse(row.ship_date);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/**
 * The shipments of `POST /api/shipments/process` (Reading B): only valid rows, a repeated order + tracking
 * number once, shipping cost in integer cents, ship date as ISO; with `cells`, each row's cells as written.
 */
export function buildProcessPayload(
  rows: readonly ReviewRow[],
  opts: { cells?: boolean } = {},
): ProcessItem[] {
  const items: ProcessItem[] = [];
  for (const row of rows) {
    if (!row.valid || row.duplicateOf !== undefined) continue;
    const cost = parseShippingCost(row.shipping_cost);
    const shipDate = shipDateIso(row);
    if (!cost.ok || !shipDate) continue;
    items.push({
      row: row.row,
      orderId: row.orderId ?? normalizeOrderId(row.order_id),
      trackingNumber: normalizeTrackingNumber(row.tracking_number),
      carrier: normalizeCarrier(row.carrier),
      shipDate,
      shippingCost: cost.cents,
      ...(opts.cells && row.cells ? { cells: JSON.stringify(row.cells) } : {}),
    });
  }
  return items;
}

/** Characters of the review's errors for a row the server keeps (as it validates `invalidRows`). */
export const REVIEW_ERROR_CHARS = 2000;

/**
 * The review's rows with errors, for `invalidRows` of the process body: never sent to Faire, stored with
 * the upload so its results and failed rows file have them (decision 0032). Each with its row number, the
 * fields as typed (cut as the server stores a file's cells), the errors the review showed and, with
 * `cells`, its cells as written.
 */
export function buildInvalidRows(
  rows: readonly ReviewRow[],
  opts: { cells?: boolean } = {},
): ProcessInvalidRow[] {
  const cut = (text: string) => text.slice(0, UPLOAD_LIMITS.maxCellChars);
  return rows
    .filter((row) => !row.valid)
    .map((row) => ({
      row: row.row,
      error: (row.validation || 'Invalid').slice(0, REVIEW_ERROR_CHARS),
      orderId: cut(row.order_id),
      trackingNumber: cut(row.tracking_number),
      carrier: cut(row.carrier),
      shipDate: cut(row.ship_date),
      shippingCost: cut(row.shipping_cost),
      ...(opts.cells && row.cells ? { cells: JSON.stringify(row.cells) } : {}),
    }));
}

/** Characters of a process body sent with the file's cells: the server takes bodies of up to 2 MB. */
export const PROCESS_BODY_BUDGET = 1_800_000;

/**
 * The process body with the file's layout (decision 0032), so its failed rows go back to the brand as
 * their own file; without the layout and the cells when they would make the body too big to send, and
 * then without the rows with errors too when it still would (the results view then lists them from the
 * review).
 */
export function withFileLayout(
  input: ProcessInput,
  parse: Pick<ParseResult, 'layout' | 'delimiter' | 'encoding'>,
): ProcessInput {
  const { invalidRows: _invalid, ...valid } = input;
  const bare: ProcessInput = {
    ...valid,
    shipments: input.shipments.map(({ cells: _cells, ...item }) => item),
  };
  const plain: ProcessInput = input.invalidRows?.length
    ? { ...bare, invalidRows: input.invalidRows.map(({ cells: _cells, ...row }) => row) }
    : bare;
  const fits = (body: ProcessInput) => JSON.stringify(body).length <= PROCESS_BODY_BUDGET;
  const { layout } = parse;
  const withoutCells = () => (fits(plain) ? plain : bare);
  if (!layout || [...input.shipments, ...(input.invalidRows ?? [])].some((i) => i.cells === undefined)) {
    return withoutCells();
  }
  const full: ProcessInput = {
    ...input,
    layout: {
      bom: layout.bom,
      header: JSON.stringify(layout.header),
      lineEnding: layout.lineEnding,
      delimiter: parse.delimiter,
      encoding: parse.encoding,
    },
  };
  return fits(full) ? full : withoutCells();
}

/**
 * The toast's counts: SUCCESS is successful; PENDING is neither (the row is still being sent: Faire is
 * slow or keeps it waiting, and it goes on in the background, whatever words its message has); any other
 * status failed.
 */
export function summarizeResults(results: readonly Pick<ProcessResultItem, 'status'>[]) {
  let success = 0;
  let failed = 0;
  let pending = 0;
  for (const r of results) {
    if (r.status === 'SUCCESS') success += 1;
    else if (r.status === 'PENDING') pending += 1;
    else failed += 1;
  }
  return { success, failed, pending };
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The description of the 'Shipments processed' toast: the spec's '{n} successful, {m} failed', and the
 * rows still being sent said as such, never as failures ('1 still sending: Faire is slow, we keep trying').
 */
export function processedToastText({
  success,
  failed,
  pending,
}: {
  success: number;
  failed: number;
  pending: number;
}): string {
  const sending = `${count(pending)} still sending: Faire is slow, we keep trying`;
  if (pending > 0 && success === 0 && failed === 0) return sending;
  const done = `${count(success)} successful, ${count(failed)} failed`;
  return pending > 0 ? `${done}; ${sending}` : done;
}
