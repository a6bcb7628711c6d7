import AddIcon from '@mui/icons-material/AddRounded';
import DeleteIcon from '@mui/icons-material/DeleteOutlineRounded';
import { Alert, Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { EXTRA_CARRIER_CODES, FAIRE_CARRIERS, carrierLabel, parseShippingCost } from '@portal/shipment-rules';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api/request';
import { useSaveCostRule } from './api';
import { costRuleKindLabel, costRuleKinds, costRuleText, percentText } from './costRule';
import { rowWord } from './format';
import type { CostRule, CostRuleInput, CostRuleKind, SourceConnection } from './types';

const CARRIERS: readonly string[] = [...FAIRE_CARRIERS, ...EXTRA_CARRIER_CODES];

interface CarrierRow {
  carrier: string;
  amount: string;
}

interface Draft {
  kind: CostRuleKind;
  flat: string;
  percent: string;
  min: string;
  carriers: CarrierRow[];
  other: string;
}

const amountOf = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);

function draftOf(rule: CostRule | undefined, kinds: CostRuleKind[]): Draft {
  const d: Draft = { kind: kinds[0] ?? 'FLAT', flat: '', percent: '', min: '', carriers: [], other: '' };
  if (!rule || !kinds.includes(rule.kind)) return d;
  d.kind = rule.kind;
  if (rule.kind === 'FLAT' || rule.kind === 'LABEL_OR_FLAT') d.flat = amountOf(rule.flatCents);
  if (rule.kind === 'SHARE') {
    d.percent = percentText(rule.basisPoints);
    d.min = amountOf(rule.minCents);
  }
  if (rule.kind === 'PER_CARRIER') {
    d.carriers = Object.entries(rule.carrierCents).map(([carrier, c]) => ({ carrier, amount: amountOf(c) }));
    d.other = amountOf(rule.otherCents);
  }
  return d;
}

/** An amount typed in the connection's currency, as cents; an error in words, or null when empty. */
function cents(raw: string, required: boolean): { cents?: number; error?: string } {
  if (raw.trim() === '') return required ? { error: 'Enter an amount.' } : {};
  const p = parseShippingCost(raw);
  if (p.ok) return { cents: p.cents };
  return {
    error: p.reason === 'negative' ? 'The amount cannot be negative.' : 'Enter an amount such as 8.50.',
  };
}

type Errors = Record<string, string>;

