import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Box,
  Button,
  Card,
  Chip,
  Skeleton,
  TableCell,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { isFileSource, sourceName } from '../shared/sources';
import { useUploads, type UploadSummary } from '../upload';
import { TableShell } from '../shared/TableShell';
import { colors, tint } from '../theme/tokens';
import { SourceTag } from '../shared/SourceLabel';
import { fontSizes, iconSizes } from '../theme/typography';

/** Uploads per page of the list. */
export const UPLOADS_PAGE_SIZE = 5;

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const n = (v: number) => v.toLocaleString('en-US');
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** A file's name; a batch a connected source sent reads as its source's tag (ShipStation). */
function UploadName({ u }: { u: UploadSummary }) {
  return isFileSource(u.source) ? <>{u.filename}</> : <SourceTag kind={u.source} name={u.filename} />;
}

/** Who sent it: the person, or the connected source that did. */
function sender(u: UploadSummary, unknown: string): string {
  return u.uploadedBy ?? (isFileSource(u.source) ? unknown : sourceName(u.source));
}

function StateChip({ u }: { u: UploadSummary }) {
  const inProgress = u.state === 'IN_PROGRESS';
  const failed = u.failed > 0;
  return (
    <Chip
      size="small"
      label={inProgress ? 'In progress' : failed ? 'Done, with failures' : 'Done'}
      sx={{
        fontWeight: 600,
        fontSize: fontSizes.caption,
        height: 24,
        bgcolor: inProgress ? tint('info', 0.11) : failed ? tint('error', 0.11) : tint('success', 0.12),
        color: inProgress ? colors.infoText : failed ? colors.errorText : colors.successText,
      }}
    />
  );
}

export interface UploadsCardProps {
  selectedId: string;
  onSelect: (upload: UploadSummary | null) => void;
  /** Opens the upload's results view (its rows' reasons, Retry all failed, Download failed rows). */
  onOpenResults: (upload: UploadSummary) => void;
}

function ResultsButton({ u, onOpen }: { u: UploadSummary; onOpen: (u: UploadSummary) => void }) {
  return (
    <Button
      size="small"
      variant="outlined"
      data-testid={`upload-results-${u.uploadId}`}
      aria-label={`Results of ${u.filename}`}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(u);
      }}
      sx={{ whiteSpace: 'nowrap', py: 0.25 }}
    >
      Results
    </Button>
  );
}

/** The company's uploads, newest first: who, when, rows and outcomes; choosing one filters the history. */
export function UploadsCard({ selectedId, onSelect, onOpenResults }: UploadsCardProps) {
  const [page, setPage] = useState(1);
  const query = useUploads(page, UPLOADS_PAGE_SIZE);
  const uploads = query.data?.uploads ?? [];
  const isPhone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / UPLOADS_PAGE_SIZE));
  if (query.isError || (query.isSuccess && total === 0)) return null;

  const select = (u: UploadSummary) => onSelect(u.uploadId === selectedId ? null : u);
  const cell = {
    fontSize: fontSizes.compact,
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  } as const;

  return (
    <Card component="section" aria-label="Uploads" sx={{ mb: 2.5 }}>
      <Box sx={{ px: { xs: 2, sm: 2.5 }, pt: 2, pb: 1.25, display: 'flex', alignItems: 'center', gap: 1 }}>
        <UploadFileOutlinedIcon sx={{ fontSize: iconSizes.large, color: 'primary.main' }} aria-hidden />
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: fontSizes.lead, flex: 1 }}>
          Uploads
        </Typography>
        <Typography sx={{ fontSize: fontSizes.small, color: 'text.secondary' }}>
          Choose one to see its rows in file order, or open its results
        </Typography>
      </Box>
      {query.isPending ? (
        <Box sx={{ px: 2.5, pb: 2 }}>
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : isPhone ? (
        <Box
          component="ul"
          aria-label="Uploads list"
          sx={{ listStyle: 'none', m: 0, px: 2, pb: 1, display: 'grid', gap: 1 }}
        >
          {uploads.map((u) => (
            <Box component="li" key={u.uploadId}>
              <Box
                component="button"
                type="button"
                aria-pressed={u.uploadId === selectedId}
                data-testid={`upload-${u.uploadId}`}
                onClick={() => select(u)}
                sx={{
                  width: '100%',
                  textAlign: 'left',
                  font: 'inherit',
                  p: 1.5,
                  borderRadius: 2,
                  cursor: 'pointer',
                  border: 1,
                  borderColor: u.uploadId === selectedId ? 'primary.main' : 'divider',
                  bgcolor: u.uploadId === selectedId ? tint('ink', 0.06) : 'background.paper',
                }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body, overflowWrap: 'anywhere' }}>
                    <UploadName u={u} />
                  </Typography>
                  <StateChip u={u} />
                </Box>
                <Typography sx={{ fontSize: fontSizes.small, color: 'text.secondary', mt: 0.5 }}>
                  {sender(u, 'Someone')} · {when(u.createdAt)} · {n(u.totalRows)}{' '}
                  {u.totalRows === 1 ? 'row' : 'rows'}
                </Typography>
                <Typography sx={{ fontSize: fontSizes.small, mt: 0.5 }}>
                  {n(u.success)} succeeded · {n(u.failed)} failed · {n(u.pending)} pending
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.75 }}>
                <ResultsButton u={u} onOpen={onOpenResults} />
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <TableShell
          label="Uploads list"
          size="small"
          head="plain"
          headSx={cell}
          columns={[
            { label: 'File' },
            { label: 'Uploaded by' },
            { label: 'When' },
            { label: 'Rows', align: 'right' },
            { label: 'Succeeded', align: 'right' },
            { label: 'Failed', align: 'right' },
            { label: 'Pending', align: 'right' },
            { label: 'State' },
            {
              key: 'actions',
              label: (
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              ),
            },
          ]}
        >
          {uploads.map((u) => (
            <TableRow
              key={u.uploadId}
              hover
              selected={u.uploadId === selectedId}
              data-testid={`upload-${u.uploadId}`}
              onClick={() => select(u)}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell
                sx={{
                  ...cell,
                  fontWeight: 600,
                  maxWidth: 260,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                }}
              >
                <Box
                  component="button"
                  type="button"
                  aria-pressed={u.uploadId === selectedId}
                  onClick={(e) => {
                    e.stopPropagation();
                    select(u);
                  }}
                  sx={{
                    all: 'unset',
                    cursor: 'pointer',
                    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                  }}
                >
                  <UploadName u={u} />
                </Box>
              </TableCell>
              <TableCell sx={cell}>{sender(u, '-')}</TableCell>
              <TableCell sx={cell}>{when(u.createdAt)}</TableCell>
              <TableCell sx={cell} align="right">
                {n(u.totalRows)}
              </TableCell>
              <TableCell sx={{ ...cell, color: 'success.dark' }} align="right">
                {n(u.success)}
              </TableCell>
              <TableCell sx={{ ...cell, color: u.failed ? 'error.dark' : undefined }} align="right">
                {n(u.failed)}
              </TableCell>
              <TableCell sx={cell} align="right">
                {n(u.pending)}
              </TableCell>
              <TableCell sx={cell}>
                <StateChip u={u} />
              </TableCell>
              <TableCell sx={cell} align="right">
                <ResultsButton u={u} onOpen={onOpenResults} />
              </TableCell>
            </TableRow>
          ))}
        </TableShell>
      )}
      {pages > 1 ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
          <Typography sx={{ fontSize: fontSizes.small, color: 'text.secondary' }}>
            Page {page} of {pages}
          </Typography>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </Box>
      ) : null}
    </Card>
  );
}
