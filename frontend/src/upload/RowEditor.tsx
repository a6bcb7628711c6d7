import { Box, Button, TextField } from '@mui/material';
import { useState } from 'react';
import type { ReviewRow } from './types';

/** The cells of a row a person can fix before sending. */
export interface RowPatch {
  order_id: string;
  tracking_number: string;
  carrier: string;
  ship_date: string;
  shipping_cost: string;
}

const FIELDS: { key: keyof RowPatch; label: string }[] = [
  { key: 'order_id', label: 'Order ID' },
  { key: 'tracking_number', label: 'Tracking #' },
  { key: 'carrier', label: 'Carrier' },
  { key: 'ship_date', label: 'Ship Date' },
  { key: 'shipping_cost', label: 'Shipping Cost' },
];

/** Edits one row's cells; Save re-validates it with the shared rules (done by the caller). */
export function RowEditor({
  row,
  onSave,
  onCancel,
}: {
  row: ReviewRow;
  onSave: (patch: RowPatch) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<RowPatch>({
    order_id: row.order_id,
    tracking_number: row.tracking_number,
    carrier: row.carrier,
    ship_date: row.ship_date,
    shipping_cost: row.shipping_cost,
  });
  return (
    <Box
      component="form"
      aria-label={`Fix row ${row.row}`}
      data-testid={`row-editor-${row.row}`}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(values);
      }}
      sx={{
        display: 'grid',
        gap: 1.25,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(5, minmax(0, 1fr)) auto' },
        alignItems: 'center',
      }}
    >
      {FIELDS.map((f, i) => (
        <TextField
          key={f.key}
          size="small"
          label={f.label}
          value={values[f.key]}
          autoFocus={i === 0}
          onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
          slotProps={{ htmlInput: { 'data-testid': `fix-${f.key}` } }}
        />
      ))}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button size="small" color="inherit" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="small" variant="contained" type="submit">
          Save
        </Button>
      </Box>
    </Box>
  );
}
