import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { errorMessage } from '../api/request';
import { isFileSource } from '../shared/sources';
import { SourceTag } from '../shared/SourceLabel';
import { useNow } from '../shared/useNow';
import { useToast } from '../notifications/toast';
import { failedCsvUrl, useRetryFailed, useUploadResults } from './resultsApi';
import { ResultRows, type IssueRow } from './ResultRows';
import { Count, n, Progress, waitingText } from './ResultsProgress';
import { tint } from '../theme/tokens';
import { fontSizes, iconSizes } from '../theme/typography';

export interface UploadResultsViewProps {
  uploadId: string;
  fileName: string;
  /**
   * Rows of the reviewed file with errors the server does not have (a body too big to carry them);
   * listed with the server's rows.
   */
  localIssues?: IssueRow[];
  /** Rows in the file, when more than the server received (reviewed rows: repeats are not sent). */
  fileRows?: number;
  onClose: () => void;
  onViewHistory?: (uploadId: string) => void;
}

/**
 * The one results view of an upload, after Process in the review modal and after a file upload: live
 * progress, counts, every row that is not SUCCESS in file order with its reason, and how to fix and resend.
 */
export function UploadResultsView({
  uploadId,
  fileName,
  localIssues = [],
  fileRows,
  onClose,
  onViewHistory,
}: UploadResultsViewProps) {
  const { summary, issues } = useUploadResults(uploadId);
  const retry = useRetryFailed(uploadId);
  const toast = useToast();
  const s = summary.data;
  const waiting = (s?.waitingOnFaire ?? 0) > 0;
  const now = useNow(waiting ? 1000 : 60_000);
  const fetchedAt = summary.dataUpdatedAt;
  const serverRows: IssueRow[] = (issues.data?.rows ?? []).map((r) => ({
    row: r.row,
    status: r.status,
    orderId: r.orderId,
    displayId: r.displayId,
    trackingNumber: r.trackingNumber,
    waiting: r.waitingOnFaire,
    reason: r.waitingOnFaire
      ? waitingText(r.nextRetryInSeconds, issues.dataUpdatedAt, now, r.lastFault ?? null)
      : (r.reason ?? statusReason(r.status)),
  }));
  const rows = [...localIssues, ...serverRows].sort((a, b) => a.row - b.row);
  const failed = (s?.failed ?? 0) + localIssues.length;
  const moreRows = (issues.data?.total ?? 0) - (issues.data?.rows.length ?? 0);

  const retryAll = () =>
    retry.mutate(undefined, {
      onSuccess: ({ retried }) =>
        toast({
          title: 'Retrying failed rows',
          description: `${retried} ${retried === 1 ? 'row' : 'rows'} sent to Faire again`,
          variant: 'success',
        }),
      onError: (err) =>
        toast({ title: 'Retry Failed', description: errorMessage(err), variant: 'destructive' }),
    });

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="upload-results-title"
      slotProps={{
        paper: {
          sx: { maxHeight: '90vh', m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: undefined } },
        },
      }}
    >
      <DialogTitle id="upload-results-title" sx={{ fontWeight: 700, pb: 0.5 }}>
        Upload Results
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 2, minWidth: 0, flexWrap: 'wrap' }}>
          {s && !isFileSource(s.source) ? (
            <Typography
              component="span"
              data-testid="results-source"
              sx={{ fontSize: fontSizes.body, display: 'inline-flex', gap: 0.75, alignItems: 'center' }}
            >
              Sent by <SourceTag kind={s.source} />
            </Typography>
          ) : (
            <>
              <InsertDriveFileOutlinedIcon
                aria-hidden
                sx={{ fontSize: iconSizes.medium, color: 'text.secondary' }}
              />
              <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body, overflowWrap: 'anywhere' }}>
                {fileName || s?.filename}
              </Typography>
            </>
          )}
          {s?.uploadedBy ? (
            // On a phone the uploader goes on its own line, without a separator left at its start.
            <Typography
              sx={{
                fontSize: fontSizes.compact,
                color: 'text.secondary',
                flexBasis: { xs: '100%', sm: 'auto' },
              }}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                ·{' '}
              </Box>
              {s.uploadedBy},{' '}
              {new Date(s.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
            </Typography>
          ) : null}
        </Box>
        {s ? (
          <Box
            sx={{
              display: 'grid',
              // Two by two on a phone, so a fourth count does not sit alone on a row.
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, max-content)' },
              gap: 1.25,
              mb: 2.5,
            }}
          >
            <Count label="Total rows" value={fileRows ?? s.totalRows} testId="result-total" />
            <Count
              label="Valid"
              value={(fileRows ?? s.totalRows) - localIssues.length - s.invalidRows}
              color="success.main"
              testId="result-valid"
            />
            <Count
              label="With issues"
              value={s.invalidRows + localIssues.length}
              color={s.invalidRows + localIssues.length > 0 ? 'error.main' : undefined}
              testId="result-invalid"
            />
            {s.duplicateRows > 0 ? (
              <Count label="Repeated" value={s.duplicateRows} testId="result-duplicates" />
            ) : null}
          </Box>
        ) : null}

        <Box sx={{ p: 2, borderRadius: 2, bgcolor: tint('ink', 0.035), mb: 2.5 }}>
          {s ? (
            <Progress s={s} notSent={localIssues.length} />
          ) : summary.isError ? (
            <Alert severity="info">
              Live progress is not available right now; Shipment History shows each row's status.
            </Alert>
          ) : (
            <Box>
              <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body, mb: 1 }}>Starting…</Typography>
              <LinearProgress aria-label="Processing progress" sx={{ height: 8, borderRadius: 4 }} />
            </Box>
          )}
        </Box>

        {waiting && s ? (
          <Alert severity="info" data-testid="waiting-on-faire" sx={{ mb: 2.5 }}>
            {s.waitingOnFaire === 1 ? '1 row is' : `${n(s.waitingOnFaire)} rows are`} waiting on Faire.{' '}
            {waitingText(s.nextRetryInSeconds, fetchedAt, now, s.lastFault ?? null)}.
          </Alert>
        ) : null}

        {rows.length > 0 ? (
          <Box sx={{ mb: 2.5 }}>
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: fontSizes.emphasis, mb: 1 }}>
              Rows that need attention
            </Typography>
            <ResultRows rows={rows} />
            {moreRows > 0 ? (
              <Typography sx={{ fontSize: fontSizes.small, color: 'text.secondary', mt: 1 }}>
                {n(moreRows)} more rows are in the failed-rows file.
              </Typography>
            ) : null}
          </Box>
        ) : s?.done && failed === 0 ? (
          <Alert severity="success" sx={{ mb: 2.5 }}>
            Every row was created on Faire.
          </Alert>
        ) : null}

        {s && failed > 0 ? (
          <Box data-testid="fix-and-resend" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
            <Typography sx={{ fontWeight: 700, fontSize: fontSizes.body, mb: 0.5 }}>
              Fix and resend
            </Typography>
            <Typography sx={{ fontSize: fontSizes.compact, color: 'text.secondary', mb: 1.5 }}>
              Download the failed rows, fix them in your spreadsheet and upload that file. Uploading the whole
              file again is safe too: rows already created are recognised by order and tracking number and are
              never sent to Faire twice.
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {s.failed > 0 ? (
                <Button
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  href={failedCsvUrl(uploadId)}
                  download
                >
                  Download failed rows
                </Button>
              ) : null}
              {s.retryable > 0 ? (
                <Button
                  variant="outlined"
                  onClick={retryAll}
                  disabled={retry.isPending}
                  startIcon={
                    retry.isPending ? <CircularProgress size={14} color="inherit" /> : <ReplayIcon />
                  }
                >
                  Retry all failed
                </Button>
              ) : null}
            </Box>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, pt: 1.5, gap: 1 }}>
        {onViewHistory ? (
          <Button color="inherit" onClick={() => onViewHistory(uploadId)}>
            View Shipment History
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function statusReason(status: string): string {
  if (status === 'PENDING') return 'Being created on Faire';
  return 'Failed';
}
