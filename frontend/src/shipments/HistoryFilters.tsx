import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Chip, InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListFilterContext } from 'react-admin';
import { shipmentFiltersOf } from './provider';
import type { ShipmentFilters } from './api';
import { useSourceKinds } from '../integrations';
import { sourceFilterChoices } from '../shared/sources';
import { SHIPMENT_STATUSES, statusLabel } from '../shared/shipmentStatus';

/** Search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The filters the history keeps in the URL (`filter=`); the chosen upload travels as `upload=`. */
type UrlFilters = Omit<ShipmentFilters, 'uploadId'>;

const compact = (f: Partial<UrlFilters>): Partial<UrlFilters> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));

/**
 * Search (order ID, tracking number), Upload Date from/to, Status and Source, read from and written to the
 * list's filters, so a filtered history is a link that can be bookmarked and shared.
 */
export function HistoryFilters({
  uploadLabel,
  onClearUpload,
  onClearAll,
}: {
  /** The chip of the chosen upload, or null when none is chosen. */
  uploadLabel: string | null;
  onClearUpload: () => void;
  onClearAll: () => void;
}) {
  const { filterValues, setFilters } = useListFilterContext() as {
    filterValues: Record<string, unknown>;
    setFilters: (filters: Record<string, string>, displayed: undefined, debounce: boolean) => void;
  };
  const fromUrl = shipmentFiltersOf(filterValues);
  const sourceKinds = useSourceKinds();
  // The filters as last asked for: two changes before the URL catches up both count.
  const [filters, setLocal] = useState<UrlFilters>(fromUrl);
  const urlKey = JSON.stringify(compact(fromUrl));
  useEffect(() => setLocal(shipmentFiltersOf(JSON.parse(urlKey) as Record<string, unknown>)), [urlKey]);
  // Typing shows at once; the list follows SEARCH_DEBOUNCE_MS after the last keystroke.
  const searchTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(searchTimer.current), []);

  const apply = (next: UrlFilters, delay: number) => {
    setLocal(next);
    window.clearTimeout(searchTimer.current);
    const send = () => setFilters(compact(next), undefined, false);
    if (delay > 0) searchTimer.current = window.setTimeout(send, delay);
    else send();
  };
  const change = (patch: Partial<UrlFilters>) => apply({ ...filters, ...patch }, 0);
  const onSearch = (value: string) => apply({ ...filters, search: value }, SEARCH_DEBOUNCE_MS);
  const search = filters.search;

  const filtered =
    !!(filters.search.trim() || filters.status || filters.dateFrom || filters.dateTo || filters.source) ||
    uploadLabel !== null;

  return (
    <>
      <Box
        role="search"
        sx={{
          p: { xs: 2, sm: 2.5 },
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'minmax(200px, 2fr) repeat(2, minmax(0, 1fr)) repeat(2, minmax(150px, 1fr))',
          },
          alignItems: 'start',
        }}
      >
        <TextField
          variant="outlined"
          size="small"
          label="Search"
          placeholder="Order ID or tracking number"
          value={search}
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
          onChange={(e) => change({ dateFrom: e.target.value })}
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
          onChange={(e) => change({ dateTo: e.target.value })}
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
          onChange={(e) => change({ status: e.target.value })}
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
        <TextField
          variant="outlined"
          select
          size="small"
          label="Source"
          value={filters.source}
          onChange={(e) => change({ source: e.target.value })}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'shipment-source-filter' },
          }}
        >
          <option value="">All</option>
          {sourceFilterChoices(sourceKinds, filters.source).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </TextField>
      </Box>
      {uploadLabel !== null ? (
        <Box sx={{ px: { xs: 2, sm: 2.5 }, mt: -0.5, pb: 1.5 }}>
          <Chip
            data-testid="upload-filter"
            color="primary"
            variant="outlined"
            label={`Upload: ${uploadLabel} · in file order`}
            onDelete={onClearUpload}
          />
        </Box>
      ) : null}
      {filtered ? (
        <Box sx={{ px: { xs: 2, sm: 2.5 }, mt: -1, pb: 1.5 }}>
          <Button
            size="small"
            color="inherit"
            startIcon={<ClearIcon />}
            onClick={() => {
              window.clearTimeout(searchTimer.current);
              setLocal({ search: '', status: '', dateFrom: '', dateTo: '', source: '' });
              onClearAll();
            }}
            sx={{ color: 'text.secondary' }}
          >
            Clear filters
          </Button>
        </Box>
      ) : null}
    </>
  );
}
