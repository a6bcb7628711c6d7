import type { DateOrder } from '@portal/shipment-rules';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { usePortalDataProvider } from '../api/dataProvider';
import { apiRequest } from '../api/request';
import { readBrandCurrency } from '../money/useBrandCurrency';
import type { FileReading } from './parseCsvFile';
import { invalidateShipmentData } from '../api/invalidate';

/** One upload with live counts per row of the file (`GET /api/shipments/uploads/{id}`). */
export interface UploadSummary {
  uploadId: string;
  filename: string;
  /** Who sent it: UPLOAD (a CSV file), PROCESS (reviewed rows), or a connected source (SHIPSTATION, ...). */
  source: string;
  createdAt: string;
  uploadedBy: string | null;
  totalRows: number;
  validRows: number;
  invalidRows: number;
  duplicateRows: number;
  shipments: number;
  /** Valid rows received but not yet turned into shipments (a big file, for a few seconds). */
  staged: number;
  success: number;
  /** Rows that are not SUCCESS and will not be tried again by themselves (rows with errors included). */
  failed: number;
  pending: number;
  /** Failed rows "Retry all failed" sends again. */
  retryable: number;
  byStatus: Record<string, number>;
  waitingOnFaire: number;
  nextRetryAt: string | null;
  nextRetryInSeconds: number | null;
  /** The last trouble of the rows waiting on Faire, in short ("503", "429", "timeout"). */
  lastFault?: string | null;
  done: boolean;
  state: 'DONE' | 'IN_PROGRESS';
}

/** One row of the file and what happened to it (`GET /api/shipments/uploads/{id}/rows`). */
export interface UploadRowView {
  row: number;
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
  lastFault?: string | null;
}

export interface UploadsPage {
  total: number;
  page: number;
  uploads: UploadSummary[];
}

export const UPLOADS_QUERY_KEY = ['/api/shipments/uploads'] as const;
export const uploadSummaryKey = (id: string) => [...UPLOADS_QUERY_KEY, id] as const;
export const uploadIssuesKey = (id: string) => [...UPLOADS_QUERY_KEY, id, 'rows', 'ISSUES'] as const;

/** Rows listed in the results view; a file with more problems than this links to the failed-rows CSV. */
export const ISSUE_ROWS_LIMIT = 1000;
/** Polling starts this often and slows down by half again each time nothing changed, up to the max. */
export const POLL_FIRST_MS = 1000;
export const POLL_MAX_MS = 8000;

/** The next polling delay: back to the first one when something changed, otherwise 1.5x, capped. */
export function nextPollDelay(previousMs: number | null, changed: boolean): number {
  if (previousMs === null || changed) return POLL_FIRST_MS;
  return Math.min(Math.round(previousMs * 1.5), POLL_MAX_MS);
}

export function failedCsvUrl(uploadId: string): string {
  return `/api/shipments/uploads/${encodeURIComponent(uploadId)}/failed.csv`;
}

function summarySignature(s: UploadSummary): string {
  return [s.success, s.failed, s.pending, s.staged, s.waitingOnFaire, s.duplicateRows].join('|');
}

/**
 * The summary and the non-SUCCESS rows of one upload, polled with backoff while rows are in flight:
 * every second while counts move, slowing to every 8 s while nothing changes, stopping when done.
 */
