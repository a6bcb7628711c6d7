import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useUploadProgress } from './api';
import type { UploadProgress, UploadResult } from './types';

export interface UploadResultsDialogProps {
  result: UploadResult | null;
  onClose: () => void;
  onViewHistory?: () => void;
}

const n = (value: number) => value.toLocaleString('en-US');

function Count({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: number;
  color?: string;
  testId: string;
}) {
  return (
    <Box sx={{ px: 1.75, py: 1, border: 1, borderColor: 'divider', borderRadius: 2, minWidth: 92 }}>
      <Typography sx={{ fontSize: 12, color: 'text.secondary', fontWeight: 500 }}>{label}</Typography>
      <Typography
        data-testid={testId}
        sx={{ fontSize: 20, fontWeight: 700, color: color ?? 'text.primary', lineHeight: 1.3 }}
      >
        {n(value)}
      </Typography>
    </Box>
  );
}

function StatusCount({
  icon,
  label,
  value,
  color,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  color: string;
  testId: string;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color }}>
      {icon}
      <Typography component="span" sx={{ fontSize: 14, color: 'text.primary' }}>
        <Box component="strong" data-testid={testId} sx={{ fontWeight: 700 }}>
          {n(value)}
        </Box>{' '}
        {label}
      </Typography>
    </Box>
  );
}

function ProgressPanel({ progress }: { progress: UploadProgress }) {
  const finished = progress.success + progress.failed;
  const total = progress.shipments + (progress.staged ?? 0);
  const percent = total > 0 ? Math.round((finished / total) * 100) : 100;
  return (
    <Box data-testid="upload-progress">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography sx={{ fontWeight: 600, fontSize: 14 }}>
          {progress.done ? 'Processing complete' : 'Creating shipments on Faire…'}
        </Typography>
        <Typography sx={{ fontSize: 13, color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
          {n(finished)} of {n(total)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={progress.done && progress.failed > 0 ? 'warning' : progress.done ? 'success' : 'primary'}
        aria-label="Processing progress"
        sx={{ height: 8, borderRadius: 4, bgcolor: 'rgba(15,61,62,0.08)' }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 }, mt: 1.5 }}>
        <StatusCount
          icon={<CheckCircleOutlineIcon sx={{ fontSize: 18 }} />}
          label="successful"
          value={progress.success}
          color="success.main"
          testId="progress-success"
        />
        <StatusCount
          icon={<ErrorOutlineIcon sx={{ fontSize: 18 }} />}
          label="failed"
          value={progress.failed}
          color="error.main"
          testId="progress-failed"
        />
        <StatusCount
          icon={<HourglassEmptyIcon sx={{ fontSize: 18 }} />}
          label="pending"
          value={progress.pending}
          color="info.main"
          testId="progress-pending"
        />
      </Box>
      <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mt: 1.25 }}>
        {progress.done
          ? progress.failed > 0
            ? 'Failed shipments can be retried from Shipment History.'
            : 'Every shipment has been processed.'
          : 'You can close this window: processing continues in the background.'}
      </Typography>
    </Box>
  );
}

function Processing({
  result,
  progress,
}: {
  result: UploadResult;
  progress: ReturnType<typeof useUploadProgress>;
}) {
  if (result.validRows === 0) {
    return <Typography color="text.secondary">No valid rows, so no shipments were created.</Typography>;
  }
  if (progress.data) return <ProgressPanel progress={progress.data} />;
  if (progress.isError) {
    return (
      <Alert severity="info">
        Live progress is not available right now. {n(result.queued)} shipments were queued; Shipment History
        shows each one's status.
      </Alert>
    );
  }
  return (
    <Box>
      <Typography sx={{ fontWeight: 600, fontSize: 14, mb: 1 }}>Starting…</Typography>
      <LinearProgress aria-label="Processing progress" sx={{ height: 8, borderRadius: 4 }} />
    </Box>
  );
}

/**
 * After an upload (Reading A): the counts, every row with an issue (row number and message) and the live
 * progress of the shipments being created, polled from `GET /api/shipments/uploads/{id}`.
 */
export function UploadResultsDialog({ result, onClose, onViewHistory }: UploadResultsDialogProps) {
  const progress = useUploadProgress(result && result.validRows > 0 ? result.uploadId : undefined);
  if (!result) return null;
  // A big file's repeats of earlier uploads are only known once its rows are shipments: the live count wins.
  const repeated = progress.data?.duplicateRows ?? result.duplicateRows;
  const invalid = result.preview.invalid;
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
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 2, minWidth: 0 }}>
          <InsertDriveFileOutlinedIcon aria-hidden sx={{ fontSize: 18, color: 'text.secondary' }} />
          <Typography sx={{ fontWeight: 600, fontSize: 14, overflowWrap: 'anywhere' }}>
            {result.filename}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25, mb: 3 }}>
          <Count label="Total rows" value={result.totalRows} testId="result-total" />
          <Count label="Valid" value={result.validRows} color="success.main" testId="result-valid" />
          <Count
            label="With issues"
            value={result.invalidRows}
            color={result.invalidRows > 0 ? 'error.main' : undefined}
            testId="result-invalid"
          />
          {repeated > 0 ? <Count label="Repeated" value={repeated} testId="result-duplicates" /> : null}
        </Box>

        <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'rgba(15,61,62,0.035)', mb: invalid.length ? 3 : 0 }}>
          <Processing result={result} progress={progress} />
        </Box>

        {invalid.length > 0 ? (
          <Box>
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: 15, mb: 1 }}>
              Rows with issues
            </Typography>
            <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: 320 }}>
              <Table size="small" stickyHeader aria-label="Rows with issues">
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 600, bgcolor: '#f3f5f4', width: 64 }}>Row</TableCell>
                    <TableCell
                      sx={{ fontWeight: 600, bgcolor: '#f3f5f4', display: { xs: 'none', sm: 'table-cell' } }}
                    >
                      Order ID
                    </TableCell>
                    <TableCell sx={{ fontWeight: 600, bgcolor: '#f3f5f4' }}>Issue</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {invalid.map((r) => (
                    <TableRow key={r.row} data-testid={`result-invalid-row-${r.row}`}>
                      <TableCell
                        sx={{
                          color: 'text.secondary',
                          fontVariantNumeric: 'tabular-nums',
                          verticalAlign: 'top',
                        }}
                      >
                        {r.row}
                      </TableCell>
                      <TableCell
                        sx={{
                          fontFamily: 'monospace',
                          wordBreak: 'break-all',
                          verticalAlign: 'top',
                          display: { xs: 'none', sm: 'table-cell' },
                        }}
                      >
                        {r.order_id || '-'}
                      </TableCell>
                      <TableCell sx={{ color: 'error.main', verticalAlign: 'top' }}>
                        {r.validation || 'Invalid'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {result.invalidRows > invalid.length ? (
              <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mt: 1 }}>
                Showing the first {n(invalid.length)} of {n(result.invalidRows)} rows with issues
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, pt: 1.5, gap: 1 }}>
        {onViewHistory ? (
          <Button color="inherit" onClick={onViewHistory}>
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
