// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `shipments` routes use. */
export interface ShipmentsSchemas {
  UploadReadinessView: {
    /** Rows sent now can be created on Faire */
    canProcess: boolean;
    /** Why not, naming who can fix it */
    reason: string | null;
    connection: 'CONNECTED' | 'FAILED' | 'NOT_CONNECTED';
    /** The costs of the company's files are read in this currency (USD without a brand) */
    currency: string;
    /** The brand's locale, whose date order reads unsettled dates */
    locale: string | null;
    /** The date order the company's earlier files settled */
    dateOrder: 'day-first' | 'month-first' | null;
  };
  UploadSummaryView: {
    uploadId: string;
    filename: string;
    /** UPLOAD: the file (Reading A); PROCESS: reviewed rows; else the source that reported them (e.g. SHIPSTATION) */
    source: string;
    createdAt: string;
    uploadedBy: string | null;
    totalRows: number;
    validRows: number;
    invalidRows: number;
    duplicateRows: number;
    /** Shipments made from this upload's rows */
    shipments: number;
    /** Valid rows not yet turned into shipments */
    staged: number;
    success: number;
    /** Rows not SUCCESS that will not be tried again by themselves */
    failed: number;
    pending: number;
    /** Failed rows "Retry all failed" would send again */
    retryable: number;
    byStatus: Record<string, number>;
    /** Rows waiting for their next try while Faire has trouble */
    waitingOnFaire: number;
    nextRetryAt: string | null;
    nextRetryInSeconds: number | null;
    lastFault: string | null;
    done: boolean;
    state: 'DONE' | 'IN_PROGRESS';
  };
  UploadsPageView: {
    total: number;
    page: number;
    uploads: components['schemas']['UploadSummaryView'][];
  };
  UploadRowView: {
    row: number;
    /** A shipment status, or INVALID */
    status: string;
    orderId: string;
    displayId: string;
    trackingNumber: string;
    carrier: string;
    reason: string | null;
    duplicate: boolean;
    shipmentId: string | null;
    retryable: boolean;
    waitingOnFaire: boolean;
    nextRetryAt: string | null;
    nextRetryInSeconds: number | null;
    lastFault: string | null;
  };
  UploadRowsView: {
    total: number;
    rows: components['schemas']['UploadRowView'][];
  };
  RetriedView: {
    /** Rows sent again */
    retried: number;
  };
  OrderCheckItemDto: {
    orderId: string;
    trackingNumber: string;
  };
  OrderCheckDto: {
    rows: components['schemas']['OrderCheckItemDto'][];
    /** Ask Faire for orders the sync has not stored yet (at most 10 a call, on the brand's rate limit) */
    lookUp?: boolean;
  };
  OrderCheckRowView: {
    orderId: string;
    trackingNumber: string;
    /** Among the company's orders (synced, or found on Faire just now) */
    known: boolean;
    /** Where the order was found: stored by a sync, found on Faire by this check, not on Faire (Faire said so), or not checked yet */
    checked: 'STORED' | 'FOUND_ON_FAIRE' | 'NOT_ON_FAIRE' | 'NOT_CHECKED';
    state: string | null;
    trackingAlreadyThere: boolean;
    cannotSucceed: boolean;
    warning: string | null;
  };
  OrderCheckView: {
    lastSyncAt: string | null;
    rows: components['schemas']['OrderCheckRowView'][];
  };
  UploadPreviewRowView: {
    /** Spreadsheet row number (the header is row 1) */
    row: number;
    order_id: string;
    displayId: string;
    tracking_number: string;
    carrier: string;
    ship_date: string;
    /** ISO ship date, for valid rows */
    shipDate?: string;
    /** '$12.50' for valid rows; the cell as written for invalid ones */
    shipping_cost: string;
    /** The row's error messages, for invalid rows */
    validation?: string;
    warnings: string[];
  };
  UploadPreviewView: {
    valid: components['schemas']['UploadPreviewRowView'][];
    invalid: components['schemas']['UploadPreviewRowView'][];
  };
  UploadAnswerView: {
    uploadId: string;
    filename: string;
    totalRows: number;
    validRows: number;
    invalidRows: number;
    duplicateRows: number;
    /** Rows queued for Faire */
    queued: number;
    /** Present when the queue was away: the rows are saved and sent once it is back */
    queueUnavailable?: true;
    /** Present when the queue was away: the rows are saved and sent once it is back */
    notice?: string;
    /** The file's text encoding as read */
    encoding: string;
    /** The company's saved column mapping for these headers was used */
    savedMappingApplied: boolean;
    /** How the file was read: its date order, its cost column */
    notes: string[];
    preview: components['schemas']['UploadPreviewView'];
  };
  ProcessItemDto: {
    /** The row's number in the reviewed file (header = row 1) */
    row?: number;
    orderId: string;
    trackingNumber: string;
    carrier: string;
    /** ISO date or date-time */
    shipDate: string;
    /** Shipping cost in integer cents */
    shippingCost: number;
    /** The row's cells as written (a fixed cell as fixed), as JSON text (an array of strings), sent with `layout` */
    cells?: string;
  };
  ReviewedInvalidRowDto: {
    /** The row's number in the reviewed file (header = row 1) */
    row: number;
    /** The errors the review showed for the row, joined by "; " */
    error: string;
    orderId?: string;
    trackingNumber?: string;
    carrier?: string;
    shipDate?: string;
    shippingCost?: string;
    /** The row's cells as written, as JSON text (an array of strings), sent with `layout` */
    cells?: string;
  };
  FileLayoutDto: {
    bom: boolean;
    /** The header row's cells as written, as JSON text (an array of strings) */
    header: string;
    lineEnding: '\r\n' | '\n' | '\r';
    delimiter: ',' | ';' | '\t';
    encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
  };
  ProcessShipmentsDto: {
    shipments: components['schemas']['ProcessItemDto'][];
    fileName?: string;
    /** The rows the review showed with errors, not fixed: stored with the upload (never sent to Faire), so its results and failed rows file have them */
    invalidRows?: components['schemas']['ReviewedInvalidRowDto'][];
    /** How the reviewed file was written, sent with each row's `cells` (decision 0032) */
    layout?: components['schemas']['FileLayoutDto'];
    /** The reviewed file's headers, sent with `columnMapping`: the mapping is remembered for files with these headers */
    headers?: string[];
    /** The column mapping the reviewed file was read with (CSV column -> field) */
    columnMapping?: Record<string, string>;
    /** The date order the reviewed file's own dates settled: remembered for the next file */
    dateOrder?: 'day-first' | 'month-first';
  };
  ProcessResultView: {
    orderId: string;
    trackingNumber: string;
    shipmentId?: string | null;
    status: 'SUCCESS' | 'PENDING' | 'ORDER_NOT_FOUND' | 'ORDER_STATUS_INCORRECT' | 'FAILED' | 'INVALID';
    error: string | null;
  };
  ProcessAnswerView: {
    uploadId: string;
    results: components['schemas']['ProcessResultView'][];
    /** Present when the queue was away: the rows are saved and sent once it is back */
    queueUnavailable?: true;
    /** Present when the queue was away: the rows are saved and sent once it is back */
    notice?: string;
  };
  ShipmentHistoryRowView: {
    id: string;
    uploadId: string;
    rowNumber: number;
    orderId: string;
    displayId: string;
    trackingNumber: string;
    carrier: string;
    shipDate: string;
    /** Integer cents */
    shippingCost: number;
    /** The currency the cost was sent to Faire in */
    currency: string;
    /** The Faire brand it was sent to (null until it was) */
    brandName: string | null;
    uploadedAt: string;
    /** Where it came from first: UPLOAD (a file), PROCESS (reviewed rows), SHIPSTATION, ... */
    source: string;
    /** The file's name, or the source's own name */
    sourceName: string | null;
    /** Every source that reported it, the first one first */
    sources: string[];
    /** Costs (cents) other sources reported later, other than the one sent */
    laterCosts: number[];
    status: 'SUCCESS' | 'PENDING' | 'ORDER_NOT_FOUND' | 'ORDER_STATUS_INCORRECT' | 'FAILED';
    errorMessage: string | null;
  };
  ShipmentHistoryView: {
    total: number;
    /** The count stopped at its cap */
    totalCapped?: true;
    shipments: components['schemas']['ShipmentHistoryRowView'][];
  };
  RetryAnswerView: {
    success: boolean;
    status: 'SUCCESS' | 'PENDING' | 'ORDER_NOT_FOUND' | 'ORDER_STATUS_INCORRECT' | 'FAILED';
    error: string | null;
  };
}

