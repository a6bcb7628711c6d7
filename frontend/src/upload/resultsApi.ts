import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useUploadActions, type UploadActions } from './provider';
import type { Schema } from '../api/schema';
import type { ConnectActions } from '../connect';
import { readBrandCurrency } from '../connect';
import type { FileReading } from './parseCsvFile';
import { invalidateShipmentData } from '../api/invalidate';

/** One upload with live counts per row of the file (`GET /api/shipments/uploads/{id}`). */
export type UploadSummary = Schema<'UploadSummaryView'>;

/** One row of the file and what happened to it (`GET /api/shipments/uploads/{id}/rows`). */
export type UploadRowView = Schema<'UploadRowView'>;

export type UploadsPage = Schema<'UploadsPageView'>;

export const UPLOADS_QUERY_KEY = ['/api/shipments/uploads'] as const;
export const uploadSummaryKey = (id: string) => [...UPLOADS_QUERY_KEY, id] as const;
export const uploadIssuesKey = (id: string) => [...UPLOADS_QUERY_KEY, id, 'rows', 'ISSUES'] as const;

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
  const dataProvider = useUploadActions();
  const poll = useRef<{ at: number; sig: string; delay: number | null }>({ at: 0, sig: '', delay: null });
  const summary = useQuery({
    queryKey: uploadSummaryKey(uploadId ?? ''),
    queryFn: () => dataProvider.getUpload(uploadId ?? ''),
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
  const issues = useQuery({
    queryKey: uploadIssuesKey(uploadId ?? ''),
    queryFn: () => dataProvider.getUploadIssues(uploadId ?? ''),
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
  const dataProvider = useUploadActions();
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
  const dataProvider = useUploadActions();
  return useQuery({
    queryKey: [...UPLOADS_QUERY_KEY, 'list', page, limit],
    queryFn: () => dataProvider.getUploads(page, limit),
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.uploads.some((u) => u.state === 'IN_PROGRESS') ? UPLOADS_POLL_MS : false,
  });
}

/** One upload's summary, read once (the history names the upload it is filtered to). */
export function useUploadSummary(uploadId: string, enabled: boolean) {
  const dataProvider = useUploadActions();
  return useQuery({
    queryKey: uploadSummaryKey(uploadId),
    queryFn: () => dataProvider.getUpload(uploadId),
    enabled: enabled && !!uploadId,
  });
}

/** Whether rows sent now can be created on Faire, and how the company's files are read. */
export type UploadReadiness = Schema<'UploadReadinessView'>;

export const READINESS_QUERY_KEY = [...UPLOADS_QUERY_KEY, 'readiness'] as const;
/** `GET /api/shipments/uploads/readiness`: whether rows sent now can be created on Faire. */
export function useUploadReadiness() {
  const dataProvider = useUploadActions();
  return useQuery({
    queryKey: READINESS_QUERY_KEY,
    queryFn: () => dataProvider.getUploadReadiness(),
    staleTime: 0,
  });
}

/**
 * How the company's files are read, asked again before each file is checked (the remembered date order
 * changes with the last upload): the brand's currency, the remembered date order, the brand's locale.
 */
export async function readFileReading(
  client: QueryClient,
  dataProvider: UploadActions & ConnectActions,
): Promise<FileReading> {
  try {
    const r = await client.fetchQuery({
      queryKey: READINESS_QUERY_KEY,
      queryFn: () => dataProvider.getUploadReadiness(),
      staleTime: 0,
    });
    return { currency: r.currency, dateOrder: { remembered: r.dateOrder, locale: r.locale } };
  } catch {
    return { currency: await readBrandCurrency(client, dataProvider) };
  }
}
