import { AppError } from '../../common/errors/index.js';
import {
  publicShipment,
  type IngestedRow,
  type PublicRowOutcome,
  type PublicShipmentRecord,
} from '../shipments/index.js';
import type { PublicRowView, PublicShipmentView } from './public-api.dto.js';
import { publicRow, type RowRefusal } from './public-rows.js';

/** Rows one post may hold. */
export const MAX_POST_ROWS = 5_000;
/** An `Idempotency-Key`: 1-255 visible ASCII characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export function shipmentView(row: PublicShipmentRecord): PublicShipmentView {
  return publicShipment(row);
}

/** `updatedSince`: an ISO 8601 moment (required); a 400 naming it otherwise. */
export function readMoment(value: unknown): Date {
  const at = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) {
    throw new AppError(
      'VALIDATION_FAILED',
      'updatedSince is required: an ISO 8601 moment such as 2026-12-07T00:00:00Z',
    );
  }
  return at;
}

export function rowView(r: PublicRowOutcome): PublicRowView {
  return {
    row: r.row,
    outcome: r.status === 'INVALID' ? 'refused' : r.duplicate ? 'duplicate' : 'accepted',
    shipmentId: r.shipmentId,
    status: r.status,
    reason: r.reason,
    orderId: r.orderId || null,
    displayId: r.displayId || null,
    trackingNumber: r.trackingNumber || null,
    carrier: r.carrier || null,
    errors: r.errors,
  };
}

/** A row stored and not yet a shipment: accepted, its shipment made within seconds. */
export function receivedRow(row: number): PublicRowView {
  return {
    row,
    outcome: 'accepted',
    shipmentId: null,
    status: 'PENDING',
    reason: 'Received: becoming a shipment (read this upload again for its id)',
    orderId: null,
    displayId: null,
    trackingNumber: null,
    carrier: null,
    errors: [],
  };
}

export function readIdempotencyKey(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1-255 visible ASCII characters');
  }
  return value;
}

export function readBody(body: unknown): unknown[] {
  if (!Array.isArray(body)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The body must be a JSON array of shipment rows (Content-Type: application/json) or a CSV file (Content-Type: text/csv)',
    );
  }
  if (body.length === 0) throw new AppError('VALIDATION_FAILED', 'The body holds no rows');
  if (body.length > MAX_POST_ROWS) throw tooManyRows(body.length);
  return body;
}

export function tooManyRows(n: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `A post holds at most ${MAX_POST_ROWS} rows; this one holds ${n}: send them in parts`,
  );
}

/** A refused row's values as text, stored like a file's cells so History and the results show them. */
function cellsOf(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!input || typeof input !== 'object' || Array.isArray(input)) return out;
  const fields: Record<string, string> = {
    orderId: 'order_id',
    trackingNumber: 'tracking_number',
    carrier: 'carrier',
    shipDate: 'ship_date',
    shippingCost: 'shipping_cost',
    shippingCostMinor: 'shipping_cost',
  };
  for (const [from, to] of Object.entries(fields)) {
    const v = (input as Record<string, unknown>)[from];
    if (typeof v === 'string' || typeof v === 'number') out[to] = String(v).slice(0, 200);
  }
  return out;
}

/** A JSON body's rows as the one intake takes them: values read for the shared rules, or refused. */
export function jsonRows(rows: readonly unknown[], currency: string) {
  const typed: ({ rowNumber: number } & Omit<Extract<ReturnType<typeof publicRow>, { ok: true }>, 'ok'>)[] =
    [];
  const refused: IngestedRow[] = [];
  rows.forEach((input, i) => {
    const rowNumber = i + 1;
    const read = publicRow(input, currency);
    if (read.ok) {
      const { ok: _ok, ...values } = read;
      typed.push({ rowNumber, ...values });
    } else refused.push(refusedRow(rowNumber, input, read.errors));
  });
  return { typed, refused };
}

function refusedRow(rowNumber: number, input: unknown, errors: RowRefusal[]): IngestedRow {
  const cells = cellsOf(input);
  return {
    rowNumber,
    raw: cells,
    record: cells,
    result: { valid: false, errors: errors as never, warnings: [] },
  };
}
