import LockIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  Divider,
  InputAdornment,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useCompanySettings, useSaveThresholds } from './api';
import {
  coerceDays,
  fromDraft,
  MAX_DAYS,
  MIN_DAYS,
  THRESHOLD_FIELDS,
  thresholdError,
  toDraft,
  type ThresholdDraft,
  type ThresholdKey,
  type Thresholds,
} from './thresholds';

/** Order Late Thresholds: editable by company admins, read-only for company users. */
export function ThresholdsCard({ hasCompany, canEdit }: { hasCompany: boolean; canEdit: boolean }) {
  const settings = useCompanySettings(hasCompany);

  return (
    <Card component="section" aria-labelledby="thresholds-title">
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography id="thresholds-title" variant="h3" component="h2">
          Order Late Thresholds
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          How many days an order may stay in each status before it counts as late and shows up in Problem
          Orders.
        </Typography>
      </Box>
      <Divider />
      <Box sx={{ p: 2.5 }}>
        {!hasCompany ? (
          <Typography color="text.secondary">
            Thresholds belong to a company. Join or create a company to set them.
          </Typography>
        ) : settings.isPending ? (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            }}
          >
            {THRESHOLD_FIELDS.map((f) => (
              <Skeleton key={f.key} variant="rounded" height={56} />
            ))}
          </Box>
        ) : settings.isError || !settings.data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                Retry
              </Button>
            }
          >
            Failed to load thresholds
          </Alert>
        ) : (
          <ThresholdsForm key={JSON.stringify(settings.data)} saved={settings.data} canEdit={canEdit} />
        )}
      </Box>
    </Card>
  );
}

function sameThresholds(a: Thresholds, b: Thresholds): boolean {
  return THRESHOLD_FIELDS.every(({ key }) => a[key] === b[key]);
}

export function ThresholdsForm({ saved, canEdit }: { saved: Thresholds; canEdit: boolean }) {
  const [draft, setDraft] = useState<ThresholdDraft>(() => toDraft(saved));
  const save = useSaveThresholds();
  const values = fromDraft(draft);
  const dirty = !sameThresholds(values, saved);
  const errors = Object.fromEntries(
    THRESHOLD_FIELDS.map(({ key }) => [key, thresholdError(draft[key])]),
  ) as Record<ThresholdKey, string | null>;
  const invalid = THRESHOLD_FIELDS.some(({ key }) => errors[key] !== null);

  const setField = (key: ThresholdKey, raw: string) => setDraft((d) => ({ ...d, [key]: raw }));
  // A negative stays as typed, with its message, until it is corrected.
  const normalize = (key: ThresholdKey) =>
    setDraft((d) => (thresholdError(d[key]) ? d : { ...d, [key]: String(coerceDays(d[key])) }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!canEdit || invalid) return;
    setDraft(toDraft(values));
    save.mutate(values);
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Order Late Thresholds">
      {!canEdit ? (
        <Alert severity="info" icon={<LockIcon fontSize="inherit" />} sx={{ mb: 2.5 }}>
          Only company admins can change these thresholds.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        {THRESHOLD_FIELDS.map((f) => (
          <TextField
            key={f.key}
            id={`threshold-${f.key}`}
            label={f.label}
            type="number"
            value={draft[f.key]}
            onChange={(e) => setField(f.key, e.target.value)}
            onBlur={() => normalize(f.key)}
            disabled={!canEdit || save.isPending}
            helperText={errors[f.key] ?? f.help}
            error={errors[f.key] !== null}
            slotProps={{
              htmlInput: { min: MIN_DAYS, max: MAX_DAYS, step: 1, inputMode: 'numeric' },
              input: { endAdornment: <InputAdornment position="end">days</InputAdornment> },
            }}
          />
        ))}
      </Box>
      {canEdit ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3, alignItems: 'center' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!dirty || invalid || save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Save
          </Button>
          {dirty && !save.isPending ? (
            <Button color="inherit" onClick={() => setDraft(toDraft(saved))}>
              Discard changes
            </Button>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            Saving recalculates which orders are late.
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
