import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { Alert, Box, Button, Card, Divider, LinearProgress, Skeleton, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { ListBase, useListContext } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { shipmentFiltersOf, type ShipmentsMeta } from './provider';
import { errorMessage } from '../api/request';
import { useToast } from '../notifications/toast';
import { PageHeader } from '../pages/PageHeader';
import { WaitingItems } from '../integrations';
import { useUploadSummary, type UploadSummary } from '../upload';
import { UploadResultsView } from '../upload';
import { HISTORY_POLL_MS, SHIPMENTS_PAGE_SIZE, useRetryShipment, type Shipment } from './api';
import { HistoryFilters } from './HistoryFilters';
import { Pagination } from './Pagination';
import { ShipmentList } from './ShipmentList';
import { UploadsCard } from './UploadsCard';
import { connectorNames } from '../connectors/registry';
import { iconSizes } from '../theme/typography';

export { SEARCH_DEBOUNCE_MS } from './HistoryFilters';

function LoadingRows() {
  return (
    <Box sx={{ p: 2.5, display: 'grid', gap: 1.5 }} aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={44} />
      ))}
    </Box>
  );
}

/**
 * The Shipment History tab: the company's shipments as a react-admin list of the `shipments`
 * resource, 50 a page. Its filters and page live in the URL (`?tab=history&filter=...&page=2`), and
 * the upload chosen in the uploads card as `upload=`, so a filtered history can be bookmarked.
 */
export function ShipmentHistoryTab() {
  const toast = useToast();
  const [params] = useSearchParams();
  const uploadId = params.get('upload') ?? '';
  return (
    <>
      <PageHeader
        title="Shipment History"
        subtitle="Every shipment, from your files and connected sources, with its status on Faire."
      />
      <ListBase<Shipment>
        resource="shipments"
        perPage={SHIPMENTS_PAGE_SIZE}
        storeKey={false}
        filter={uploadId ? { uploadId } : undefined}
        queryOptions={{
          // While any shown shipment is PENDING the history refreshes itself.
          refetchInterval: (q) =>
            q.state.data?.data.some((s) => s.status === 'PENDING') ? HISTORY_POLL_MS : false,
          onError: () => toast({ title: 'Failed to fetch shipments', variant: 'destructive' }),
        }}
      >
        <HistoryBody uploadId={uploadId} />
      </ListBase>
    </>
  );
}

