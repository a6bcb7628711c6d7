import ClearIcon from '@mui/icons-material/Clear';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Divider,
  InputAdornment,
  LinearProgress,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../api/request';
import { useToast } from '../notifications/toast';
import { PageHeader } from '../pages/PageHeader';
import {
  EMPTY_FILTERS,
  SHIPMENTS_PAGE_SIZE,
  useRetryShipment,
  useShipments,
  type Shipment,
  type ShipmentFilters,
} from './api';
import { useUploadSummary, type UploadSummary } from '../upload/resultsApi';
import { Pagination } from './Pagination';
import { ShipmentList } from './ShipmentList';
import { SHIPMENT_STATUSES, statusLabel } from './status';
import { UploadsCard } from './UploadsCard';

/** Search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

function hasFilters(f: ShipmentFilters): boolean {
  return !!(f.search.trim() || f.status || f.dateFrom || f.dateTo || f.uploadId);
}

function LoadingRows() {
  return (
    <Box sx={{ p: 2.5, display: 'grid', gap: 1.5 }} aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={44} />
      ))}
    </Box>
  );
}

/** The Shipment History tab: filters, the shipments of the company, retry, pagination (50 a page). */
export function ShipmentHistoryTab() {
  const toast = useToast();
  const [searchInput, setSearchInput] = useState('');
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<ShipmentFilters>(() => ({
    ...EMPTY_FILTERS,
    uploadId: params.get('upload') ?? '',
  }));
  const [uploadName, setUploadName] = useState('');
  const linkedUpload = useUploadSummary(filters.uploadId, !uploadName);
  const [page, setPage] = useState(1);
  const searchTimer = useRef<number | undefined>(undefined);
  const listTop = useRef<HTMLDivElement>(null);

  useEffect(() => () => window.clearTimeout(searchTimer.current), []);

  const query = useShipments({ ...filters, page, limit: SHIPMENTS_PAGE_SIZE });
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast({ title: 'Failed to fetch shipments', variant: 'destructive' });
  }, [isError, errorUpdatedAt, toast]);

  const retry = useRetryShipment();
  const retryingId = retry.isPending ? (retry.variables ?? null) : null;

  const changeFilter = (patch: Partial<ShipmentFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const onSearch = (value: string) => {
    setSearchInput(value);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => changeFilter({ search: value }), SEARCH_DEBOUNCE_MS);
  };

  const chooseUpload = (upload: UploadSummary | null) => {
    changeFilter({ uploadId: upload?.uploadId ?? '' });
    setUploadName(upload?.filename ?? '');
    const next = new URLSearchParams(params);
    if (upload) next.set('upload', upload.uploadId);
    else next.delete('upload');
    setParams(next, { replace: true });
  };

  const clearFilters = () => {
    window.clearTimeout(searchTimer.current);
    setSearchInput('');
    setFilters(EMPTY_FILTERS);
    setPage(1);
    if (params.has('upload')) {
      const next = new URLSearchParams(params);
      next.delete('upload');
      setParams(next, { replace: true });
    }
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

  const data = query.data;
  const total = data?.total ?? 0;
  const shipments = data?.shipments ?? [];
  const filtered = hasFilters(filters) || searchInput.trim() !== '';

  return (
    <>
      <PageHeader
        title="Shipment History"
        subtitle="Every shipment you uploaded, with its status on Faire."
      />
      <UploadsCard selectedId={filters.uploadId} onSelect={chooseUpload} />
      <Card ref={listTop}>
        <Box
          role="search"
          sx={{
            p: { xs: 2, sm: 2.5 },
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              md: 'minmax(220px, 2fr) minmax(0, 1fr) minmax(0, 1fr) minmax(170px, 1fr)',
            },
            alignItems: 'start',
          }}
        >
          <TextField
            variant="outlined"
            size="small"
            label="Search"
            placeholder="Order ID or tracking number"
            value={searchInput}
            onChange={(e) => onSearch(e.target.value)}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: {
                'aria-label': 'Search by order ID or tracking number',
                'data-testid': 'shipment-search',
              },
            }}
          />
          <TextField
            variant="outlined"
            size="small"
            type="date"
            label="Upload Date from"
            value={filters.dateFrom}
            onChange={(e) => changeFilter({ dateFrom: e.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { max: filters.dateTo || undefined, 'data-testid': 'shipment-date-from' },
            }}
          />
          <TextField
            variant="outlined"
            size="small"
            type="date"
            label="Upload Date to"
            value={filters.dateTo}
            onChange={(e) => changeFilter({ dateTo: e.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: filters.dateFrom || undefined, 'data-testid': 'shipment-date-to' },
            }}
          />
          <TextField
            variant="outlined"
            select
            size="small"
            label="Status"
            value={filters.status}
            onChange={(e) => changeFilter({ status: e.target.value })}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'shipment-status' },
            }}
          >
            <option value="">All</option>
            {SHIPMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </TextField>
        </Box>
        {filters.uploadId ? (
          <Box sx={{ px: { xs: 2, sm: 2.5 }, mt: -0.5, pb: 1.5 }}>
            <Chip
              data-testid="upload-filter"
              color="primary"
              variant="outlined"
              label={`Upload: ${uploadName || linkedUpload.data?.filename || 'selected file'} · in file order`}
              onDelete={() => chooseUpload(null)}
            />
          </Box>
        ) : null}
        {filtered ? (
          <Box sx={{ px: { xs: 2, sm: 2.5 }, mt: -1, pb: 1.5 }}>
            <Button
              size="small"
              color="inherit"
              startIcon={<ClearIcon />}
              onClick={clearFilters}
              sx={{ color: 'text.secondary' }}
            >
              Clear filters
            </Button>
          </Box>
        ) : null}
        <Divider />
        <Box sx={{ height: 3 }}>
          {query.isFetching && data ? (
            <LinearProgress sx={{ height: 3 }} aria-label="Loading shipments" />
          ) : null}
        </Box>

        {query.isError && !data ? (
          <Alert
            severity="error"
            sx={{ m: 2.5 }}
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            Failed to fetch shipments
            {errorMessage(query.error, '') ? `: ${errorMessage(query.error, '')}` : ''}
          </Alert>
        ) : query.isPending ? (
          <LoadingRows />
        ) : shipments.length === 0 ? (
          <Box sx={{ py: 8, px: 2, textAlign: 'center', color: 'text.secondary' }}>
            <InboxOutlinedIcon sx={{ fontSize: 44, color: 'text.disabled' }} aria-hidden />
            <Typography sx={{ fontWeight: 600, color: 'text.primary', mt: 1 }}>No shipments found</Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {filtered ? 'Try other filters.' : 'Shipments appear here after you upload a CSV.'}
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
              pageSize={SHIPMENTS_PAGE_SIZE}
              total={total}
              totalCapped={!!data?.totalCapped}
              onPage={(p) => {
                setPage(p);
                const top = listTop.current?.getBoundingClientRect().top ?? 0;
                if (top < 0) window.scrollTo({ top: window.scrollY + top - 16, behavior: 'smooth' });
              }}
              disabled={query.isFetching}
            />
          </>
        ) : null}
      </Card>
    </>
  );
}
