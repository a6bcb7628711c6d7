import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Typography } from '@mui/material';
import { pageCount, pageWindow, showingText } from './pagination';
import { fontSizes } from '../theme/typography';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  totalCapped?: boolean;
  onPage: (page: number) => void;
  disabled?: boolean;
}

/** 'Showing X to Y of Z', up to five numbered pages around the current one, previous and next. */
export function Pagination({
  page,
  pageSize,
  total,
  totalCapped = false,
  onPage,
  disabled = false,
}: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const numbers = pageWindow(page, pages);
  return (
    <Box
      component="nav"
      aria-label="Pagination"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        px: { xs: 2, sm: 2.5 },
        py: 1.75,
      }}
    >
      <Typography data-testid="pagination-summary" sx={{ fontSize: fontSizes.cell, color: 'text.secondary' }}>
        {showingText(page, pageSize, total, totalCapped)}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton
          size="small"
          aria-label="Previous page"
          disabled={disabled || page <= 1}
          onClick={() => onPage(page - 1)}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}
        >
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
        {numbers.map((p) => {
          const current = p === page;
          return (
            <Button
              key={p}
              size="small"
              variant={current ? 'contained' : 'text'}
              color={current ? 'primary' : 'inherit'}
              aria-label={`Page ${p}`}
              aria-current={current ? 'page' : undefined}
              disabled={disabled && !current}
              onClick={() => {
                if (!current) onPage(p);
              }}
              sx={{ minWidth: 36, height: 34, px: 1, fontVariantNumeric: 'tabular-nums' }}
            >
              {p}
            </Button>
          );
        })}
        <IconButton
          size="small"
          aria-label="Next page"
          disabled={disabled || page >= pages}
          onClick={() => onPage(page + 1)}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}
        >
          <ChevronRightIcon fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
}
