/** The shipment list's shapes and its query string: plain data, read by the data provider and the screens. */

export interface Shipment {
  id: string;
  uploadId?: string;
  /** The row of its file (the header is row 1). */
  rowNumber?: number;
  orderId: string;
  displayId: string;
  trackingNumber: string;
  carrier: string;
  /** 'YYYY-MM-DD'. */
  shipDate: string | null;
  /** Integer cents. */
  shippingCost: number | null;
  /** ISO-4217 currency of the cost: the brand's (the one it was sent to Faire in). */
  currency?: string;
  /** The Faire brand the shipment was sent to. */
  brandName?: string | null;
  uploadedAt: string;
  /** Where it came from: `UPLOAD` (a CSV file), `PROCESS` (reviewed rows), `SHIPSTATION`, ... */
  source?: string;
  /** Every source that reported it, the first one first (a file and ShipStation: one shipment). */
  sources?: string[];
  /** The name of the file it came in (its first source's), or the source's own name ("ShipStation"). */
  sourceName?: string | null;
  /** Costs another source reported later for it, other than the one Faire got (the first report's). */
  laterCosts?: number[];
  status: string;
  errorMessage: string | null;
}

export interface ShipmentFilters {
  search: string;
  status: string;
  /** 'YYYY-MM-DD' or ''. */
  dateFrom: string;
  dateTo: string;
  /** One upload's shipments, in file order ('' for all). */
  uploadId: string;
  /** Where the shipments came from (`UPLOAD`, `PROCESS`, `SHIPSTATION`, ...; '' for all). */
  source: string;
}

interface ShipmentListParams extends ShipmentFilters {
  page: number;
  limit: number;
}

/** While any shown shipment is PENDING the history refreshes itself this often. */
export const HISTORY_POLL_MS = 3000;

/** `GET /api/shipments?...` with empty values left out. */
export function shipmentsUrl(params: ShipmentListParams): string {
  const query = new URLSearchParams();
  query.set('page', String(params.page));
  query.set('limit', String(params.limit));
  const search = params.search.trim();
  if (search) query.set('search', search);
  if (params.status) query.set('status', params.status);
  if (params.dateFrom) query.set('dateFrom', params.dateFrom);
  if (params.dateTo) query.set('dateTo', params.dateTo);
  if (params.uploadId) query.set('uploadId', params.uploadId);
  if (params.source) query.set('source', params.source);
  // Upload dates are days on the viewer's calendar, not UTC days.
  if (params.dateFrom || params.dateTo) query.set('timeZone', browserTimeZone());
  return `/api/shipments?${query.toString()}`;
}

export interface RetryResult {
  success: boolean;
  status?: string;
  error?: string | null;
}

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