export function useUploadResults(uploadId: string | undefined) {
  const queryClient = useQueryClient();
  const poll = useRef<{ at: number; sig: string; delay: number | null }>({ at: 0, sig: '', delay: null });
  const summary = useQuery<UploadSummary>({
    queryKey: uploadSummaryKey(uploadId ?? ''),
    queryFn: () =>
      apiRequest<UploadSummary>('GET', `/api/shipments/uploads/${encodeURIComponent(uploadId ?? '')}`),
    enabled: !!uploadId,
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || query.state.status === 'error' || data.done) return false;
      const p = poll.current;
      if (query.state.dataUpdatedAt !== p.at) {
        const sig = summarySignature(data);
        poll.current = { at: query.state.dataUpdatedAt, sig, delay: nextPollDelay(p.delay, sig !== p.sig) };
      }
      return poll.current.delay ?? POLL_FIRST_MS;
    },
  });
  const issues = useQuery<{ total: number; rows: UploadRowView[] }>({
    queryKey: uploadIssuesKey(uploadId ?? ''),
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/shipments/uploads/${encodeURIComponent(uploadId ?? '')}/rows?status=ISSUES&limit=${ISSUE_ROWS_LIMIT}`,
      ),
    enabled: !!uploadId,
    staleTime: 0,
  });
  const updatedAt = summary.dataUpdatedAt;
  const refetchIssues = issues.refetch;
  const done = summary.data?.done;
  useEffect(() => {
    if (!updatedAt) return;
    void refetchIssues();
    // The history and stats follow the upload while it runs, and once more when it is done.
    void invalidateShipmentData(queryClient);
  }, [updatedAt, refetchIssues, queryClient, done]);
  return { summary, issues };
}

/** `POST /api/shipments/uploads/{id}/retry-failed`, then the upload is followed again. */
export function useRetryFailed(uploadId: string) {
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  return useMutation({
    mutationFn: () => dataProvider.retryFailedRows(uploadId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: UPLOADS_QUERY_KEY }),
        invalidateShipmentData(queryClient),
      ]),
  });
}

/** While any listed upload is in progress the list refreshes itself this often. */
export const UPLOADS_POLL_MS = 3000;

/** `GET /api/shipments/uploads?page=`: the company's uploads, newest first, refreshed while any runs. */
export function useUploads(page: number, limit: number) {
  return useQuery<UploadsPage>({
    queryKey: [...UPLOADS_QUERY_KEY, 'list', page, limit],
    queryFn: () => apiRequest<UploadsPage>('GET', `/api/shipments/uploads?page=${page}&limit=${limit}`),
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.uploads.some((u) => u.state === 'IN_PROGRESS') ? UPLOADS_POLL_MS : false,
  });
}

/** One upload's summary, read once (the history names the upload it is filtered to). */
export function useUploadSummary(uploadId: string, enabled: boolean) {
  return useQuery<UploadSummary>({
    queryKey: uploadSummaryKey(uploadId),
    queryFn: () => apiRequest<UploadSummary>('GET', `/api/shipments/uploads/${encodeURIComponent(uploadId)}`),
    enabled: enabled && !!uploadId,
  });
}

export interface UploadReadiness {
  canProcess: boolean;
  reason: string | null;
  /** How the company's files are read: costs in this currency (USD without a connection). */
  currency?: string;
  /** The brand's locale ('en-GB'), whose date order reads a file whose dates do not settle it. */
  locale?: string | null;
  /** The date order the company's earlier files settled. */
  dateOrder?: DateOrder | null;
}

export const READINESS_QUERY_KEY = [...UPLOADS_QUERY_KEY, 'readiness'] as const;
const fetchReadiness = () => apiRequest<UploadReadiness>('GET', '/api/shipments/uploads/readiness');

/** `GET /api/shipments/uploads/readiness`: whether rows sent now can be created on Faire. */
export function useUploadReadiness() {
  return useQuery<UploadReadiness>({ queryKey: READINESS_QUERY_KEY, queryFn: fetchReadiness, staleTime: 0 });
}

/**
 * How the company's files are read, asked again before each file is checked (the remembered date order
 * changes with the last upload): the brand's currency, the remembered date order, the brand's locale.
 */
export async function readFileReading(client: QueryClient): Promise<FileReading> {
  try {
    const r = await client.fetchQuery({
      queryKey: READINESS_QUERY_KEY,
      queryFn: fetchReadiness,
      staleTime: 0,
    });
    return {
      currency: r.currency ?? (await readBrandCurrency(client)),
      dateOrder: { remembered: r.dateOrder ?? null, locale: r.locale ?? null },
    };
  } catch {
    return { currency: await readBrandCurrency(client) };
  }
}