/** The `shipments` routes. */
export interface ShipmentsPaths {
  '/api/shipments/uploads/readiness': {
    get: { response: components['schemas']['UploadReadinessView'] };
  };
  '/api/shipments/uploads': {
    get: { response: components['schemas']['UploadsPageView'] };
  };
  '/api/shipments/uploads/{uploadId}': {
    get: { response: components['schemas']['UploadSummaryView'] };
  };
  '/api/shipments/uploads/{uploadId}/rows': {
    get: { response: components['schemas']['UploadRowsView'] };
  };
  '/api/shipments/uploads/{uploadId}/failed.csv': {
    get: { response: void };
  };
  '/api/shipments/uploads/{uploadId}/retry-failed': {
    post: { response: components['schemas']['RetriedView'] };
  };
  '/api/shipments/order-check': {
    post: { response: components['schemas']['OrderCheckView']; body: components['schemas']['OrderCheckDto'] };
  };
  '/api/shipments/upload': {
    post: {
      response: components['schemas']['UploadAnswerView'];
      body: {
        csv?: Blob;
        columnMapping?: string;
      };
    };
  };
  '/api/shipments/process': {
    post: {
      response: components['schemas']['ProcessAnswerView'];
      body: components['schemas']['ProcessShipmentsDto'];
    };
  };
  '/api/shipments': {
    get: { response: components['schemas']['ShipmentHistoryView'] };
  };
  '/api/shipments/{id}/retry': {
    post: { response: components['schemas']['RetryAnswerView'] };
  };
}
