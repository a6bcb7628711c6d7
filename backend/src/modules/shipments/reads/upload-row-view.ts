import { reviewDisplayId, type ColumnMapping } from '@portal/shipment-rules';
import { isWaitingOnFaire, secondsUntil, stillSending } from './waiting-on-faire.js';
import { RETRYABLE } from './waiting-on-faire.js';
import type { UploadRowRecord } from './upload-rows.sql.js';

/** The file's column for each field: the column mapping reversed (field -> CSV column). */
export function fieldColumns(mapping: ColumnMapping | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [column, field] of Object.entries(mapping ?? {})) out[field] = column;
  return out;
}

export function describeRow(r: UploadRowRecord, uploadId: string, fields: Record<string, string>, now: Date) {
  const cell = (field: string) => (r.raw ? String(r.raw[fields[field] ?? field] ?? r.raw[field] ?? '') : '');
  const orderId = r.order_id ?? cell('order_id').trim();
  const retryAt = isWaitingOnFaire(r.status, r.next_try_at) ? r.next_try_at : null;
  const waiting = retryAt !== null;
  let reason: string | null;
  if (r.status === 'INVALID') reason = (r.errors ?? []).map((e) => e.message).join('; ') || 'Invalid';
  else if (retryAt) reason = stillSending(r.last_fault, retryAt, now);
  else if (r.status === 'PENDING') reason = 'Being created on Faire';
  else if (r.status === 'SUCCESS') reason = null;
  else reason = r.error_message ?? 'Failed';
  if (r.duplicate) {
    const where =
      r.first_upload_id === uploadId && r.first_row !== null
        ? `the same order and tracking number as row ${r.first_row}`
        : 'already uploaded in an earlier file';
    reason = reason ? `${reason} (${where})` : `Not sent again: ${where}`;
  }
  return {
    row: r.row_number,
    status: r.status,
    orderId,
    displayId: r.display_id ?? reviewDisplayId(orderId),
    trackingNumber: r.tracking_number ?? cell('tracking_number').trim(),
    carrier: r.carrier ?? cell('carrier').trim(),
    reason,
    duplicate: r.duplicate,
    shipmentId: r.shipment_id,
    retryable: RETRYABLE.includes(r.status),
    waitingOnFaire: waiting,
    nextRetryAt: retryAt ? retryAt.toISOString() : null,
    nextRetryInSeconds: retryAt ? secondsUntil(retryAt, now) : null,
    lastFault: retryAt ? r.last_fault : null,
  };
}
