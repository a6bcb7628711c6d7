// Upload results as the server answers them, for the upload screens' tests.
import type { UploadRowView, UploadSummary } from '../upload/resultsApi';

export function summary(patch: Partial<UploadSummary>): UploadSummary {
  return {
    uploadId: 'u1',
    filename: 'shipments.csv',
    source: 'PROCESS',
    createdAt: '2026-11-25T10:00:00.000Z',
    uploadedBy: 'Ann',
    totalRows: 2,
    validRows: 2,
    invalidRows: 0,
    duplicateRows: 0,
    shipments: 2,
    staged: 0,
    success: 0,
    failed: 0,
    pending: 0,
    retryable: 0,
    byStatus: {},
    waitingOnFaire: 0,
    nextRetryAt: null,
    nextRetryInSeconds: null,
    lastFault: null,
    done: true,
    state: 'DONE',
    ...patch,
  };
}

export function issue(patch: Partial<UploadRowView>): UploadRowView {
  return {
    row: 2,
    status: 'FAILED',
    orderId: 'bo_xyz98765ab',
    displayId: '#XYZ98765AB',
    trackingNumber: '986578788855',
    carrier: 'FEDEX',
    reason: 'Failed',
    duplicate: false,
    shipmentId: 's1',
    retryable: true,
    waitingOnFaire: false,
    nextRetryAt: null,
    nextRetryInSeconds: null,
    lastFault: null,
    ...patch,
  };
}
