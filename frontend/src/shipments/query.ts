/** The shipment list's shapes and its query string: plain data, read by the data provider and the screens. */
import type { Schema } from '../api/schema';

/** One shipment of the history (`GET /api/shipments`), as the API's contract says (docs/openapi.json). */
export type Shipment = Schema<'ShipmentHistoryRowView'>;

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

/** What retrying one shipment answers. */
export type RetryResult = Schema<'RetryAnswerView'>;

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
