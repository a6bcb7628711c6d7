import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { MAPPABLE_FIELDS, type FieldSelection, type ShipmentField } from '@portal/shipment-rules';
import { useState } from 'react';
import { chooseColumn, FIELD_LABELS, initialSelection, isCompleteSelection } from './mappingSelection';
import { fontSizes, iconSizes } from '../theme/typography';

export interface ColumnMappingDialogProps {
  open: boolean;
  fileName?: string;
  /** CSV headers, trimmed and lowercased. */
  headers: string[];
  /** Header -> text as written in the file. */
  labels?: Record<string, string>;
  /** Required columns the file lacks. */
  missing?: ShipmentField[];
  /** Pre-filled choice (`suggestMapping(headers)`). */
  initial: FieldSelection;
  onCancel: () => void;
  onConfirm: (selection: FieldSelection) => void;
}

/**
 * 'Map Your CSV Columns': each of the four mappable fields gets a distinct CSV column. Choosing a column
 * for one field takes it away from another; Continue stays disabled until all four are mapped.
 */
export function ColumnMappingDialog(props: ColumnMappingDialogProps) {
  if (!props.open) return null;
  return <MappingDialogBody {...props} />;
}

function MappingDialogBody({
  fileName,
  headers,
  labels = {},
  missing = [],
  initial,
  onCancel,
  onConfirm,
}: ColumnMappingDialogProps) {
  const [selection, setSelection] = useState<FieldSelection>(() => initialSelection(initial, headers));
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const complete = isCompleteSelection(selection);
  const label = (h: string) => labels[h] || h;

  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="map-columns-title"
    >
      <DialogTitle id="map-columns-title" sx={{ fontWeight: 700, pb: 0.5 }}>
        Map Your CSV Columns
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {fileName ? (
            <>
              <Box
                component="strong"
                sx={{ color: 'text.primary', fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {fileName}
              </Box>{' '}
              does not use the expected column names.
            </>
          ) : (
            'Your file does not use the expected column names.'
          )}{' '}
          Tell us which column holds each field.
        </Typography>
        {missing.includes('shipping_cost') ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            The file has no <code>shipping_cost</code> column, and shipping cost cannot be mapped. Add a{' '}
            <code>shipping_cost</code> column to the file, or every row will be flagged as missing its
            shipping cost.
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2 }}>
          {MAPPABLE_FIELDS.map((field) => {
            const value = selection[field] ?? '';
            return (
              <Box
                key={field}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '180px 24px 1fr' },
                  alignItems: 'center',
                  gap: { xs: 0.75, sm: 1.5 },
                }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <CheckCircleIcon
                    aria-hidden
                    sx={{
                      fontSize: iconSizes.medium,
                      color: value ? 'success.main' : 'divider',
                      transition: 'color 120ms',
                    }}
                  />
                  <Box>
                    <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body }}>
                      {FIELD_LABELS[field]}
                    </Typography>
                    <Typography
                      sx={{ fontSize: fontSizes.caption, color: 'text.secondary', fontFamily: 'monospace' }}
                    >
                      {field}
                    </Typography>
                  </Box>
                </Box>
                <ArrowForwardIcon
                  aria-hidden
                  sx={{
                    display: { xs: 'none', sm: 'block' },
                    color: 'text.disabled',
                    fontSize: iconSizes.medium,
                  }}
                />
                <TextField
                  variant="outlined"
                  select
                  size="small"
                  fullWidth
                  label="CSV column"
                  value={value}
                  onChange={(e) => setSelection((s) => chooseColumn(s, field, e.target.value))}
                  slotProps={{
                    select: { native: true },
                    inputLabel: { shrink: true },
                    htmlInput: {
                      'aria-label': `CSV column for ${FIELD_LABELS[field]}`,
                      'data-testid': `mapping-${field}`,
                    },
                  }}
                >
                  <option value="">Select a column…</option>
                  {headers.map((h) => (
                    <option key={h} value={h}>
                      {label(h)}
                    </option>
                  ))}
                </TextField>
              </Box>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, pt: 1.5 }}>
        <Button color="inherit" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="contained" disabled={!complete} onClick={() => onConfirm(selection)}>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
