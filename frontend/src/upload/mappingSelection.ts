import { MAPPABLE_FIELDS, type FieldSelection, type MappableField } from '@portal/shipment-rules';

export const FIELD_LABELS: Record<MappableField, string> = {
  order_id: 'Order ID',
  tracking_number: 'Tracking Number',
  carrier: 'Carrier',
  ship_date: 'Ship Date',
};

/**
 * Picks `column` for `field`; a column belongs to one field only, so any other field holding it is
 * cleared. An empty column unmaps the field.
 */
export function chooseColumn(
  selection: FieldSelection,
  field: MappableField,
  column: string,
): FieldSelection {
  const next: FieldSelection = {};
  for (const f of MAPPABLE_FIELDS) {
    const current = selection[f];
    if (f === field || current === undefined || current === column) continue;
    next[f] = current;
  }
  if (column) next[field] = column;
  return next;
}

/** Every mappable field has a column, and no column is used twice. */
export function isCompleteSelection(selection: FieldSelection): boolean {
  const columns = MAPPABLE_FIELDS.map((f) => selection[f]);
  return columns.every((c) => !!c) && new Set(columns).size === columns.length;
}

/** Only the mappable fields, and only columns present in the file. */
export function initialSelection(suggested: FieldSelection, headers: readonly string[]): FieldSelection {
  const next: FieldSelection = {};
  for (const f of MAPPABLE_FIELDS) {
    const c = suggested[f];
    if (c !== undefined && headers.includes(c)) next[f] = c;
  }
  return next;
}