/** The rule to send, or what is wrong with the draft, field by field. */
function inputOf(d: Draft): { input?: CostRuleInput; errors: Errors } {
  const errors: Errors = {};
  const take = (key: string, raw: string, required: boolean) => {
    const r = cents(raw, required);
    if (r.error) errors[key] = r.error;
    return r.cents;
  };
  const input: CostRuleInput = { kind: d.kind };
  if (d.kind === 'FLAT' || d.kind === 'LABEL_OR_FLAT') input.flatCents = take('flat', d.flat, true);
  if (d.kind === 'SHARE') {
    const pct = Number(d.percent.trim().replace(/%$/, ''));
    if (d.percent.trim() === '' || !Number.isFinite(pct) || pct < 0 || pct > 100) {
      errors.percent = 'Enter a percent between 0 and 100.';
    } else if (Math.round(pct * 100) !== pct * 100 && Math.abs(Math.round(pct * 100) - pct * 100) > 1e-6) {
      errors.percent = 'At most 2 decimals.';
    } else input.percent = Math.round(pct * 100) / 100;
    input.minCents = take('min', d.min, false) ?? 0;
  }
  if (d.kind === 'PER_CARRIER') {
    const carrierCents: Record<string, number> = {};
    d.carriers.forEach((row, i) => {
      if (!row.carrier) errors[`carrier-${i}`] = 'Pick a carrier.';
      else if (row.carrier in carrierCents) errors[`carrier-${i}`] = 'This carrier is listed twice.';
      const c = take(`amount-${i}`, row.amount, true);
      if (row.carrier && c !== undefined) carrierCents[row.carrier] = c;
    });
    input.carrierCents = carrierCents;
    const other = take('other', d.other, false);
    if (other !== undefined) input.otherCents = other;
    if (d.carriers.length === 0 && other === undefined && !errors.other) {
      errors.other = 'Name a carrier, or an amount for any carrier.';
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { input, errors };
}

/** A company admin's editor of a connection's cost rule: the kinds the source can use, amounts typed in
 * its currency and sent in cents, the server's refusal shown where the rule was typed. */
export function CostRuleEditor({ connection }: { connection: SourceConnection }) {
  const kinds = costRuleKinds(connection.kind);
  const currency = connection.currency || 'USD';
  const [draft, setDraft] = useState(() => draftOf(connection.costRule, kinds));
  const [tried, setTried] = useState(false);
  const save = useSaveCostRule();
  const { input, errors } = inputOf(draft);
  const shown = (key: string) => (tried ? errors[key] : undefined);
  const id = `cost-rule-${connection.id}`;
  const edit = (patch: Partial<Draft>) => {
    if (save.isError) save.reset();
    setDraft((d) => ({ ...d, ...patch }));
  };
  const setRow = (i: number, patch: Partial<CarrierRow>) =>
    edit({ carriers: draft.carriers.map((r, j) => (j === i ? { ...r, ...patch } : r)) });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (input) save.mutate({ connection, costRule: input }, { onSuccess: () => setTried(false) });
  };

  const amountField = (
    key: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    help = ' ',
  ) => (
    <TextField
      size="small"
      label={`${label} (${currency})`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!shown(key)}
      helperText={shown(key) || help}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ minWidth: 160, flex: '1 1 160px' }}
    />
  );

  return (
    <Box
      component="form"
      aria-labelledby={id}
      onSubmit={onSubmit}
      noValidate
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Box>
        <Typography id={id} variant="body2" sx={{ fontWeight: 600 }}>
          Cost rule
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="cost-rule-text">
          {costRuleText(connection.costRule, connection.kind, currency)}
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        label={`Cost of each ${rowWord(connection.kind)}`}
        value={draft.kind}
        onChange={(e) => edit({ kind: e.target.value as CostRuleKind })}
        sx={{ maxWidth: 360 }}
      >
        {kinds.map((k) => (
          <MenuItem key={k} value={k}>
            {costRuleKindLabel(k, connection.kind)}
          </MenuItem>
        ))}
      </TextField>
      {draft.kind === 'FLAT' || draft.kind === 'LABEL_OR_FLAT' ? (
        <Box sx={{ display: 'flex', maxWidth: 360 }}>
          {amountField('flat', 'Amount', draft.flat, (flat) => edit({ flat }))}
        </Box>
      ) : null}
      {draft.kind === 'SHARE' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, maxWidth: 360 }}>
          <TextField
            size="small"
            label="Share of subtotal (%)"
            value={draft.percent}
            onChange={(e) => edit({ percent: e.target.value })}
            error={!!shown('percent')}
            helperText={shown('percent') || ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ minWidth: 140, flex: '1 1 140px' }}
          />
          {amountField('min', 'At least', draft.min, (min) => edit({ min }), 'Empty: no minimum')}
        </Box>
      ) : null}
      {draft.kind === 'PER_CARRIER' ? (
        <Box sx={{ display: 'grid', gap: 1, maxWidth: 480 }}>
          {draft.carriers.map((row, i) => (
            <Box key={i} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                select
                size="small"
                label="Carrier"
                value={row.carrier}
                onChange={(e) => setRow(i, { carrier: e.target.value })}
                error={!!shown(`carrier-${i}`)}
                helperText={shown(`carrier-${i}`) || ' '}
                sx={{ minWidth: 160, flex: '1 1 160px' }}
              >
                {CARRIERS.map((c) => (
                  <MenuItem key={c} value={c}>
                    {carrierLabel(c)}
                  </MenuItem>
                ))}
              </TextField>
              {amountField(`amount-${i}`, 'Amount', row.amount, (amount) => setRow(i, { amount }))}
              <IconButton
                aria-label={`Remove ${row.carrier ? carrierLabel(row.carrier) : 'carrier'}`}
                onClick={() => edit({ carriers: draft.carriers.filter((_r, j) => j !== i) })}
                sx={{ mt: 0.25 }}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => edit({ carriers: [...draft.carriers, { carrier: '', amount: '' }] })}
            >
              Add carrier
            </Button>
          </Box>
          <Box sx={{ display: 'flex' }}>
            {amountField(
              'other',
              'Any other carrier',
              draft.other,
              (other) => edit({ other }),
              `Empty: ${rowWord(connection.kind, 2)} with another carrier wait in Needs attention`,
            )}
          </Box>
        </Box>
      ) : null}
      {save.isError ? (
        <Alert severity="error" data-testid="cost-rule-error" sx={{ maxWidth: 480 }}>
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save cost rule
        </Button>
      </Box>
    </Box>
  );
}
