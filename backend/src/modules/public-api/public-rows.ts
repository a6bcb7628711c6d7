import { detectCarrier, normalizeCarrier, parseShippingCost } from '@portal/shipment-rules';

/**
 * A row of `POST /api/v1/shipments` as a tool sends it (decision 0067): the order as a Faire id or
 * display id, the tracking number, the carrier (detected from the tracking number when missing), the
 * ship date, and the cost either as a decimal string in the brand's currency (`shippingCost: "7.50"`)
 * or as minor units with their currency (`shippingCostMinor: 750, currency: "USD"`).
 */
export interface PublicShipmentInput {
  orderId?: unknown;
  trackingNumber?: unknown;
  carrier?: unknown;
  shipDate?: unknown;
  shippingCost?: unknown;
  shippingCostMinor?: unknown;
  currency?: unknown;
}

/** A refusal of a row, with the rule's code and words. */
export interface RowRefusal {
  field: string;
  code: string;
  message: string;
}

/** The typed values a row becomes, or why it cannot become any. */
export type PublicRow =
  | {
      ok: true;
      orderId: string;
      trackingNumber: string;
      carrier: string;
      carrierRaw: string;
      shipDate: string;
      shippingCostCents: number;
    }
  | { ok: false; errors: RowRefusal[] };

const TEXT_MAX = 200;

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value : null;
}

/**
 * The typed row for the shared rules (`validateTypedShipment` judges the values; this only reads
 * them), or the refusals of what cannot be read at all: a missing or unreadable cost, a cost in
 * another currency than the brand's, a carrier neither given nor detectable.
 */
export function publicRow(input: unknown, brandCurrency: string): PublicRow {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    return {
      ok: false,
      errors: [{ field: 'row', code: 'NOT_AN_OBJECT', message: 'Each row must be an object' }],
    };
  }
  const row = input as PublicShipmentInput;
  const errors: RowRefusal[] = [];
  const orderId = text(row.orderId) ?? '';
  const trackingNumber = text(row.trackingNumber) ?? '';
  for (const [field, value] of [
    ['orderId', orderId],
    ['trackingNumber', trackingNumber],
  ] as const) {
    if (value.length > TEXT_MAX) {
      errors.push({ field, code: 'TOO_LONG', message: `${field} must be at most ${TEXT_MAX} characters` });
    }
  }
  let carrierRaw = text(row.carrier)?.trim() ?? '';
  let carrier = carrierRaw ? normalizeCarrier(carrierRaw) : '';
  if (!carrierRaw) {
    const detected = trackingNumber ? detectCarrier(trackingNumber) : undefined;
    if (detected) {
      carrier = detected;
      carrierRaw = detected;
    } else if (trackingNumber) {
      errors.push({
        field: 'carrier',
        code: 'CARRIER_NOT_DETECTED',
        message: 'carrier is missing and could not be told from the tracking number: send it',
      });
    }
  }
  if (carrierRaw.length > TEXT_MAX) {
    errors.push({
      field: 'carrier',
      code: 'TOO_LONG',
      message: `carrier must be at most ${TEXT_MAX} characters`,
    });
  }
  let cents: number | null = null;
  if (row.shippingCostMinor !== undefined) {
    const currency = text(row.currency)?.trim().toUpperCase() ?? '';
    if (row.shippingCost !== undefined) {
      errors.push({
        field: 'shippingCost',
        code: 'COST_TWICE',
        message: 'Send the cost once: shippingCost (decimal) or shippingCostMinor with currency',
      });
    } else if (!currency) {
      errors.push({
        field: 'currency',
        code: 'MISSING_CURRENCY',
        message: `currency is required with shippingCostMinor (the brand's currency is ${brandCurrency})`,
      });
    } else if (currency !== brandCurrency) {
      errors.push({
        field: 'currency',
        code: 'OTHER_CURRENCY',
        message: `The cost is in ${currency.slice(0, 3)}; the brand's Faire currency is ${brandCurrency}`,
      });
    } else if (typeof row.shippingCostMinor !== 'number' || !Number.isSafeInteger(row.shippingCostMinor)) {
      errors.push({
        field: 'shippingCostMinor',
        code: 'INVALID_SHIPPING_COST',
        message: 'shippingCostMinor must be a whole number of minor units (750 for 7.50)',
      });
    } else cents = row.shippingCostMinor;
  } else {
    const raw = typeof row.shippingCost === 'string' ? row.shippingCost : undefined;
    const parsed = parseShippingCost(raw);
    if (typeof row.shippingCost === 'number') {
      errors.push({
        field: 'shippingCost',
        code: 'INVALID_SHIPPING_COST',
        message:
          'shippingCost must be a decimal string such as "7.50" (or send shippingCostMinor with currency)',
      });
    } else if (!parsed.ok) {
      errors.push({
        field: 'shippingCost',
        code: parsed.reason === 'missing' ? 'MISSING_SHIPPING_COST' : 'INVALID_SHIPPING_COST',
        message:
          parsed.reason === 'missing'
            ? 'shippingCost is required: a decimal string such as "7.50"'
            : parsed.reason === 'negative'
              ? 'shippingCost cannot be negative'
              : 'shippingCost must be a decimal string such as "7.50"',
      });
    } else cents = parsed.cents;
  }
  const shipDate = text(row.shipDate)?.trim() ?? '';
  if (errors.length || cents === null) return { ok: false, errors };
  return {
    ok: true,
    orderId: orderId.trim().replace(/^#/, ''),
    trackingNumber,
    carrier,
    carrierRaw,
    shipDate: dayOf(shipDate),
    shippingCostCents: cents,
  };
}

/** A moment's UTC date ('2026-12-07T18:00:00Z' -> '2026-12-07'), or the text as given (the rules judge it). */
function dayOf(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString().slice(0, 10);
}
