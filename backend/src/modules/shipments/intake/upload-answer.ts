import {
  REQUIRED_COLUMNS,
  UPLOAD_LIMITS,
  echoText,
  formatCents,
  isShipmentField,
  reviewDisplayId,
  safeText,
  type ColumnMapping,
  type RowErrorCode,
  validateRow,
} from '@portal/shipment-rules';
import { AppError } from '../../../common/errors/index.js';
import type { IngestedRow } from './csv-ingest.js';
import type { UploadPreviewRowView as UploadPreviewRow } from '../reads/shipment-answers.dto.js';
import type { RowStatuses } from '../reads/history.query.js';
import {
  REVIEW_ERROR_CHARS,
  type ProcessItemDto,
  type ReviewedInvalidRowDto,
} from '../reads/shipments.dto.js';

/** Told with an upload, a review or a retry made while the queue (Redis) is away (decision 0039). */
export const QUEUE_BACK_NOTICE =
  'Your shipments are saved. Sending them to Faire is paused for a moment; they will be sent as soon as our queue is back.';

/** The `columnMapping` form field of an upload (CSV column -> field), checked; undefined when absent. */
export function parseMapping(json: string | undefined): ColumnMapping | undefined {
  if (json === undefined || json.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'columnMapping must be a JSON object from CSV column to field');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError('VALIDATION_FAILED', 'columnMapping must be a JSON object from CSV column to field');
  }
  const mapping: Record<string, (typeof REQUIRED_COLUMNS)[number]> = {};
  const used = new Set<string>();
  for (const [column, field] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof field !== 'string') {
      throw new AppError(
        'VALIDATION_FAILED',
        `columnMapping: the column "${echoText(column)}" must map to a field name such as order_id`,
      );
    }
    if (!isShipmentField(field)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `columnMapping: "${echoText(String(field))}" is not a shipment field`,
      );
    }
    if (column.length > UPLOAD_LIMITS.maxCellChars) {
      throw new AppError(
        'VALIDATION_FAILED',
        `columnMapping: a column name is longer than ${UPLOAD_LIMITS.maxCellChars} characters`,
      );
    }
    if (used.has(field)) {
      throw new AppError('VALIDATION_FAILED', `columnMapping: ${field} is mapped to more than one column`);
    }
    used.add(field);
    // Stored as JSON: a column name that could not be a header of any file is made safe, not refused.
    mapping[safeText(column, UPLOAD_LIMITS.maxCellChars)] = field;
  }
  return mapping;
}

/** The first `maxValid` valid and `maxInvalid` invalid rows as the answer shows them; stops once both are full. */
export function previewRows(
  rows: IngestedRow[],
  maxValid: number,
  maxInvalid: number,
): { valid: UploadPreviewRow[]; invalid: UploadPreviewRow[] } {
  const valid: UploadPreviewRow[] = [];
  const invalid: UploadPreviewRow[] = [];
  for (const r of rows) {
    if (valid.length >= maxValid && invalid.length >= maxInvalid) break;
    if (r.result.valid ? valid.length >= maxValid : invalid.length >= maxInvalid) continue;
    const v = r.result.value;
    const cell = (k: string) => echoText(String(r.record[k] ?? '').trim());
    const base: UploadPreviewRow = {
      row: r.rowNumber,
      order_id: v?.orderId ?? cell('order_id'),
      displayId: v?.displayId ?? reviewDisplayId(cell('order_id')),
      tracking_number: v?.trackingNumber ?? cell('tracking_number'),
      carrier: v?.carrier ?? cell('carrier'),
      ship_date: v?.shipDate ?? cell('ship_date'),
      shipDate: v?.shipDateIso,
      shipping_cost: v ? formatCents(v.shippingCostCents) : cell('shipping_cost'),
      warnings: r.result.warnings.map((w) => w.message),
    };
    if (r.result.valid) valid.push(base);
    else invalid.push({ ...base, validation: r.result.errors.map((e) => e.message).join('; ') || 'Invalid' });
  }
  return { valid, invalid };
}

/** Reviewed rows (`POST /api/shipments/process`) as the rows of a file, validated again with the shared rules. */
export function reviewedRows(items: ProcessItemDto[], useFileRows: boolean, now: Date): IngestedRow[] {
  return items.map((item, i) => {
    const raw = {
      order_id: item.orderId,
      tracking_number: item.trackingNumber,
      carrier: item.carrier,
      ship_date: item.shipDate.slice(0, 10),
      shipping_cost: (item.shippingCost / 100).toFixed(2),
    };
    const rowNumber = useFileRows ? (item.row as number) : i + 1;
    return { rowNumber, raw, record: raw, result: validateRow(raw, { now }) };
  });
}

/**
 * The review's rows with errors (`invalidRows` of `POST /api/shipments/process`) as a file's rows with
 * errors: the fields as typed, and the review's words as the row's one error (the review read the row
 * with the whole file's evidence, a date order for one; the row alone could read otherwise). Never valid,
 * so never staged for Faire.
 */
export function reviewedInvalidRows(items: readonly ReviewedInvalidRowDto[]): IngestedRow[] {
  return items.map((item) => {
    const raw = {
      order_id: item.orderId ?? '',
      tracking_number: item.trackingNumber ?? '',
      carrier: item.carrier ?? '',
      ship_date: item.shipDate ?? '',
      shipping_cost: item.shippingCost ?? '',
    };
    // One error in the review's words; the code says where it was found, not which rule (none is re-run).
    const error = {
      field: 'order_id' as const,
      code: 'REVIEWED' as RowErrorCode,
      message: safeText(item.error, REVIEW_ERROR_CHARS),
    };
    return { rowNumber: item.row, raw, record: raw, result: { valid: false, errors: [error], warnings: [] } };
  });
}

/** The process answer, one result per reviewed row: INVALID with its errors, or where its shipment stands. */
export function processResults(rows: IngestedRow[], items: ProcessItemDto[], statuses: RowStatuses) {
  return rows.map((r, i) => {
    const item = items[i]!;
    if (!r.result.value) {
      return {
        orderId: echoText(item.orderId),
        trackingNumber: echoText(item.trackingNumber),
        status: 'INVALID',
        error: r.result.errors.map((e) => e.message).join('; '),
      };
    }
    const s = statuses.get(r.rowNumber);
    return {
      orderId: r.result.value.orderId,
      trackingNumber: r.result.value.trackingNumber,
      shipmentId: s?.shipmentId ?? null,
      status: s?.status ?? 'PENDING',
      error: s?.error ?? null,
    };
  });
}