function HistoryBody({ uploadId }: { uploadId: string }) {
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const list = useListContext<Shipment>();
  const [uploadName, setUploadName] = useState('');
  const linkedUpload = useUploadSummary(uploadId, !uploadName);
  const listTop = useRef<HTMLDivElement>(null);

  const retry = useRetryShipment();
  const retryingId = retry.isPending ? (retry.variables ?? null) : null;

  // The results view of one upload (`?results=`), reopened from the uploads list at any time.
  const resultsId = params.get('results') ?? '';
  const resultsFor = useUploadSummary(resultsId, !!resultsId);
  const openResults = (upload: UploadSummary) => {
    const next = new URLSearchParams(params);
    next.set('results', upload.uploadId);
    setParams(next);
  };
  const closeResults = () => {
    const next = new URLSearchParams(params);
    next.delete('results');
    setParams(next, { replace: true });
  };

  const chooseUpload = (upload: UploadSummary | null) => {
    setUploadName(upload?.filename ?? '');
    const next = new URLSearchParams(params);
    if (upload) next.set('upload', upload.uploadId);
    else next.delete('upload');
    next.delete('page');
    next.delete('results');
    setParams(next, { replace: true });
  };

  const clearFilters = () => {
    setUploadName('');
    const next = new URLSearchParams();
    const tab = params.get('tab');
    if (tab) next.set('tab', tab);
    setParams(next, { replace: true });
  };

  const onRetry = (shipment: Shipment) => {
    retry.mutate(shipment.id, {
      onSuccess: (res) => {
        if (res?.success) {
          toast({ title: 'Shipment retry successful!', variant: 'success' });
        } else if (res?.status === 'PENDING') {
          toast({
            title: 'Retry in progress',
            description: res.error || 'The history will show the result shortly',
          });
        } else {
          toast({
            title: 'Retry Failed',
            description: res?.error || 'Failed to create shipment',
            variant: 'destructive',
          });
        }
      },
      onError: () =>
        toast({ title: 'Error', description: 'Failed to retry shipment', variant: 'destructive' }),
    });
  };

  const { data, total = 0, page, perPage, setPage, isPending, isFetching, error, refetch } = list;
  const shipments = data ?? [];
  const meta = list.meta as ShipmentsMeta | undefined;
  const filterValues = list.filterValues as Record<string, unknown>;
  const filtered = Object.keys(filterValues).length > 0 || !!uploadId;
  // Items still in their grace period are no shipments yet: shown unless a filter only shipments have
  // (a status, an upload date, an upload) is set.
  const { search, source, status, dateFrom, dateTo } = shipmentFiltersOf(filterValues);
  const showWaiting = !uploadId && !status && !dateFrom && !dateTo;

  return (
    <>
      {showWaiting ? <WaitingItems filter={{ source, search }} /> : null}
      <UploadsCard selectedId={uploadId} onSelect={chooseUpload} onOpenResults={openResults} />
      {resultsId ? (
        <UploadResultsView
          key={resultsId}
          uploadId={resultsId}
          fileName={resultsFor.data?.filename ?? ''}
          onClose={closeResults}
          onViewHistory={(id) => {
            // The shipments of this upload, in file order, below the list.
            setUploadName(resultsFor.data?.filename ?? '');
            const next = new URLSearchParams(params);
            next.set('upload', id);
            next.delete('page');
            next.delete('results');
            setParams(next, { replace: true });
          }}
        />
      ) : null}
      <Card ref={listTop}>
        <HistoryFilters
          uploadLabel={uploadId ? uploadName || linkedUpload.data?.filename || 'selected file' : null}
          onClearUpload={() => chooseUpload(null)}
          onClearAll={clearFilters}
        />
        <Divider />
        <Box sx={{ height: 3 }}>
          {isFetching && data ? <LinearProgress sx={{ height: 3 }} aria-label="Loading shipments" /> : null}
        </Box>

        {error && !data ? (
          <Alert
            severity="error"
            sx={{ m: 2.5 }}
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Retry
              </Button>
            }
          >
            Failed to fetch shipments
            {errorMessage(error, '') ? `: ${errorMessage(error, '')}` : ''}
          </Alert>
        ) : isPending ? (
          <LoadingRows />
        ) : shipments.length === 0 ? (
          <Box sx={{ py: 8, px: 2, textAlign: 'center', color: 'text.secondary' }}>
            <InboxOutlinedIcon sx={{ fontSize: iconSizes.empty, color: 'text.disabled' }} aria-hidden />
            <Typography sx={{ fontWeight: 600, color: 'text.primary', mt: 1 }}>No shipments found</Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {filtered
                ? 'Try other filters.'
                : `Shipments appear here after you upload a CSV, or connect ${connectorNames()} in Settings.`}
            </Typography>
          </Box>
        ) : (
          <ShipmentList shipments={shipments} retryingId={retryingId} onRetry={onRetry} />
        )}

        {total > 0 ? (
          <>
            <Divider />
            <Pagination
              page={page}
              pageSize={perPage}
              total={total}
              totalCapped={!!meta?.totalCapped}
              onPage={(p) => {
                setPage(p);
                const top = listTop.current?.getBoundingClientRect().top ?? 0;
                if (top < 0) window.scrollTo({ top: window.scrollY + top - 16, behavior: 'smooth' });
              }}
              disabled={isFetching}
            />
          </>
        ) : null}
      </Card>
    </>
  );
}
